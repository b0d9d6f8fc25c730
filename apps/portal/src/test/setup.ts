import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { StoreApi } from 'zustand';
import { initI18n, loadPageTexts } from '@/shared/i18n/i18n';
import { useSessionStore } from '@/shared/session/session-store';
import { setSettings, defaultSettings } from '@/shared/config/settings';
import { useToastStore } from '@/shared/toasts/toast-store';
import { useShellStore } from '@/features/shell/lib/shell-store';
import { startShellSettings } from '@/shared/shell-settings/shell-settings';
import { useLivePushes } from '@/shared/session/live-pushes';
import { useGameStore } from '@/features/game/lib/game-store';
import { useReconnectStore } from '@/features/game/lib/reconnect-store';
import { useRealityCheckStore } from '@/features/game/lib/reality-check-store';
import { useWalletUi } from '@/features/wallet/lib/wallet-store';
import { useChatPanelStore } from '@/features/chat/lib/chat-panel-store';
import { useQuickPanelStore } from '@/features/quick-panel/lib/quick-panel-store';
import { emotionCacheFor, isEmotionCacheLoaded } from '@/shared/theme/emotion-caches';
import { stopWhatTheTestStarted } from './after-test';
import { takeUnanswered } from './fetch-mock';

// Lazy routes load their chunk first; on a loaded 2-core CI machine that can take over the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

await initI18n('en');
// Components are rendered without their lazy routes: every page's texts are there from the start.
await loadPageTexts();
// The files of a worker share its modules and its happy-dom window (docs/testing.md "Modules loaded once a
// worker"): what one test leaves in them, the next file would start with.
const resetStore = <T>(store: StoreApi<T>) => store.setState(store.getInitialState(), true);

afterEach(async () => {
  cleanup();
  await stopWhatTheTestStarted();
  if (vi.isFakeTimers()) vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; path=/; max-age=0`;
  }
  window.history.replaceState(null, '', '/');
  // What a test rendered added its styles to the head, once per cache; the window's getComputedStyle goes
  // through every one of them. Emptied as @emotion/css's flush() does, the next render adds its own again.
  for (const direction of ['ltr', 'rtl'] as const) {
    if (!isEmotionCacheLoaded(direction)) continue;
    const cache = emotionCacheFor(direction);
    cache.sheet.flush();
    cache.inserted = {};
    cache.registered = {};
  }
  resetStore(useLivePushes);
  resetStore(useGameStore);
  resetStore(useReconnectStore);
  resetStore(useRealityCheckStore);
  resetStore(useWalletUi);
  resetStore(useChatPanelStore);
  resetStore(useQuickPanelStore);
  useSessionStore.setState({ status: 'checking', role: [], user: null, lastLogin: null, pinCode: null, pushesFrom: null });
  useToastStore.setState({ toasts: [] });
  useShellStore.setState({ mobileNavbarOpen: false });
  setSettings(defaultSettings);
  startShellSettings();
  await initI18n('en');
  // Last, so that what comes before has reset the worker for the next file whatever this says.
  const unanswered = takeUnanswered();
  if (unanswered.length)
    throw new Error(`No handler answered ${unanswered.join(', ')}: give the test's mockFetch an answer for each (fetch-mock.ts).`);
});
