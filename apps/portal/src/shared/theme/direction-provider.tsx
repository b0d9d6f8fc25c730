import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { applyDocumentLanguage, setDirectionOverride } from '@/shared/i18n/i18n';
import { isRtl } from '@/shared/i18n/languages';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { emotionCacheFor, isEmotionCacheLoaded, loadEmotionCache } from './emotion-caches';
import { DEFAULT_SCHEME_ID, useSchemesReady } from './scheme-palettes';
import { appTheme, withOuterViewport, type Direction, type ThemeOptions } from './theme';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (listener: () => void) => {
  const query = window.matchMedia?.(reducedMotionQuery);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const prefersReducedMotion = () => window.matchMedia?.(reducedMotionQuery).matches ?? false;

/** Animations, scrollbars and the classic look as the settings say (no animations for a system that asks for reduced motion). */
export function useThemeOptions(): ThemeOptions {
  const animations = useShellSettings((settings) => settings.animations);
  const customScrollbars = useShellSettings((settings) => settings.customScrollbars);
  const retro = useShellSettings((settings) => settings.quickSettings.retroThrusters);
  const reduced = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  return { animations: animations && !reduced, customScrollbars, retro };
}

/**
 * The direction shown: the settings' (ltr, rtl) or, on auto, the language's. Right-to-left waits for
 * its emotion cache (stylis-plugin-rtl), which it loads.
 */
function useDirection(): { direction: Direction; override: Direction | null } {
  const { i18n } = useTranslation();
  const setting = useShellSettings((settings) => settings.direction);
  const override = setting === 'auto' ? null : setting;
  const wanted: Direction = override ?? (isRtl(i18n.language) ? 'rtl' : 'ltr');
  const [, setLoaded] = useState(0);
  const ready = isEmotionCacheLoaded(wanted);
  useEffect(() => {
    if (!ready) void loadEmotionCache(wanted).then(() => setLoaded((count) => count + 1));
  }, [ready, wanted]);
  const direction = ready ? wanted : wanted === 'rtl' ? 'ltr' : 'rtl';
  // <html lang dir> says what is shown, before the browser paints it.
  useLayoutEffect(() => {
    setDirectionOverride(override);
    applyDocumentLanguage(i18n.language, document, direction);
    return () => setDirectionOverride(null);
  }, [override, direction, i18n.language]);
  return { direction, override };
}

/**
 * The app's theme (SPEC §2 settings panel): the main colour scheme, animations and scrollbars the
 * player chose, in the direction shown, with the matching emotion cache. The navbar, toolbar and
 * footer have their own scheme (PartTheme).
 */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const { direction } = useDirection();
  const scheme = useShellSettings((settings) => settings.themes.main);
  const ready = useSchemesReady([scheme]);
  const options = useThemeOptions();
  const theme = appTheme(direction, scheme, options, ready);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Keeps a screen in the default dark scheme whatever the player chose (the game screen frames a video). */
export function DarkTheme({ children }: { children: ReactNode }) {
  const options = useThemeOptions();
  const darkThemeOf = (outer: Theme): Theme => withOuterViewport(appTheme(outer.direction, DEFAULT_SCHEME_ID, options, true), outer);
  return (
    <ThemeProvider theme={darkThemeOf}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
