/**
 * The player-protection codes the game and profile pages show (docs/player-protection.md), with their
 * English texts: apart from `ErrorCode` and `errorMessages`, so the portal loads them with those pages,
 * not on its first view. `ErrorCode` (the type) includes them.
 *
 * @example
 * if (answer.code === ProtectionCode.CashInLimitReached) showRoomLeft(answer.Params.remaining)
 */
export const ProtectionCode = {
  /** the cash-in would pass a cash-in limit; Params: period (daily, weekly, monthly), limit, remaining (minor units) */
  CashInLimitReached: 40940,
  /** the cash-in could pass a loss limit; Params: period, limit, remaining (minor units) */
  LossLimitReached: 40941,
  /** a looser limit cannot be confirmed before its cooling-off ends; Params: hours (left) */
  LimitCoolingOff: 40942,
  /** there is no looser limit waiting to be confirmed */
  NothingToConfirm: 40943,
  /** a play-time limit is reached: no seat until it resets; Params: minutes (the limit) */
  PlayTimeLimitReached: 40944,
  /** during play: the loss limit is reached (no credit left, no room to cash in): the session closes */
  LossLimitReachedInPlay: 40945,
  /** the game is paused for a reality check: answer it first */
  RealityCheckPending: 40946,
} as const;

export type ProtectionPageCode = (typeof ProtectionCode)[keyof typeof ProtectionCode];

/**
 * English texts of the player-protection codes the game and profile pages show (docs/player-protection.md):
 * apart from `errorMessages`, so the portal loads them with those pages, not on its first view.
 */
export const protectionMessages: Record<ProtectionPageCode, string> = {
  40940: 'Over your {{period}} cash-in limit of {{limit}}: at most {{remaining}} now.',
  40941: 'Over your {{period}} loss limit of {{limit}}: at most {{remaining}} now.',
  40942: 'You can confirm it in {{hours}} hours.',
  40943: 'Nothing to confirm.',
  40944: 'Play-time limit reached ({{minutes}} minutes).',
  40945: 'Loss limit reached: your credit goes back to your wallet.',
  40946: 'Answer the reality check first.',
};
