import { z } from 'zod/mini';
import { balanceAnswer } from './money.ts';
import { machinePush } from './lobby.ts';

export { pushPoint } from './push-point.ts';

/**
 * Notification socket (Socket.IO at the platform's origin, path /socket.io).
 * Handshake: `auth: { token, pushesFrom? }` or the query parameter `?token=`.
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
  /** To the team's sockets only (staff, admin): a machine of the console's floor changed (console.ts `floorMachine`). */
  Floor: 'floor',
  /** The operator published a quick panel event (quick-panel.ts `operatorEventPush`). */
  OperatorEvent: 'operatorEvent',
  /**
   * No payload: the pushes since the handshake's `pushesFrom` could not be sent again (another
   * instance's point, or older than the instance keeps): fetch what they would have changed.
   */
  Resync: 'resync',
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

/** Client → server on the notification socket. */
export const NotificationRequest = {
  /**
   * SPEC §7: after `POST /player/cancel` the portal rejoins with its token; the platform checks it again
   * and sends the balance and a `session` push for each seat still open (docs/api.md).
   */
  Rejoin: 'rejoin',
} as const;

export const rejoinRequest = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(4096)) });
export type RejoinRequest = z.infer<typeof rejoinRequest>;
/** `{ ok: true }`, or `{ ok: false, code, ErrorMessage }`: 40000 a bad payload, 10 a token that is not this player's live session, 42900 too soon. */
export const rejoinAck = z.object({ ok: z.literal(true) });
