import { getAccessToken } from '@/shared/session/token-storage';
import { loadedCacheKeys } from '@/shared/theme/emotion-caches';

/** The attribute of the style element that keeps a prerendered page hidden until it is whole (prerender.tsx). */
export const prerenderedStyleAttribute = 'data-prerendered-styles';

/** The pages the platform sends already rendered, and whether the app shows them to a browser with a stored token. */
const forSignedIn: Record<string, boolean> = { '/login': false, '/lobby': true };

/**
 * What of the platform's first view stays on screen until the app's first render: a `page` (the app
 * renders over it once it can show the same page, with its data), the `splash` (the app's own first
 * render is the same splash), or nothing (`null`: the container is the app's at once).
 */
export type KeptFirstView = 'page' | 'splash' | null;

/**
 * A page the platform sent already rendered (/login at build, /lobby per request: vite.config.ts
 * `prerenderFirstViews`) stays on screen, inert (nothing on it can be typed into or pressed: its form
 * and buttons are not the app's yet), until the app shows the same page over it. It goes at once when
 * the app will show something else: another language than the one it was rendered in, a stored session
 * on /login (a signed-in player's /login moves on), none on /lobby (the visitor goes to /login). The
 * splash the platform sends for every other page (SPEC §4: the app shows it first, whatever the page and
 * the session) stays in the same language and goes in the app's first render.
 */
export function keepPrerenderedPage(container: HTMLElement, language: string, location: Location = window.location): KeptFirstView {
  const rendered = container.dataset.prerendered;
  if (rendered === undefined) return null;
  if (rendered === `splash ${language}`) return 'splash';
  if (rendered === `${location.pathname} ${language}` && forSignedIn[location.pathname] === (getAccessToken() !== null)) return 'page';
  dropPrerenderedPage(container);
  return null;
}

/** Empties the container the app renders into, for the app to render into. */
export function dropPrerenderedPage(container: HTMLElement): void {
  container.replaceChildren();
  appShownIn(container);
}

/**
 * Once the app's first render has replaced the prerendered page: the container is the app's, and so are
 * the styles. The page's styles (prerender.tsx) were adopted by the app's emotion caches, and a Global's
 * by the app's Global of the same styles, which clears the names from its element's `data-emotion`;
 * what is still marked with names was adopted by nothing (a Global of another theme, or the other
 * direction's styles) and goes: the page's default-theme body font and colour scheme would otherwise
 * stay under the player's.
 */
export function appShownIn(container: HTMLElement): void {
  container.removeAttribute('inert');
  delete container.dataset.prerendered;
  for (const style of document.querySelectorAll(`style[${prerenderedStyleAttribute}]`)) style.remove();
  const adopting = loadedCacheKeys();
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    const [key = '', ...names] = (style.dataset.emotion ?? '').split(' ');
    if (names.length > 0 && (key.endsWith('-global') || !adopting.includes(key))) style.remove();
  }
}
