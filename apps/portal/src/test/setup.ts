import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, loadPageTexts } from '@/shared/i18n/i18n';
import { useSessionStore } from '@/shared/session/session-store';
import { setSettings, defaultSettings } from '@/shared/config/settings';
import { useToastStore } from '@/shared/toasts/toast-store';
import { useShellStore } from '@/features/shell/lib/shell-store';
import { startShellSettings } from '@/shared/shell-settings/shell-settings';

// Lazy routes load their chunk first; on a loaded 2-core CI machine that can take over the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

await initI18n('en');
// Components are rendered without their lazy routes: every page's texts are there from the start.
await loadPageTexts();

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  useSessionStore.setState({ status: 'checking', role: [], user: null, lastLogin: null, pinCode: null, pushesFrom: null });
  useToastStore.setState({ toasts: [] });
  useShellStore.setState({ mobileNavbarOpen: false });
  setSettings(defaultSettings);
  startShellSettings();
  await initI18n('en');
});
