import type { ProtectionPageCode } from './protection-messages.ts';

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
  /** the console (docs/console.md "Money"): an admin may not approve their own deposit or withdrawal (four eyes) */
  OwnMoneyRequest: 40320,
  /** the console: the deposit or withdrawal request was already rejected, or approved meanwhile */
  MoneyRequestDecided: 40950,
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
