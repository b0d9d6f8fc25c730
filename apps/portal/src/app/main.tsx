import './zod-no-eval';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { checkStoredToken } from '@/features/auth/lib/check-stored-token';
import { judgeThisBrowser } from '@/features/door/lib/browser-rule';
import { loadSettings } from '@/shared/config/settings';
import { initI18n, pickLanguage } from '@/shared/i18n/i18n';
import { captureTokenFromUrl } from '@/shared/session/token-storage';
import { appShownIn, dropPrerenderedPage, keepPrerenderedPage } from './prerendered-page';

/** Runs `onMount` once the app's first render is on the page (React replaced what was in the container). */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useLayoutEffect(onMount, [onMount]);
  return children;
}

/**
 * SPEC §4 app start: settings file, API base, language, then the browser rule and, when it is on, the
 * IP check (features/door: a notice, the blocked screen or the network-error alert instead of the
 * app), then the stored-token check behind a splash.
 */
async function start() {
  captureTokenFromUrl();
  // The app chunk downloads while the settings file is fetched.
  const app = import('./app');
  const settings = await loadSettings();
  const language = pickLanguage(settings.defaultLanguage);
  const messages = initI18n(language);
  // This browser's copy of the theme settings (the stored token's player's, else a guest's) may need
  // the colour scheme table or the right-to-left styles for its first paint.
  const ready = Promise.all([app, messages]).then(async ([loaded]) => (await loaded.prepareTheme(), loaded));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const prerendered = keepPrerenderedPage(container, language);
  const root = createRoot(container);

  const browser = judgeThisBrowser();
  if (browser !== 'app' || settings.ipCheck) {
    dropPrerenderedPage(container);
    // Nothing signs in before the platform has let this visitor in: a blocked one sees why, not a logout.
    const door = import('@/features/door/open-door').then(({ openDoor }) => openDoor(browser, settings.apiBaseUrl, root, ready));
    if (!(await door)) return;
  }
  // The stored-token check needs only the API base: its request goes out while the messages and the
  // app are still downloading (a message it shows waits for them), and the splash waits for its answer.
  const checked = checkStoredToken(Date.now(), messages);
  const { App, pageShownWithData } = await ready;
  // Over a prerendered page, the app's first render is that page (its code loaded, and on /lobby the
  // player signed in and the machines answered), not an empty frame, the splash or a loading state.
  // Over the platform's splash, it is the app's own splash, at once.
  if (prerendered === 'page') await Promise.all([pageShownWithData(), checked]);
  // A transition: React renders the app in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task (the page on screen, prerendered or the splash, stays until
  // the whole app is ready to replace it).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Mounted onMount={() => appShownIn(container)}>
          <App />
        </Mounted>
      </StrictMode>,
    ),
  );
}

void start();
