import { formatMinor } from './money-format.ts';
import { protectionMessages, type ProtectionPageCode } from './protection-messages.ts';

/**
 * Answer codes of SPEC §8, plus the few Reelcast additions the spec leaves open.
 *
 * @example
 * if (answer.code === ErrorCode.WrongPassword) showLeftCount(answer.Params.left_count)
 */
export const ErrorCode = {
  /** wrong username/password, Params: left_count, block_time (minutes) */
  WrongPassword: 10700,
  /** username or password is wrong (unknown user; same text as a wrong password) */
  UnknownUser: 10701,
  /** account protected after too many false attempts, Params: block_time (minutes left) */
  AccountBlocked: 10702,
  /** your IP is not permitted */
  IpNotPermitted: 10703,
  /** you have been banned */
  Banned: 10704,
  /** session terminated, cannot process transaction */
  SessionTerminated: 50100,
  /** signature not verified (missing, malformed, expired or revoked token) */
  SignatureNotVerified: 10,
  /** invalid request (failed validation, malformed body, unknown route) */
  InvalidRequest: 40000,
  /** request successful */
  Success: 20000,
  /** old password is wrong */
  OldPasswordWrong: 40001,
  /** password is too short */
  PasswordTooShort: 40101,
  /** failed to start pipeline, contact technical team */
  PipelineFailed: 70000,
  /** seconds left to deposit funds */
  SecondsLeftToDeposit: 18800,
  /** session is being terminated */
  SessionClosing: 18801,
  /** seconds left to continue */
  SecondsLeftToContinue: 18802,

  // Reelcast additions (not in SPEC §8; documented in docs/api.md)
  /** the wallet does not hold enough money for the movement */
  InsufficientFunds: 40002,
  /** the idempotency key was already used for a different request */
  IdempotencyConflict: 40003,
  /** the thing asked for does not exist */
  NotFound: 40400,
  /** the request body is larger than the limit */
  PayloadTooLarge: 41300,
  /** too many requests; slow down */
  TooManyRequests: 42900,
  /** the machine is held by another player, or cannot take a player in its status */
  MachineBusy: 40900,
  /** the machine transfer is already resolved the other way (posted vs voided) */
  TransferResolved: 40901,
  /** the server failed; nothing was changed */
  InternalError: 50000,
  /** promotions (docs/business-rules.md): this promotion is switched off */
  PromotionDisabled: 40310,
  /** promotions: claimed too recently; Params: seconds (left), minutes (the cooldown) */
  PromotionCooldown: 42910,
  /** promotions: the discount needs a wallet balance below Params.amount (minor units) */
  PromotionBalanceTooHigh: 40910,
  /** promotions: there is no net loss to rebate (the grant would be below Params.amount, the minimum) */
  PromotionNothingToGrant: 40911,
  /** promotions: the weekly bonus was already claimed this week */
  PromotionAlreadyClaimed: 40912,
  /** promotions: the player still has credit on a machine (an open slot session) */
  PromotionPlayOpen: 40913,
  /** self-service (docs/self-service.md): the new password is easy to guess; Params: reason (common, username, email, repetitive), field */
  PasswordTooWeak: 40102,
  /** self-service: the account lacks the role the call needs (SPEC §6 role lists) */
  RoleRequired: 40300,
  /** self-service: registration is off (REGISTRATION_OPEN) */
  RegistrationClosed: 40311,
  /** self-service: a confirmed registration's username or address got an account meanwhile; Params: taken (username or email) */
  AccountTaken: 40930,
  /** a legacy call of SPEC §7 that no longer exists (POST /api/academy-app/course/update) */
  Gone: 41000,
  /** self-service: the mailed link expired, was used, was replaced by a newer one, or never existed */
  MailLinkInvalid: 41001,

  // The machine's own refusals (docs/game-socket.md), as the game socket answers them.
  /** machine: the credit meter holds less than the bet (spin, autoplay) or the amount (cash-out) */
  MachineCreditTooLow: 40920,
  /** machine: locked until a hand pay or jackpot is settled by an attendant */
  MachineLocked: 40921,
  /** machine: not in play (idle, paused, in maintenance…), so it cannot spin, collect or take money */
  MachineNotPlaying: 40922,
  /** machine: the bet is already at its highest or lowest level */
  MachineBetLimit: 40923,
  /** machine: autoplay is running; stop it first */
  MachineAutoplayActive: 40924,
  /** machine: the credit would go above the machine's limit */
  MachineCreditLimit: 40925,
  /** machine: the credit meter is empty, there is nothing to collect */
  MachineNothingToCollect: 40926,

  // Player protection (docs/player-protection.md)
  /** sign-in refused: the player took a time-out; Params: until (ISO 8601) */
  TimedOut: 10705,
  /** sign-in refused: the player excluded themselves; Params: until (ISO 8601) */
  SelfExcluded: 10706,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | ProtectionPageCode;

/** English texts for every code but those; the portal translates by code and falls back to these. */
export const errorMessages: Record<Exclude<ErrorCode, ProtectionPageCode>, string> = {
  10700: 'Wrong username or password. {{left_count}} attempts left before the account is blocked for {{block_time}} minutes.',
  10701: 'Username or password is wrong.',
  10702: 'Your account is protected after too many false attempts. Try again in {{block_time}} minutes.',
  10703: 'Your IP is not permitted.',
  10704: 'You have been banned.',
  50100: 'Session terminated, cannot process transaction.',
  10: 'Signature not verified.',
  40000: 'Invalid request.',
  20000: 'Request successful.',
  40001: 'Old password is wrong.',
  40101: 'Password is too short.',
  70000: 'Failed to start pipeline, contact technical team.',
  18800: 'seconds left to deposit funds',
  18801: 'Session is being terminated.',
  18802: 'seconds left to continue',
  40002: 'Insufficient funds.',
  40003: 'This idempotency key was already used for a different request.',
  40400: 'Not found.',
  41300: 'Request body is too large.',
  42900: 'Too many requests.',
  40900: 'The machine is being played by someone else.',
  40901: 'This transfer is already resolved.',
  50000: 'Internal error.',
  40310: 'This promotion is not available.',
  42910: 'You can use this only once per {{minutes}} minutes. Try again in {{seconds}} seconds.',
  40910: 'Your balance must be below {{amount}}',
  40911: 'There is no loss to give a rebate on yet.',
  40912: 'You have already received the weekly bonus this week.',
  40913: 'Please cash out from the machine first.',
  40102: 'This password is too easy to guess.',
  40300: 'Your account does not have the role this needs.',
  40311: 'Registration is closed. Ask the operator for an account.',
  40930: 'This username or e-mail address has an account now. Register again, or sign in.',
  41000: 'This call no longer exists.',
  41001: 'This link has expired or was already used. Ask for a new one.',
  40920: 'Not enough credit on the machine.',
  40921: 'The machine is locked until an attendant settles its hand pay.',
  40922: 'The machine is not in play.',
  40923: 'The bet is already at its limit.',
  40924: 'Stop autoplay first.',
  40925: 'The credit would go above the machine limit.',
  40926: 'There is no credit to collect.',
  10705: 'You are on a break until {{until}}.',
  10706: 'You excluded yourself until {{until}}.',
};

/** Params whose value is an amount in minor units: shown as currency units with two decimals. */
const amountParams = new Set(['amount', 'balance', 'limit', 'remaining']);

/**
 * The English text of a code with its Params filled in, for a person to read (the platform's
 * `ErrorMessage`, the CLI). A number is followed by a noun in the texts; for 1 the noun is singular.
 *
 * @example
 * errorText(ErrorCode.WrongPassword, { left_count: 1, block_time: 15 })
 * // 'Wrong username or password. 1 attempt left before the account is blocked for 15 minutes.'
 */
export function errorText(code: ErrorCode, params: Record<string, string | number> = {}): string {
  const template = (errorMessages as Partial<Record<ErrorCode, string>>)[code] ?? protectionMessages[code as ProtectionPageCode] ?? 'Error';
  return template.replace(/\{\{(\w+)\}\}( ([a-z]+))?/g, (_match, name: string, _noun?: string, noun?: string) => {
    const value = params[name];
    const shown = value === undefined ? '?' : amountParams.has(name) && typeof value === 'number' ? formatMinor(value) : String(value);
    if (!noun) return shown;
    return `${shown} ${value === 1 && noun.endsWith('s') ? noun.slice(0, -1) : noun}`;
  });
}
