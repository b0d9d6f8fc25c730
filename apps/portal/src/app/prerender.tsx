// Rendered in Node, never in the browser (login-prerender.tsx at build, lobby-prerender.tsx per request):
// a first view as HTML in the app's theme, with the styles it needs (docs/architecture.md "First view").
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import stylisRtl from 'stylis-plugin-rtl';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { UserSettings } from '@reelcast/protocol';
import { isRtl, languages, type LanguageId } from '@/shared/i18n/languages';
import { en } from '@/shared/i18n/locales/en';
import { tr } from '@/shared/i18n/locales/tr';
import { ar } from '@/shared/i18n/locales/ar';
import { resolveShellSettings, ServerShellSettings } from '@/shared/shell-settings/shell-settings';
import { DEFAULT_SCHEME_ID, loadColorSchemes } from '@/shared/theme/scheme-palettes';
import { appTheme } from '@/shared/theme/theme';
import { prerenderedStyleAttribute } from './prerendered-page';

const texts: Record<LanguageId, Record<string, unknown>> = { en, tr, ar };

/** Every language the portal speaks, each page's `lang` and `dir`. */
export const pageLanguages = languages.map(({ id, rtl }) => ({ id, dir: rtl ? 'rtl' : 'ltr' }));

/** A first view's markup, its styles (emotion's style elements for the head) and its direction (`<html dir>`). */
export type RenderedPage = { markup: string; styles: string; dir: 'ltr' | 'rtl' };

/**
 * The viewport a first view is laid out for (MUI's media queries in JavaScript answer as there): /lobby's
 * is a wide screen's, and what a narrower screen shows otherwise the page's CSS media queries hide
 * (features/shell/lib/server-render.ts); the game screen's styles are a phone's, held upright.
 */
export type PrerenderViewport = { width: number; height?: number };

/**
 * Whether a media query of the features MUI's and the portal's queries use (`(min-width:600px)`,
 * `(max-height: 500px)`, `(orientation: portrait)`, joined by `and`) holds in `viewport`; one about the
 * height or the orientation does not in a viewport of no height (the lobby's: only its width is decided).
 */
export function matchesViewport(query: string, { width, height }: PrerenderViewport): boolean {
  const conditions = [...query.matchAll(/\(\s*([a-z-]+)\s*:\s*([\w.]+)\s*\)/g)];
  const holds = ([, feature = '', value = '']: RegExpMatchArray) => {
    if (feature === 'orientation') return height !== undefined && value === (height >= width ? 'portrait' : 'landscape');
    const [side, dimension] = feature.split('-');
    const size = dimension === 'width' ? width : dimension === 'height' ? height : undefined;
    const px = /^([\d.]+)px$/.exec(value)?.[1];
    if (px === undefined || size === undefined) return false;
    return side === 'min' ? size >= Number(px) : side === 'max' ? size <= Number(px) : false;
  };
  return conditions.length > 0 && conditions.every(holds);
}

/**
 * `page` in the `look` of the browser asking (its saved layout, colour schemes, direction, scrollbars
 * and animations, from its look cookie; the defaults without one) and, for a signed-in page, the
 * stores the caller has set: its markup inside the app's theme, its direction (`look`'s, else the
 * language's), and its styles as emotion's style elements for the head, which the app adopts. Not inline before
 * the elements they style (emotion's server rendering without a document): those style elements are
 * siblings of the page's elements, so selectors such as a Stack's `> :not(style) ~ :not(style)` lay the
 * page out otherwise until emotion's browser cache moves them into the head as the app's code loads, and
 * the page shifted. The app replaces the page when it starts (app/main.tsx). `everyStyle`: the styles of
 * every layer of a composed component too, not only the classes in the markup (an IconButton's own class,
 * which its ButtonBase merges into the one the element carries): the app renders each layer and would
 * insert those (47 rules by the game screen's first frame); `pageTexts`: the texts it needs beyond the
 * first load's (those shared/i18n `loadPageTexts` adds).
 */
export async function renderInAppTheme(
  language: LanguageId,
  page: ReactNode,
  {
    queryClient = new QueryClient(),
    viewport,
    look = {},
    everyStyle = false,
    pageTexts,
  }: {
    queryClient?: QueryClient;
    viewport?: PrerenderViewport;
    look?: UserSettings;
    everyStyle?: boolean;
    pageTexts?: Record<string, unknown>;
  } = {},
): Promise<RenderedPage> {
  const settings = resolveShellSettings(look);
  const direction = settings.direction === 'auto' ? (isRtl(language) ? 'rtl' : 'ltr') : settings.direction;
  // The table of the other colour schemes (part of this file in Node), before the render reads it.
  if (Object.values(settings.themes).some((id) => id !== DEFAULT_SCHEME_ID)) await loadColorSchemes();
  // The keys of the browser's caches (shared/theme/emotion-caches.ts), so the class names match.
  const cache = direction === 'rtl' ? createCache({ key: 'muirtl', stylisPlugins: [stylisRtl] }) : createCache({ key: 'mui' });
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: texts[language] } },
    keySeparator: '.',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _ns, key) => {
      throw new Error(`prerender: missing translation key "${key}" for ${language}`);
    },
  });
  if (pageTexts) i18n.addResourceBundle(language, 'translation', pageTexts, true, false);
  // Puts the cache in compat mode: emotion keeps what it would inline in cache.inserted instead.
  const server = createEmotionServer(cache);
  const base = appTheme(
    direction,
    settings.themes.main,
    { animations: settings.animations, customScrollbars: settings.customScrollbars, retro: settings.quickSettings.retroThrusters },
    true,
  );
  const theme = viewport
    ? {
        ...base,
        components: {
          ...base.components,
          MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: matchesViewport(query, viewport) }) } },
        },
      }
    : base;
  const inTheme = (node: ReactNode) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <CacheProvider value={cache}>
            <ThemeProvider theme={theme}>
              <ServerShellSettings value={settings}>
                <CssBaseline enableColorScheme />
                {node}
              </ServerShellSettings>
            </ThemeProvider>
          </CacheProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  const markup = inTheme(page);
  // Emotion's extraction keeps the styles whose class names the HTML it is given holds.
  const everyClass = everyStyle ? Object.keys(cache.inserted).map((name) => ` ${cache.key}-${name}`) : [];
  // Marked as emotion's server rendering marks them, so the app's caches adopt them (shared/theme/
  // emotion-caches.ts): what the app renders the same is not compiled and inserted again at the takeover.
  // A Global's (CssBaseline's body font and colour scheme) is adopted only by a Global of the same
  // styles; the app removes the ones no Global adopted (prerendered-page.ts `appShownIn`), so a player's
  // theme is not under the default one.
  const styles = server.constructStyleTagsFromChunks(server.extractCriticalToChunks(markup + everyClass.join('')));
  return { markup, styles, dir: direction };
}

/**
 * Follows a prerendered page's markup, outside #root (inside it, the takeover of the lobby at 390 px
 * shifted by 0.33 in login-first-view.e2e). Until it is parsed the page is not drawn (`wholePageOnly`):
 * a parser that yields to the screen halfway through the page (a slow phone, a line that delivers it in
 * pieces) would draw its first half, and the centred sign-in card or the lobby's grid would move as the
 * rest arrived (a layout shift of 0.07–0.13 at 390 px, seen with the CPU slowed 8–12 times).
 */
const pageEnd = '<i data-first-view-end hidden></i>';
const wholePageOnly = `<style ${prerenderedStyleAttribute}>#root[data-prerendered]:not(:has(+ [data-first-view-end])){display:none}</style>`;

/**
 * The portal's index.html with a page rendered in it: `lang` and `dir` from the first byte, the page's
 * styles in the head, its markup in #root, marked with its path and language and inert until the app
 * takes it over (prerendered-page.ts), and drawn only once all of it is parsed (`pageEnd`). The image
 * preloads React writes before the markup (the pictures not loaded lazily: the logo, the lobby's first
 * row) go first in the head, so those downloads start before the scripts' and are not behind them on a
 * slow line.
 */
export function pageDocument(html: string, path: string, language: LanguageId, page: RenderedPage): string {
  const { dir } = page;
  const preloads = /^(?:<link rel="preload"[^>]*\/>)*/.exec(page.markup)?.[0] ?? '';
  const markup = page.markup.slice(preloads.length);
  for (const part of ['<html lang="tr" dir="ltr">', '<meta charset="UTF-8" />', '<div id="root"></div>'])
    if (!html.includes(part)) throw new Error(`prerender: index.html lacks ${part}`);
  return html
    .replace('<html lang="tr" dir="ltr">', `<html lang="${language}" dir="${dir}">`)
    .replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />${preloads}`)
    .replace('</head>', () => `${wholePageOnly}${page.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${path} ${language}" inert>${markup}</div>${pageEnd}`);
}
