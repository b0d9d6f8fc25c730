import { getShellSettings } from '@/shared/shell-settings/shell-settings';
import { loadEmotionCache } from './emotion-caches';
import { DEFAULT_SCHEME_ID, loadColorSchemes } from './scheme-palettes';

/**
 * What the first render (app/main.tsx) needs for the saved settings, so that a reload shows them at once (no flash of
 * the default): the colour scheme table when a part has another scheme than the default, and the
 * right-to-left styles when the player chose that direction. A failed download leaves the defaults.
 */
export async function prepareTheme(settings = getShellSettings()): Promise<void> {
  const schemes = Object.values(settings.themes).some((id) => id !== DEFAULT_SCHEME_ID) ? loadColorSchemes() : undefined;
  const direction = settings.direction === 'auto' ? undefined : loadEmotionCache(settings.direction);
  await Promise.all([schemes, direction]).catch(() => {});
}
