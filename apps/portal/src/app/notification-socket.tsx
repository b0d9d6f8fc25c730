import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { balancePush, ErrorCode, machinePush, NotificationEvent, sessionPush } from '@reelcast/protocol';
import { autoLogout } from '@/features/auth/lib/auto-logout';
import { applySessionPush } from '@/features/game/lib/reconnect-store';
import { applyMachinePush } from '@/features/lobby/lib/apply-machine-push';
import { setBalanceInCache } from '@/features/wallet/api/get-balance';
import { apiOrigin, balanceQueryKey } from '@/shared/api/api-client';
import { i18n } from '@/shared/i18n/i18n';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { setLivePushesConnected } from '@/shared/session/live-pushes';
import { useSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';

export type ConnectSocket = (url: string, token: string) => Socket | Promise<Socket>;

const connectWithSocketIo: ConnectSocket = async (url, token) => {
  const { io } = await import('socket.io-client');
  return io(url, { auth: { token } });
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

    void afterFirstView(queryClient, pageShown).then(async () => {
      // socket.io-client's chunk may fail to arrive (offline): tried again until it does.
      const opened = await loadUntilLoaded(
        async () => connect(apiOrigin(), token),
        () => closed,
      );
      if (!opened) return;
      socket = opened;
      if (closed) {
        opened.disconnect();
        return;
      }
      opened.on(NotificationEvent.Balance, (payload: unknown) => {
        const push = balancePush.safeParse(payload);
        if (push.success) void setBalanceInCache(queryClient, push.data.balance);
      });
      opened.on(NotificationEvent.Machine, (payload: unknown) => {
        const push = machinePush.safeParse(payload);
        if (push.success) applyMachinePush(queryClient, push.data);
      });
      opened.on(NotificationEvent.Session, (payload: unknown) => {
        const push = sessionPush.safeParse(payload);
        if (push.success) applySessionPush(push.data);
      });
      opened.on('disconnect', () => setLivePushesConnected(false));
      opened.on('connect', () => {
        setLivePushesConnected(true);
        // Pushes sent before this connection (the page's first fetches, or a drop) are lost: refresh
        // what they would have changed.
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['machine'] });
      });
      opened.on('connect_error', (error: Error) => {
        if (error.message === String(ErrorCode.SignatureNotVerified)) autoLogout(i18n.t('auth.invalidToken'));
      });
    });

    return () => {
      closed = true;
      socket?.disconnect();
      setLivePushesConnected(false);
    };
  }, [signedIn, userId, queryClient, connect, pageShown]);

  return null;
}
