import { z } from 'zod/mini';
import { balanceAnswer } from './money.ts';
import { machinePush } from './lobby.ts';

/**
 * Notification socket (Socket.IO at the platform's origin, path /socket.io).
 * Handshake: `auth: { token }` or the query parameter `?token=`.
 * Server → client events and their payloads:
 *
 * @example
 * socket.on(NotificationEvent.Balance, (p) => setBalance(balancePush.parse(p).balance))
 */
export const NotificationEvent = {
  Balance: 'balance',
  Machine: 'machine',
  Session: 'session',
  /** A chat message to either person of the chat (chat.ts `chatMessagePush`). */
  ChatMessage: 'chatMessage',
  /** A contact's presence changed (`chatStatusPush`). */
  ChatStatus: 'chatStatus',
  /** The user read a chat in another tab (`chatReadPush`). */
  ChatRead: 'chatRead',
  /** A brand's jackpot meters changed (jackpots.ts `jackpotPush`). */
  Jackpot: 'jackpot',
  /** A jackpot was won (`jackpotWinPush`). */
  JackpotWin: 'jackpotWin',
  /** The operator published a quick panel event (quick-panel.ts `operatorEventPush`). */
  OperatorEvent: 'operatorEvent',
} as const;

/**
 * The jackpot signalling socket (SPEC §7): the namespace `/jackpots` of the notification socket, with the
 * same handshake (`auth: { token }` or `?token=`). It carries `jackpot` and `jackpotWin` only, the same
 * pushes the main namespace carries; a jackpot display (a lobby screen, a sign on the floor) needs no more.
 *
 * @example
 * io(`${apiOrigin}${JACKPOT_SOCKET_NAMESPACE}`, { auth: { token } }).on(NotificationEvent.Jackpot, (p) => show(jackpotPush.parse(p)))
 */
export const JACKPOT_SOCKET_NAMESPACE = '/jackpots';

export const balancePush = balanceAnswer;
export type BalancePush = z.infer<typeof balancePush>;
export { machinePush };

/** SPEC §3 session notification: opens the reconnect dialog. */
export const sessionPush = z.object({
  status: z.boolean(),
  name: z.string(),
  id: z.int(),
  machine_status: z.string(),
});
export type SessionPush = z.infer<typeof sessionPush>;
