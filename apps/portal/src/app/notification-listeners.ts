import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
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
import { balanceQueryKey } from '@/shared/api/api-client';
import { getSettings } from '@/shared/config/settings';
import { i18n } from '@/shared/i18n/i18n';
import { getSession } from '@/shared/session/session-store';
import { setLivePushesConnected } from '@/shared/session/live-pushes';
import { setPushRejoin } from '@/shared/session/push-rejoin';
import { getAccessToken } from '@/shared/session/token-storage';

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
