// Rendered in Node at build time (vite.config.ts `prerenderFirstViews`), never in the browser: /login's first
// view, and the splash every other page starts with, as HTML in each language (docs/architecture.md "First view").
import { MemoryRouter, Route, Routes } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SplashScreen } from '@/shared/components/splash-screen';
import type { LanguageId } from '@/shared/i18n/languages';
import { arPages } from '@/shared/i18n/locales/ar-pages';
import { enPages } from '@/shared/i18n/locales/en-pages';
import { trPages } from '@/shared/i18n/locales/tr-pages';
import { GameRoute } from './game-route';
import { renderInAppTheme, type RenderedPage } from './prerender';

export { pageDocument, pageLanguages } from './prerender';

/** /login as a guest with no stored choices sees it (the default settings); the app replaces it when it starts. */
export function renderLoginPage(language: LanguageId): Promise<RenderedPage> {
  return renderInAppTheme(
    language,
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

/**
 * The splash the app shows first on any other page, while its code loads and the stored token is checked
 * (SPEC §4), in the default look; the app's own splash replaces it in the same place.
 */
export function renderSplash(language: LanguageId): Promise<RenderedPage> {
  return renderInAppTheme(language, <SplashScreen />);
}

const pageTexts: Record<LanguageId, Record<string, unknown>> = { en: enPages, tr: trPages, ar: arPages };

/**
 * The splash for /game/:gameId/:name: the same splash, and under it, hidden, the game screen the app shows
 * after it (a phone's, held upright: most players' screen). Its styles, every layer's, are for the app's
 * emotion cache to adopt, so the screen's first commit does not compile and insert them; its markup is laid
 * out unseen while the app's scripts download, so the browser finds the screen's fonts then (each family,
 * size and weight: on this Linux host 105 of the 150 ms of the screen's first layout at 4x CPU in a trace),
 * not in the layout after the app's first commit. Rendered with no machine and no balance, as the app's
 * first render of the screen has them. The app's first render replaces both (app/main.tsx).
 */
export function renderGameSplash(language: LanguageId): Promise<RenderedPage> {
  return renderInAppTheme(
    language,
    <>
      <SplashScreen />
      <div aria-hidden="true" style={{ visibility: 'hidden', position: 'fixed', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}>
        <MemoryRouter initialEntries={['/game/1/Machine']}>
          <Routes>
            <Route path="/game/:gameId/:name" element={<GameRoute />} />
          </Routes>
        </MemoryRouter>
      </div>
    </>,
    { viewport: { width: 412, height: 823 }, pageTexts: pageTexts[language], everyStyle: true },
  );
}
