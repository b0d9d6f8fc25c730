import { z } from 'zod/mini';
import { jsonId } from './integers.ts';
import { amountMinor, idempotencyKey } from './money.ts';
import { machineStatus } from './lobby.ts';

/**
 * The game socket: Socket.IO at a machine's `address` (namespace `/machines/{id}` on the machine
 * agent). Every client event is acknowledged with `{ ok: true, … }` or a `gameError`.
 * docs/game-socket.md tells the flow.
 *
 * @example
 * const socket = io(machine.address, { auth: { token } })
 * socket.emit('init', { machineID: machine.id, token }, (ack) => ack.ok ? play(ack) : leave(ack.code))
 */
export const GameEvent = {
  Init: 'init',
  Press: 'press',
  Transfer: 'transfer',
  Cashout: 'cashout',
  /** The player is there (the idle prompt's Continue): the machine's idle countdown starts over. */
  Present: 'present',
  /**
   * The player leaves on purpose (the portal's Leave): a seat with nothing on the meter ends at once;
   * with credit it keeps the reconnect grace, as after a lost connection.
   */
  Leave: 'leave',
  /** The player's answer to a reality check (an `info` REALITY_CHECK push): play on, or stop (cash out and leave). */
  RealityCheck: 'reality-check',
  // pushes
  Machine: 'machine',
  Balance: 'balance',
  Session: 'session',
  Info: 'info',
  State: 'state',
} as const;

export const gameButtons = ['SPIN', 'BET_UP', 'BET_DOWN', 'MAX_BET', 'COLLECT', 'AUTOPLAY'] as const;
export const gameButton = z.enum(gameButtons);
export type GameButton = z.infer<typeof gameButton>;

/** `init {id}` asks for the session state; `init {machineID, token}` joins. Ids are JSON integers, never text. */
export const initLookRequest = z.strictObject({ id: jsonId });
export const initJoinRequest = z.strictObject({
  machineID: jsonId,
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export const initRequest = z.union([initJoinRequest, initLookRequest]);
export type InitRequest = z.infer<typeof initRequest>;

export const pressRequest = z.strictObject({ button: gameButton });
/** The client's transfer id: the agent prefixes it with the machine and player, within the ledger's 128. */
export const clientTransferId = idempotencyKey.check(z.maxLength(96));
export const transferRequest = z.strictObject({ amount: amountMinor, transferId: clientTransferId });
export const cashoutRequest = z.strictObject({});
export const presentRequest = z.strictObject({});
export const leaveRequest = z.strictObject({});
export const realityCheckReply = z.strictObject({ choice: z.enum(['continue', 'stop']) });

/** Machine state pushed on every change (`state`) and answered by init and press. */
export const gameState = z.object({
  machineId: z.int(),
  status: machineStatus,
  credit: z.int(),
  bet: z.int(),
  betLevels: z.array(z.int()),
  lastWin: z.int(),
  reels: z.array(z.array(z.string())),
  autoplay: z.boolean(),
  spins: z.int(),
  totalBet: z.int(),
  totalWon: z.int(),
  /** A hand pay or jackpot waiting for its settlement: no play until it is paid. */
  locked: z.boolean(),
  version: z.int(),
});
export type GameState = z.infer<typeof gameState>;

/** What `init {id}` answers: who holds the machine, without joining it. */
export const sessionState = z.object({
  id: z.int(),
  name: z.string(),
  status: machineStatus,
  /** True when someone is seated. */
  occupied: z.boolean(),
  /** True when the asking socket's token (handshake `auth.token` or `?token=`) is one the seated player joined with. */
  mine: z.boolean(),
});
export type SessionState = z.infer<typeof sessionState>;

export const infoType = z.enum([
  'SESSION_CLOSE_WARNING',
  'QUIT_REQUEST',
  'CLOSE_SESSION',
  'HAND_PAY',
  'JACKPOT',
  'REALITY_CHECK',
  'OPERATOR_MESSAGE',
]);
export type InfoType = z.infer<typeof infoType>;

/** `info` pushes (SPEC §4): warnings count down from 10 with code 18800 / 18802; CLOSE_SESSION 18801. */
export const infoPush = z.object({
  type: infoType,
  code: z.optional(z.int()),
  count: z.optional(z.int()),
  message: z.optional(z.string()),
  amount: z.optional(z.int()),
  /** The code's Params (a play-time limit's minutes). */
  Params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** REALITY_CHECK: seconds played in this session, and its net result (minor units; negative: a loss). */
  playedSeconds: z.optional(z.int()),
  net: z.optional(z.int()),
});
export type InfoPush = z.infer<typeof infoPush>;

export const gameError = z.object({
  ok: z.literal(false),
  code: z.int(),
  ErrorMessage: z.string(),
  /** The refusal's Params when it has some (a player-protection limit's period, limit and room left). */
  Params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type GameError = z.infer<typeof gameError>;

export const joinAck = z.object({
  ok: z.literal(true),
  sessionId: z.uuid(),
  resumed: z.boolean(),
  balance: z.int(),
  state: gameState,
});
export type JoinAck = z.infer<typeof joinAck>;

export const stateAck = z.object({ ok: z.literal(true), state: gameState });
export const transferAck = z.object({ ok: z.literal(true), transferId: z.string(), credit: z.int(), balance: z.int() });
/** `balance`: the wallet after the cash-out; absent when the platform did not answer in time (the money still arrives). */
export const cashoutAck = z.object({ ok: z.literal(true), amount: z.int(), balance: z.optional(z.int()) });
export const lookAck = z.object({ ok: z.literal(true), session: sessionState });
export const presentAck = z.object({ ok: z.literal(true) });
/** `ended`: the seat ended at once (nothing on the meter); `balance`: the wallet then, when the platform told it. */
export const leaveAck = z.object({ ok: z.literal(true), ended: z.boolean(), balance: z.optional(z.int()) });
