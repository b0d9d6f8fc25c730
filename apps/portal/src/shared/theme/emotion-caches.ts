import createCache, { type EmotionCache } from '@emotion/cache';

type Direction = 'ltr' | 'rtl';

const caches: Partial<Record<Direction, EmotionCache>> = { ltr: createCache({ key: 'mui' }) };

/**
 * Makes the emotion cache of a direction ready. The RTL one flips every style with
 * stylis-plugin-rtl, which only right-to-left visitors download: call this before showing a
 * right-to-left language.
 */
export async function loadEmotionCache(direction: Direction): Promise<void> {
  if (caches[direction]) return;
  const { default: rtlPlugin } = await import('stylis-plugin-rtl');
  caches.rtl ??= createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
}

/** Whether loadEmotionCache(direction) has finished. */
export const isEmotionCacheLoaded = (direction: Direction): boolean => caches[direction] !== undefined;

/** The keys of the caches made so far: each has adopted the server's styles of its key (app/prerender.tsx). */
export const loadedCacheKeys = (): string[] => Object.values(caches).map((cache) => cache.key);

/** One emotion cache per direction, loaded by loadEmotionCache. */
export function emotionCacheFor(direction: Direction): EmotionCache {
  const cache = caches[direction];
  if (!cache) throw new Error(`The ${direction} styles are not loaded: await loadEmotionCache('${direction}') first`);
  return cache;
}
