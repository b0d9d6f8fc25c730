// Rendered in Node at build time (vite.config.ts `prerenderLogin`), never in the browser: /login's first
// view as HTML, in each language (docs/architecture.md "First view").
import { MemoryRouter } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
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
