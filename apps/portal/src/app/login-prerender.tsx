// Rendered in Node at build time (vite.config.ts `prerenderFirstViews`), never in the browser: /login's first
// view, and the splash every other page starts with, as HTML in each language (docs/architecture.md "First view").
import { MemoryRouter } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SplashScreen } from '@/shared/components/splash-screen';
import type { LanguageId } from '@/shared/i18n/languages';
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
