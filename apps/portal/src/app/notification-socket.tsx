import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { setLivePushesConnected } from '@/shared/session/live-pushes';
import { useSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import type { ConnectSocket } from './notification-listeners';

export type { ConnectSocket };

/**
 * SPEC §4 pushes: while a player is signed in, the notification socket writes balance and machine
 * pushes straight into the query cache, and a session push opens the reconnect dialog. Disconnects
 * on logout. It opens after the first view (`pageShown`, then the page's queries): the first paint
 * does not wait for socket.io-client, and what was fetched before it connected is fetched again.
 */
export function NotificationSocket({ connect, pageShown }: { connect?: ConnectSocket; pageShown?: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const userId = useSession((state) => state.user?.id);

  useEffect(() => {
    const token = getAccessToken();
    if (!signedIn || !token) return;
    let socket: { disconnect(): void } | null | undefined;
    let closed = false;

    void afterFirstView(queryClient, pageShown).then(async () => {
      // The socket's code (its options, handlers, push schemas and retries) comes after the first view,
      // loaded before it opens, so no event of the connection comes before its handler.
      const connection = await loadUntilLoaded(
        () => import('./notification-listeners'),
        () => closed,
      );
      if (!connection) return;
      socket = await connection.openNotificationSocket(queryClient, { token, connect, isClosed: () => closed });
    });

    return () => {
      closed = true;
      socket?.disconnect();
      setLivePushesConnected(false);
    };
  }, [signedIn, userId, queryClient, connect, pageShown]);

  return null;
}
