import { ErrorCode } from './codes.ts';
import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * Where the notification socket's first connection starts its replay (docs/api.md "Notification
 * socket"): handed back as it is, its form checked by the socket (`pushPoint`), not by the first load.
 */
const pushesFrom = documented(z.optional(z.string()), { description: 'Replay point of the first notification socket (docs/api.md)' });

/** Text a person could type: no control characters, at most `max` characters. */
const typedText = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed'));

export const loginRequest = z.strictObject({
  username: documented(typedText(128).check(z.trim(), z.minLength(1)), { description: 'Username or email' }),
  password: typedText(256).check(z.minLength(1)),
  site_id: z.optional(z.union([z.int().check(z.nonnegative()), typedText(64)])),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const validateAnswer = z.object({
  token: z.string(),
  pin_code: z.nullable(z.string()),
});
export type ValidateAnswer = z.infer<typeof validateAnswer>;

/** SPEC §6: a player is 'user'; the operator's team is 'staff' or 'admin'. */
export const playerRoles = ['user', 'staff', 'admin'] as const;
export const playerRole = z.enum(playerRoles);
export type PlayerRole = z.infer<typeof playerRole>;

/** The signed-in user's data as SPEC §3 names it. */
export const userData = z.object({
  id: z.int(),
  /** A platform from before roles sent none: that user is a player. */
  role: documented(z._default(z.array(playerRole), ['user']), {
    description: "SPEC §3 role list: ['user'] for a player, ['staff'] or ['admin'] for the team",
  }),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  displayName: z.string(),
  type: z.string(),
  Group: z.int(),
  Permissions: z.array(z.int()),
  photoURL: z.string(),
  shortcuts: z.array(z.string()),
});
export type UserData = z.infer<typeof userData>;

export const loginAnswer = z.object({
  token: z.string(),
  pin_code: documented(z.nullable(z.string()), {
    description:
      "The idle-lock PIN's verifier (SPEC §4), never the PIN: pbkdf2-sha256$iterations$salt$key (docs/pin-lock.md); null when unset",
  }),
  ip_address: z.string(),
  versions: z.string(),
  last_logon: documented(z.nullable(z.string()), { description: 'ISO time of the previous successful login' }),
  last_logon_ip: z.nullable(z.string()),
  /** Absent from platforms before it was added: the portal then reads the user from the token. */
  user: documented(z.optional(userData), {
    description: "The signed-in user's data (SPEC §3), as the token sign-in sends it: saved shortcuts included",
  }),
  pushesFrom,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** Token sign-in (POST /login/token): the stored token in the Bearer header. */
export const tokenSignInAnswer = z.object({
  token: z.string(),
  pin_code: z.nullable(z.string()),
  ip_address: z.string(),
  versions: z.string(),
  Group: z.int(),
  Permissions: z.array(z.int()),
  last_logon: z.nullable(z.string()),
  last_logon_ip: z.nullable(z.string()),
  user: userData,
  pushesFrom,
});
export type TokenSignInAnswer = z.infer<typeof tokenSignInAnswer>;

export const logoutAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
});
export type LogoutAnswer = z.infer<typeof logoutAnswer>;

/** What the access token decodes to (SPEC §3 "Token: decodes to user fields including id and expiry"). */
export const tokenClaims = z.object({
  id: z.int(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.string(),
  /** Absent in tokens signed before roles existed: those are players' ('user'). */
  role: z.optional(z.array(playerRole)),
  Group: z.int(),
  Permissions: z.array(z.int()),
  jti: z.string(),
  iat: z.int(),
  exp: z.int(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** The audit log types of SPEC §8. */
export const AuditType = {
  LoginFail: 'login fail',
  NotAllowed: 'not allowed',
  Success: 'success',
  CheckFail: 'check fail',
  CheckSuccess: 'check success',
  Logout: 'logout',
  ChangedPassword: 'changed password',
  TemporaryBlocked: 'temporary blocked',
  KickedByPlayer: 'kicked by player',
  /** Not in SPEC §8: the player asked to see their idle-lock PIN, giving their password (docs/pin-lock.md). */
  PinShown: 'pin shown',
  /** Player protection (docs/player-protection.md): a limit set, asked to loosen, or confirmed. */
  LimitChanged: 'limit changed',
  /** Player protection: a cash-in refused by a limit. */
  LimitRefused: 'limit refused',
  /** Player protection: the answer to a reality check (continue or stop). */
  RealityCheck: 'reality check',
  /** Player protection: a time-out or self-exclusion began. */
  Excluded: 'excluded',
  /** The operator's console (docs/console.md): a machine put in or out of maintenance, with the reason. */
  Maintenance: 'maintenance',
  /** The console: a player's slot session ended by the team (CLOSE_SESSION), with the reason. */
  SessionEndedByStaff: 'session ended by staff',
  /** The console: a message sent to a machine's seated player, with the reason. */
  MessageSent: 'message sent',
  /** The console: a player banned (every channel of theirs ended), with the reason. */
  Banned: 'banned',
  /** The console: a ban lifted, with the reason. */
  Unbanned: 'unbanned',
  /** The console: a login block after wrong passwords cleared, with the reason. */
  Unlocked: 'unlocked',
  /** The console: a player's idle-lock PIN set or removed (never the PIN), with the reason. */
  PinChanged: 'pin changed',
  /** The console (admin): a deposit or withdrawal asked for; above the configured amount it waits for a second admin. */
  MoneyRequested: 'money requested',
  /** The console: a deposit or withdrawal posted to the ledger (at once, or on a second admin's approval). */
  MoneyPosted: 'money posted',
  /** The console: a deposit or withdrawal request rejected by an admin, with the reason. */
  MoneyRejected: 'money rejected',
  /** The console: a member began watching a machine's picture (docs/console.md "Watch"). */
  MachineWatched: 'machine watched',
  /** The console: a machine's waiting hand pay confirmed and paid into the player's wallet, with the reason. */
  HandPayConfirmed: 'hand pay confirmed',
} as const;
export type AuditType = (typeof AuditType)[keyof typeof AuditType];
