import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { ErrorCode } from '@reelcast/protocol';
import { apiOrigin } from '@/shared/api/api-client';
import { getSettings, type Settings } from '@/shared/config/settings';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { setLivePushesConnected } from '@/shared/session/live-pushes';
import { getSession, useSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';

/** `pushesFrom`: the sign-in answer's point, for the first connection (docs/api.md "Notification socket"). */
export type ConnectSocket = (url: string, token: string, pushesFrom?: string) => Socket | Promise<Socket>;

/**
 * The notification socket's options: the token in the handshake's auth and, as SPEC §7 says, as the
 * `token` query parameter (a proxy or server that reads only the URL gets it too), and the sign-in answer's
 * `pushesFrom` when there is one. Settings.json `socketTransport: 'websocket'` opens a WebSocket at once
 * (no long-polling request, no sticky sessions needed behind a load balancer); the default starts with
 * long-polling and upgrades.
 */
export function notificationSocketOptions(
  token: string,
  settings: Pick<Settings, 'socketTransport'> = getSettings(),
  pushesFrom?: string,
): Partial<ManagerOptions & SocketOptions> {
  const handshake = { auth: pushesFrom === undefined ? { token } : { token, pushesFrom }, query: { token } };
  return settings.socketTransport === 'websocket' ? { ...handshake, transports: ['websocket'] } : handshake;
}

const connectWithSocketIo: ConnectSocket = async (url, token, pushesFrom) => {
  const { io } = await import('socket.io-client');
  return io(url, notificationSocketOptions(token, getSettings(), pushesFrom));
};

/**
 * SPEC §4 pushes: while a player is signed in, the notification socket writes balance and machine
 * pushes straight into the query cache, and a session push opens the reconnect dialog. Disconnects
 * on logout. It opens after the first view (`pageShown`, then the page's queries): the first paint
 * does not wait for socket.io-client, and what was fetched before it connected is fetched again.
 */
export function NotificationSocket({
  connect = connectWithSocketIo,
  pageShown,
}: {
  connect?: ConnectSocket;
  pageShown?: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const userId = useSession((state) => state.user?.id);

  useEffect(() => {
    const token = getAccessToken();
    if (!signedIn || !token) return;
    let socket: Socket | undefined;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;

    void afterFirstView(queryClient, pageShown).then(async () => {
      // The handlers and the push schemas come with the socket, after the first view; loaded before it
      // opens, so no event of the connection comes before its handler.
      const listeners = await loadUntilLoaded(
        () => import('./notification-listeners'),
        () => closed,
      );
      if (!listeners) return;
      // The pushes sent since the sign-in answer come with the first connection (or `resync`), so what the
      // page fetched before it is not fetched again.
      const pushesFrom = getSession().pushesFrom ?? undefined;
      // socket.io-client's chunk may fail to arrive (offline): tried again until it does.
      const opened = await loadUntilLoaded(
        async () => connect(apiOrigin(), token, pushesFrom),
        () => closed,
      );
      if (!opened) return;
      socket = opened;
      if (closed) {
        opened.disconnect();
        return;
      }
      listeners.listen(opened, queryClient, { token, pushesFrom });
      // A refusal other than a bad token (the server could not check the session: InternalError) is not
      // retried by socket.io itself: tried again after 1, 2, 4… up to 30 s (a bad token signs out: listeners).
      opened.on('connect', () => (refusals = 0));
      opened.on('connect_error', (error: Error) => {
        if (opened.active || error.message === String(ErrorCode.SignatureNotVerified)) return;
        retry = setTimeout(() => closed || opened.connect(), Math.min(30_000, 1_000 * 2 ** refusals++));
      });
    });

    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.disconnect();
      setLivePushesConnected(false);
    };
  }, [signedIn, userId, queryClient, connect, pageShown]);

  return null;
}
