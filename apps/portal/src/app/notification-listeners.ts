import type { QueryClient } from '@tanstack/react-query';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  balancePush,
  chatMessagePush,
  chatReadPush,
  chatStatusPush,
  ErrorCode,
  jackpotPush,
  jackpotWinPush,
  machinePush,
  NotificationEvent,
  NotificationRequest,
  operatorEventPush,
  sessionPush,
} from '@reelcast/protocol';
import { autoLogout } from '@/features/auth/lib/auto-logout';
import { applyChatMessagePush, applyChatReadPush, applyChatStatusPush } from '@/features/chat/lib/apply-chat-push';
import { applySessionPush } from '@/features/game/lib/reconnect-store';
import { applyJackpotPush } from '@/features/lobby/lib/apply-jackpot-push';
import { applyMachinePush } from '@/features/lobby/lib/apply-machine-push';
import { setBalanceInCache } from '@/features/wallet/api/get-balance';
import { apiOrigin, balanceQueryKey } from '@/shared/api/api-client';
import { getSettings, type Settings } from '@/shared/config/settings';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { i18n } from '@/shared/i18n/i18n';
import { getSession } from '@/shared/session/session-store';
import { setLivePushesConnected } from '@/shared/session/live-pushes';
import { setPushRejoin } from '@/shared/session/push-rejoin';
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
 * Opens the notification socket (NotificationSocket, after the first view) and listens to it: the pushes
 * sent since the sign-in answer come with the first connection (or `resync`), so what the page fetched
 * before it is not fetched again. Null when the page closed it meanwhile; else its disconnect, which also
 * ends the retries.
 */
export async function openNotificationSocket(
  queryClient: QueryClient,
  { token, connect = connectWithSocketIo, isClosed }: { token: string; connect?: ConnectSocket; isClosed: () => boolean },
): Promise<{ disconnect(): void } | null> {
  const pushesFrom = getSession().pushesFrom ?? undefined;
  // socket.io-client's chunk may fail to arrive (offline): tried again until it does.
  const socket = await loadUntilLoaded(async () => connect(apiOrigin(), token, pushesFrom), isClosed);
  if (!socket) return null;
  if (isClosed()) {
    socket.disconnect();
    return null;
  }
  listen(socket, queryClient, { token, pushesFrom });
  // A refusal other than a bad token (the server could not check the session: InternalError) is not
  // retried by socket.io itself: tried again after 1, 2, 4… up to 30 s (a bad token signs out: listen).
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  socket.on('connect', () => (refusals = 0));
  socket.on('connect_error', (error: Error) => {
    if (socket.active || error.message === String(ErrorCode.SignatureNotVerified)) return;
    retry = setTimeout(() => isClosed() || socket.connect(), Math.min(30_000, 1_000 * 2 ** refusals++));
  });
  return {
    disconnect() {
      clearTimeout(retry);
      socket.disconnect();
    },
  };
}

/**
 * What the notification socket does with each push (SPEC §4): balance and machine pushes go straight
 * into the query cache, a session push opens the reconnect dialog. Loaded with the socket, after the
 * first view, so the push schemas are not part of the first load.
 */
export function listen(socket: Socket, queryClient: QueryClient, { token, pushesFrom }: { token: string; pushesFrom?: string }): void {
  socket.on(NotificationEvent.Balance, (payload: unknown) => {
    const push = balancePush.safeParse(payload);
    if (push.success) void setBalanceInCache(queryClient, push.data.balance);
  });
  socket.on(NotificationEvent.Machine, (payload: unknown) => {
    const push = machinePush.safeParse(payload);
    if (push.success) applyMachinePush(queryClient, push.data);
  });
  socket.on(NotificationEvent.Session, (payload: unknown) => {
    const push = sessionPush.safeParse(payload);
    if (push.success) applySessionPush(push.data);
  });
  // Team chat: the chat caches of features/chat (a message once, unread counts, presence, read marks).
  socket.on(NotificationEvent.ChatMessage, (payload: unknown) => {
    const push = chatMessagePush.safeParse(payload);
    if (push.success) applyChatMessagePush(queryClient, push.data, getSession().user?.id);
  });
  socket.on(NotificationEvent.ChatStatus, (payload: unknown) => {
    const push = chatStatusPush.safeParse(payload);
    if (push.success) applyChatStatusPush(queryClient, push.data, getSession().user?.id);
  });
  socket.on(NotificationEvent.ChatRead, (payload: unknown) => {
    const push = chatReadPush.safeParse(payload);
    if (push.success) applyChatReadPush(queryClient, push.data);
  });
  // Live jackpots: a brand's meters into the lobby's caches; a hit announced (its texts come with it).
  socket.on(NotificationEvent.Jackpot, (payload: unknown) => {
    const push = jackpotPush.safeParse(payload);
    if (push.success) applyJackpotPush(queryClient, push.data);
  });
  socket.on(NotificationEvent.JackpotWin, (payload: unknown) => {
    const push = jackpotWinPush.safeParse(payload);
    // A chunk that does not arrive (offline) misses this announcement; the meters still show the reset.
    if (push.success)
      import('@/features/lobby/lib/announce-jackpot-win').then(
        (module) => module.announceJackpotWin(push.data, getSettings().currency),
        () => {},
      );
  });
  // An operator's event: the quick panel's data fetched again, and a notification toast (its texts come with it).
  socket.on(NotificationEvent.OperatorEvent, (payload: unknown) => {
    const push = operatorEventPush.safeParse(payload);
    if (push.success)
      import('@/features/quick-panel/lib/apply-operator-event-push').then(
        (module) => module.applyOperatorEventPush(queryClient, push.data),
        () => {},
      );
  });
  // The console's floor (the team's sockets alone get it): its row in the floor's cache, parsed there.
  socket.on(NotificationEvent.Floor, (payload: unknown) => {
    import('@/features/console/lib/apply-floor-push').then(
      (module) => module.applyFloorPush(queryClient, payload),
      () => {},
    );
  });
  // A rejoin while the socket is down is not needed: connecting again sends the same.
  setPushRejoin(() => {
    const token = getAccessToken();
    if (socket.connected && token) socket.emit(NotificationRequest.Rejoin, { token });
  });
  // What the pushes change, fetched again when some may have been missed.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['machine'] });
    void queryClient.invalidateQueries({ queryKey: ['chat'] });
    void queryClient.invalidateQueries({ queryKey: ['console'] });
  };
  // The first connection handed back the sign-in answer's point: the server sends the pushes since (the
  // page's first fetches came after that answer), or `resync` when it cannot.
  let caughtUp = pushesFrom !== undefined;
  socket.on(NotificationEvent.Resync, refresh);
  socket.on('disconnect', () => setLivePushesConnected(false));
  socket.on('connect', () => {
    setLivePushesConnected(true);
    if (caughtUp) {
      caughtUp = false;
      // A connection after a drop asks for nothing: what it missed is fetched again.
      socket.auth = { token };
      return;
    }
    refresh();
  });
  socket.on('connect_error', (error: Error) => {
    if (error.message === String(ErrorCode.SignatureNotVerified)) autoLogout(i18n.t('auth.invalidToken'));
  });
}
