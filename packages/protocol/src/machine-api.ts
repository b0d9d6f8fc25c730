import { ErrorCode } from './codes.ts';
import { z } from 'zod/mini';
import { jsonId } from './integers.ts';
import { amountMinor, idempotencyKey } from './money.ts';

/**
 * The machine API: what a machine agent asks of the platform, with the machine service token as
 * Bearer. docs/machine-protocol.md tells the whole exchange.
 *
 * @example
 * const seat = await api.post(`/machine-api/machines/${id}/seat`, { token, ip }) // a player's token from init, their address
 * const hold = await api.post(`/machine-api/transfers/cash-in`, { transferId, sessionId, amount })
 * meter.add(hold.amount)                       // apply on the machine
 * await api.post(`/machine-api/transfers/${transferId}/post`)
 */
export const seatRequest = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  /**
   * The player's address as the agent saw it on the game socket (its own TRUST_PROXY decides which).
   * While the IP check is on, the platform refuses a seat from outside the permitted countries with
   * 10703, and one without an address like an address it cannot place (docs/ip-check.md).
   */
  ip: z.optional(z.string().check(z.maxLength(100))),
});
export type SeatRequest = z.infer<typeof seatRequest>;

/**
 * What the agent enforces during play for the seated player: the seat closes (SPEC §4 countdown, then
 * CLOSE_SESSION with cash-out) at `playUntil`, or when the loss room is spent and the credit is gone;
 * the reality check pauses the game every `realityCheckMinutes` of play.
 */
export const seatProtection = z.object({
  /** When a session-time or daily play-time limit is reached (ISO 8601), or null. */
  playUntil: z.nullable(z.string()),
  /** Which of them: the limit in minutes, for the player's text. */
  playLimitMinutes: z.nullable(z.int()),
  /** How much more may go into play before a loss limit is reached (minor units), or null with no loss limit. */
  lossRoom: z.nullable(z.int()),
  realityCheckMinutes: z.int().check(z.positive()),
});
export type SeatProtection = z.infer<typeof seatProtection>;

export const seatAnswer = z.object({
  playerId: z.int(),
  username: z.string(),
  name: z.string(),
  sessionId: z.uuid(),
  /**
   * The sign-in session (token `jti`) this token belongs to. When it ends (logout, password change,
   * ban, expiry) the agent ends what it opened with it (docs/machine-protocol.md "Signed out").
   */
  authSessionId: z.uuid(),
  startedAt: z.string(),
  balance: z.int(),
  /** True when the player already held this seat (a reconnect): the same session goes on. */
  resumed: z.boolean(),
  /** The player's own limits as the seat must keep them (docs/player-protection.md); absent from older platforms. */
  protection: z.optional(seatProtection),
});
export type SeatAnswer = z.infer<typeof seatAnswer>;

export const sessionEndReason = z.enum(['cashout', 'left', 'closed', 'kicked', 'timeout', 'error']);
export type SessionEndReason = z.infer<typeof sessionEndReason>;

export const sessionCloseRequest = z.strictObject({
  reason: sessionEndReason,
  spins: z.int().check(z.nonnegative()),
  totalBet: z.int().check(z.nonnegative()),
  totalWon: z.int().check(z.nonnegative()),
});
export type SessionCloseRequest = z.infer<typeof sessionCloseRequest>;

/**
 * `PUT /machine-api/machines/:id/seat`: the seat the agent holds on the machine (`sessionId`, null for
 * none). The platform closes every other open slot session of that machine with `reason`: a seat it
 * opened for a join whose answer never reached the agent (the agent died first, or the instance that
 * opened it died) would otherwise keep the machine from every other player.
 *
 * @example
 * await api.put(`/machine-api/machines/${id}/seat`, { sessionId: null, reason: 'timeout' }) // { closed: [...] }
 */
export const seatHeldRequest = z.strictObject({ sessionId: z.nullable(z.uuid()), reason: sessionEndReason });
export type SeatHeldRequest = z.infer<typeof seatHeldRequest>;
export const seatHeldAnswer = z.object({ closed: z.array(z.uuid()) });
export type SeatHeldAnswer = z.infer<typeof seatHeldAnswer>;

export const slotSession = z.object({
  id: z.uuid(),
  playerId: z.int(),
  machineId: z.int(),
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  endReason: z.nullable(z.string()),
  cashIn: z.int(),
  cashOut: z.int(),
  spins: z.int(),
  totalBet: z.int(),
  totalWon: z.int(),
});
export type SlotSession = z.infer<typeof slotSession>;

export const cashInRequest = z.strictObject({ transferId: idempotencyKey, sessionId: z.uuid(), amount: amountMinor });
export type CashInRequest = z.infer<typeof cashInRequest>;

export const cashOutRequest = cashInRequest;
export type CashOutRequest = z.infer<typeof cashOutRequest>;

/** A machine transfer is reserved first, then posted or voided, once (docs/ledger.md). */
export const machineTransferStatuses = ['reserved', 'posted', 'voided'] as const;
export const machineTransferStatus = z.enum(machineTransferStatuses);
export type MachineTransferStatus = z.infer<typeof machineTransferStatus>;

export const machineTransferAnswer = z.object({
  transferId: z.string(),
  direction: z.enum(['in', 'out']),
  status: machineTransferStatus,
  amount: z.int(),
  /** The player's wallet balance after this step, minor units. */
  balance: z.int(),
  /** A reserved cash-in not posted by then is voided (the money returns to the wallet). */
  deadline: z.string(),
});
export type MachineTransferAnswer = z.infer<typeof machineTransferAnswer>;

export const settlementRequest = z.strictObject({
  settlementId: idempotencyKey,
  sessionId: z.uuid(),
  kind: z.enum(['HAND_PAY', 'JACKPOT']),
  amount: amountMinor,
  /**
   * A hand pay of a machine set to hand pay (docs/console.md "Hand pay"): it waits for a member of staff
   * to confirm it in the console; until then the answer is `pending` and nothing is paid.
   */
  confirm: z.optional(z.literal('staff')),
});
export type SettlementRequest = z.infer<typeof settlementRequest>;

/** POST /machine-api/settlements: paid (the wallet's balance after it), or `pending` a member's confirmation. */
export const settlementAnswer = z.object({ settlementId: z.string(), balance: z.int(), pending: z.optional(z.literal(true)) });
export type SettlementAnswer = z.infer<typeof settlementAnswer>;

export const transferIdParam = z.object({ transferId: idempotencyKey });
export const sessionIdParam = z.object({ sessionId: z.uuid() });

/** GET /machine-api/sessions/:sessionId/balance: the wallet balance of the session's player, minor units. */
export const sessionBalanceAnswer = z.object({ balance: z.int() });
export type SessionBalanceAnswer = z.infer<typeof sessionBalanceAnswer>;

/** POST /player/kick and POST /player/cancel (SPEC §7): `machineId` a JSON integer, never text or a list. */
export const machineCommandRequest = z.strictObject({
  machineId: jsonId,
});
export const machineCommandAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
  /** For /player/cancel: the credit cashed out to the wallet, minor units. */
  Params: z.optional(z.object({ amount: z.int() })),
});

/** The agent's re-check: which of these sign-in sessions (token `jti`) are still live. */
export const liveAuthSessionsRequest = z.strictObject({ authSessionIds: z.array(z.uuid()).check(z.maxLength(1000)) });
export const liveAuthSessionsAnswer = z.object({ live: z.array(z.uuid()) });

/**
 * POST /machine-api/machines/{id}/watch: may this token watch the machine's picture without its seat
 * (docs/console.md "Watch")? Yes for a live sign-in of a staff or admin account (its role as the
 * database has it now): the answer names the sign-in session; else 403.
 */
export const watchRequest = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** The member's address as the agent saw it (the audit entry's). */
  ip: z.optional(z.string().check(z.maxLength(100))),
});
export const watchAnswer = z.object({ authSessionId: z.uuid(), playerId: z.int() });
export type WatchAnswer = z.infer<typeof watchAnswer>;

/**
 * POST /machine-api/watchers/live: the agent's re-check of who watches without a seat: the answer's
 * `live` are the sign-in sessions still live whose account is still staff or admin.
 */
export const liveWatchersRequest = z.strictObject({
  watchers: z.array(z.strictObject({ authSessionId: z.uuid(), playerId: z.int() })).check(z.maxLength(1000)),
});

/** What the platform asks of a machine agent: `POST {address}/commands/{command}` with the service token. */
export const agentCommand = z.enum(['kick', 'cashout', 'revoke', 'limits', 'close', 'message', 'hand-pay']);
export type AgentCommand = z.infer<typeof agentCommand>;
export const agentCommandRequest = z.strictObject({ playerId: z.int().check(z.positive()) });

/**
 * `revoke`: these sign-in sessions of the seated player ended. Their game socket is signed out, their
 * video closed, their tokens refused; the seat stays for the reconnect grace, or with `cashOut` (a ban)
 * is cashed out to the wallet at once.
 */
export const agentRevokeRequest = z.strictObject({
  playerId: z.int().check(z.positive()),
  authSessionIds: z.array(z.uuid()).check(z.maxLength(1000)),
  cashOut: z.optional(z.boolean()),
});
export type AgentRevokeRequest = z.infer<typeof agentRevokeRequest>;

/**
 * `limits`: the seated player's limits changed (a stricter one, a confirmed looser one, the reality check's
 * interval): the seat's watch keeps them from now on, as the seat answer would give them now.
 */
export const agentLimitsRequest = z.strictObject({
  playerId: z.int().check(z.positive()),
  sessionId: z.uuid(),
  protection: seatProtection,
});
export type AgentLimitsRequest = z.infer<typeof agentLimitsRequest>;

/** `message`: the operator's text for the seated player, shown by the game as an `OPERATOR_MESSAGE` info push. */
export const agentMessageRequest = z.strictObject({
  playerId: z.int().check(z.positive()),
  text: z.string().check(z.minLength(1), z.maxLength(500)),
});
export type AgentMessageRequest = z.infer<typeof agentMessageRequest>;
