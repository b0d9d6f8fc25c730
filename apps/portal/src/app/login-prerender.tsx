// Rendered in Node at build time (vite.config.ts `prerenderLogin`), never in the browser: /login's first
// view as HTML, in each language, with the styles it needs inline (docs/architecture.md "First view").
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { isRtl, languages, type LanguageId } from '@/shared/i18n/languages';
import { DEFAULT_SCHEME_ID } from '@/shared/theme/scheme-palettes';
import { appTheme } from '@/shared/theme/theme';
import { prerenderedStyleAttribute } from './prerendered-page';

const texts: Record<LanguageId, () => Promise<Record<string, unknown>>> = {
  en: () => import('@/shared/i18n/locales/en').then((m) => m.en),
  tr: () => import('@/shared/i18n/locales/tr').then((m) => m.tr),
  ar: () => import('@/shared/i18n/locales/ar').then((m) => m.ar),
};

/** Every language the portal speaks, each page's `lang` and `dir`. */
export const pageLanguages = languages.map(({ id, rtl }) => ({ id, dir: rtl ? 'rtl' : 'ltr' }));

/**
 * /login as a guest with no stored choices sees it (the default settings, colour scheme and direction
 * of the language): the markup of the page inside the app's theme, and its styles as one style element
 * for the head, removed when the app has rendered. Not inline before the elements they style (emotion's server rendering without a
 * document): those style elements are siblings of the page's elements, so selectors such as a Stack's
 * `> :not(style) ~ :not(style)` lay the page out otherwise until emotion's browser cache moves them into
 * the head as the app's code loads, and the card shifted. The app replaces the page when it starts
 * (app/main.tsx).
 */
export async function renderLoginPage(language: LanguageId): Promise<{ markup: string; styles: string }> {
  const direction = isRtl(language) ? 'rtl' : 'ltr';
  // The keys of the browser's caches (shared/theme/emotion-caches.ts), so the class names match.
  const cache =
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [(await import('stylis-plugin-rtl')).default] })
      : createCache({ key: 'mui' });
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await texts[language]() } },
    keySeparator: '.',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _ns, key) => {
      throw new Error(`login-prerender: missing translation key "${key}" for ${language}`);
    },
  });
  // Emotion keeps what it would inline in cache.inserted instead (as @emotion/server's extraction does).
  cache.compat = true;
  const theme = appTheme(direction, DEFAULT_SCHEME_ID, { animations: true, customScrollbars: true }, true);
  const markup = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <CacheProvider value={cache}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <MemoryRouter initialEntries={['/login']}>
              <LoginPage />
            </MemoryRouter>
          </ThemeProvider>
        </CacheProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const inserted = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // Not marked data-emotion: the app's caches neither adopt nor move it; it goes when the app has
  // rendered its own (prerendered-page.ts), so the player's theme is not under the default one.
  const styles = `<style ${prerenderedStyleAttribute}>${inserted.map(([, css]) => css).join('')}</style>`;
  return { markup, styles };
}
