import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LiveChatLoader } from '@/features/live-chat/components/live-chat-loader';
import { PinLockLoader } from '@/features/pin-lock/components/pin-lock-loader';
import { useSettingsSync } from '@/features/profile/lib/use-settings-sync';
import { i18n } from '@/shared/i18n/i18n';
import { useSessionStore } from '@/shared/session/session-store';
import { DirectionProvider } from '@/shared/theme/direction-provider';
import { Toaster } from '@/shared/toasts/toaster';
import { NotificationSocket, type ConnectSocket } from './notification-socket';
import { createQueryClient } from './query-client';

/** SPEC §4 logout for the idle lock's Logout button and its wrong-PIN limit; the logout page's code comes when it is used. */
const logoutNow = () => import('@/features/auth/pages/logout-page').then((page) => page.performLogout());

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  connectSocket?: ConnectSocket;
  /** Resolves once the first page is on screen (app.tsx: the router has its code); the socket and the toast bar wait for it. */
  pageShown?: () => Promise<void>;
};

export function AppProvider({ children, queryClient: given, connectSocket, pageShown }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());

  // Server data belongs to the session: a logout drops it all.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.status === 'authenticated' && state.status !== 'authenticated') queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PlayerTheme>
          {children}
          <Toaster pageShown={pageShown} />
          <NotificationSocket connect={connectSocket} pageShown={pageShown} />
          <LiveChatLoader pageShown={pageShown} />
          <PinLockLoader logout={logoutNow} pageShown={pageShown} />
        </PlayerTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * The theme settings (SPEC §2 settings panel) of whoever uses the app: a guest's kept in this browser,
 * a signed-in player's kept on the server too (this browser's copy first, then the server's).
 */
function PlayerTheme({ children }: { children: ReactNode }) {
  useSettingsSync();
  return <DirectionProvider>{children}</DirectionProvider>;
}
