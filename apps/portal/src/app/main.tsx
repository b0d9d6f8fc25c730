import './zod-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { checkStoredToken } from '@/features/auth/lib/check-stored-token';
import { loadSettings } from '@/shared/config/settings';
import { initI18n, pickLanguage } from '@/shared/i18n/i18n';
import { captureTokenFromUrl } from '@/shared/session/token-storage';
import { startShellSettings } from '@/shared/shell-settings/shell-settings';
import { prepareTheme } from '@/shared/theme/prepare-theme';

/** SPEC §4 app start: settings file, API base, language, then the stored-token check behind a splash. */
async function start() {
  captureTokenFromUrl();
  // The app chunk downloads while the settings file is fetched.
  const app = import('./app');
  const settings = await loadSettings();
  // This browser's copy of the theme settings (the stored token's player's, else a guest's), and what
  // their first paint needs.
  const theme = prepareTheme(startShellSettings());
  const messages = initI18n(pickLanguage(settings.defaultLanguage));
  // The stored-token check needs only the API base: its request goes out while the messages and the
  // app are still downloading (a message it shows waits for them), and the splash waits for its answer.
  void checkStoredToken(Date.now(), messages);
  await messages;
  await theme;
  const { App } = await app;
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
