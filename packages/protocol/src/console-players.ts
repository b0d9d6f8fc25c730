import { z } from 'zod/mini';
import { playerRole } from './auth.ts';
import { endSessionRequest } from './console.ts';
import { pinText } from './door.ts';
import { listQueryShape } from './history.ts';
import { decimalText, jsonId } from './integers.ts';
import { documented } from './meta.ts';
import { amountMinor, idempotencyKey } from './money.ts';
import { protectionStatus } from './player-protection.ts';

/**
 * The console's players, money and audit log (docs/console.md "Players", "Money", "Audit log"):
 * `/api/console/players…`, `/api/console/money-requests…` and `/api/console/audit`.
 */

const reason = endSessionRequest.shape.reason;
const isoTime = z.iso.datetime({ offset: true });
const plainText = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed'));

/** GET /api/console/players?q= : a username's part, or the beginning of an id. */
export const playerSearchQuery = z.strictObject({
  q: documented(plainText(64).check(z.minLength(1)), { description: 'Part of the username, or the first digits of the id' }),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuery>;

/** An account as the console shows it. */
export const consolePlayer = z.object({
  id: z.int(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: playerRole,
  createdAt: isoTime,
  bannedAt: z.nullable(isoTime),
  banReason: z.nullable(z.string()),
  lastLogonAt: z.nullable(isoTime),
  lastLogonIp: z.nullable(z.string()),
  hasPin: documented(z.boolean(), { description: 'Whether an idle-lock PIN is set (the PIN itself is never shown)' }),
});
export type ConsolePlayer = z.infer<typeof consolePlayer>;

export const playerSearchAnswer = z.object({ players: z.array(consolePlayer) });
export type PlayerSearchAnswer = z.infer<typeof playerSearchAnswer>;

/** One sign-in of the player (a token issued), newest first. */
export const signInItem = z.object({
  at: isoTime,
  ip: z.string(),
  userAgent: z.string(),
  expiresAt: isoTime,
  revokedAt: documented(z.nullable(isoTime), { description: 'When a logout, a ban or a password change ended it' }),
});
export type SignInItem = z.infer<typeof signInItem>;

/** One entry of the audit log. */
export const auditItem = z.object({
  id: z.int(),
  at: isoTime,
  type: z.string(),
  username: documented(z.string(), { description: 'Who acted (or tried to sign in)' }),
  ip: z.string(),
  playerId: z.nullable(z.int()),
  player: documented(z.nullable(z.string()), { description: 'The username of the player the entry is about' }),
  detail: documented(z.record(z.string(), z.unknown()), { description: 'What happened, with the reason of a console action' }),
});
export type AuditItem = z.infer<typeof auditItem>;

/** A time-out or self-exclusion of the player. */
export const consoleExclusion = z.object({ kind: z.string(), startsAt: isoTime, until: isoTime });

/** GET /api/console/players/{id}: the player page (sessions and transactions page on their own routes). */
export const playerDetailAnswer = z.object({
  player: consolePlayer,
  balance: documented(z.int(), { description: 'The wallet, minor units' }),
  lockedUntil: documented(z.nullable(isoTime), { description: 'Sign-in blocked after wrong passwords until then' }),
  protection: protectionStatus,
  exclusions: z.array(consoleExclusion),
  signIns: documented(z.array(signInItem), { description: 'The last 20 sign-ins' }),
  audit: documented(z.array(auditItem), { description: 'The last 50 audit entries about the player' }),
});
export type PlayerDetailAnswer = z.infer<typeof playerDetailAnswer>;

/** POST /api/console/players/{id}/{ban | unban | unlock} */
export const playerActionRequest = z.strictObject({ reason });
export type PlayerActionRequest = z.infer<typeof playerActionRequest>;

/** POST /api/console/players/{id}/pin: a new PIN, or null to remove it. */
export const setPinRequest = z.strictObject({ pin: z.nullable(pinText), reason });
export type SetPinRequest = z.infer<typeof setPinRequest>;

export const playerActionAnswer = z.object({ status: z.literal(true), player: consolePlayer });
export type PlayerActionAnswer = z.infer<typeof playerActionAnswer>;

export const moneyKinds = ['deposit', 'withdraw'] as const;
export const moneyRequestStatuses = ['pending', 'posted', 'rejected'] as const;

/** POST /api/console/players/{id}/money (admin). */
export const moneyRequest = z.strictObject({
  kind: z.enum(moneyKinds),
  amount: amountMinor,
  reason,
  idempotencyKey: documented(idempotencyKey, { description: 'The same key again answers the first request; it posts once' }),
});
export type MoneyRequest = z.infer<typeof moneyRequest>;

/** A deposit or withdrawal of the console, posted or waiting for a second admin. */
export const moneyRequestItem = z.object({
  id: z.int(),
  playerId: z.int(),
  username: z.string(),
  kind: z.enum(moneyKinds),
  amount: z.int(),
  reason: z.string(),
  status: z.enum(moneyRequestStatuses),
  requestedBy: z.string(),
  requestedAt: isoTime,
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(isoTime),
  decisionReason: z.nullable(z.string()),
  transferId: z.nullable(z.string()),
});
export type MoneyRequestItem = z.infer<typeof moneyRequestItem>;

export const moneyRequestAnswer = z.object({
  status: z.literal(true),
  request: moneyRequestItem,
  /** Whether it needs a second admin (above the configured amount). */
  needsApproval: z.boolean(),
});
export type MoneyRequestAnswer = z.infer<typeof moneyRequestAnswer>;

/** GET /api/console/money-requests?status= */
export const moneyRequestListQuery = z.strictObject({ status: z._default(z.enum([...moneyRequestStatuses, 'all']), 'pending') });
export type MoneyRequestListQuery = z.infer<typeof moneyRequestListQuery>;

export const moneyRequestList = z.object({
  requests: z.array(moneyRequestItem),
  /** Above this amount (minor units) a deposit or withdrawal waits for a second admin. */
  approvalAbove: z.int(),
});
export type MoneyRequestList = z.infer<typeof moneyRequestList>;

/** POST /api/console/money-requests/{id}/reject */
export const moneyRejectRequest = z.strictObject({ reason });

/** GET /api/console/audit */
export const auditListQuery = z
  .strictObject({
    page: listQueryShape.page,
    perPage: listQueryShape.perPage,
    username: documented(z._default(plainText(128), ''), { description: 'Who acted: part of the username' }),
    type: documented(z._default(plainText(64), ''), { description: 'One audit type (the answer lists them)' }),
    from: listQueryShape.from,
    to: listQueryShape.to,
    playerId: documented(z.optional(decimalText(jsonId)), { description: 'Entries about this player' }),
    machineId: documented(z.optional(decimalText(jsonId)), { description: 'Entries about this machine' }),
  })
  .check(
    z.refine((query) => !query.from || !query.to || new Date(query.from).getTime() <= new Date(query.to).getTime(), {
      message: '`from` must not be after `to`',
      path: ['from'],
    }),
  );
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditPage = z.object({
  items: z.array(auditItem),
  page: z.int(),
  perPage: z.int(),
  total: z.int(),
  /** Every audit type, for the screen's filter (here, not in the portal's code: its first load does not carry them). */
  types: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;
