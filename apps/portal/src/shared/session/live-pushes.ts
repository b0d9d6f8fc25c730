import { create } from 'zustand';

/**
 * Whether the notification socket is connected, so pushes (balance, machines) arrive by themselves.
 * While it is not (not yet open, a drop, a proxy that refuses WebSocket and long-polling), pages that
 * pushes keep fresh ask the server again on their own (Settings.json `lobbyUpdate`).
 */
export const useLivePushes = create<{ connected: boolean }>(() => ({ connected: false }));

export const setLivePushesConnected = (connected: boolean): void => useLivePushes.setState({ connected });

/**
 * The refetch interval of a query that pushes keep fresh: none while they arrive, `everySeconds`
 * otherwise (0: never).
 */
export function usePollWithoutPushes(everySeconds: number): number | false {
  const connected = useLivePushes((state) => state.connected);
  return connected || everySeconds <= 0 ? false : everySeconds * 1000;
}
