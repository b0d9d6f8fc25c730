import { ErrorCode } from '@reelcast/protocol';
import type { PromotionsConfig } from './promotions-config.ts';

/**
 * The promotion rules as pure functions (docs/business-rules.md): what a claim is worth and whether it
 * may be paid, given the facts the service reads from the database. No I/O, so property tests can run
 * any sequence of claims through them.
 */

export type Refusal = { grant: false; code: ErrorCode; params: { amount: number } & Record<string, number> };
export type Grant = { grant: true; amount: number; netLoss: number };
export type Decision = Grant | Refusal;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The share `percent` of `amount`, rounded down to whole minor units (never pays a fraction). */
export function share(amount: number, percent: number): number {
  if (amount <= 0 || percent <= 0) return 0;
  // Basis points keep the arithmetic in integers: 12.5 % → 1250.
  return Math.floor((amount * Math.round(percent * 100)) / 10_000);
}

/** What a rebate of `percent` on `netLoss` pays: cut to `max`; below `min` it is not paid (null). */
export function rebate(netLoss: number, percent: number, min: number, max: number): number | null {
  const amount = Math.min(share(Math.max(0, netLoss), percent), max);
  return amount > 0 && amount >= min ? amount : null;
}

/** The weekly bonus payout cap: min(multiplier × bonus, capMax). */
export function weeklyCap(bonus: number, config: Pick<PromotionsConfig, 'weeklyCapMultiplier' | 'weeklyCapMax'>): number {
  return Math.min(bonus * config.weeklyCapMultiplier, config.weeklyCapMax);
}

/**
 * Splits a cash-out under an open weekly-bonus wager. The player's own stake (what they cashed in
 * beyond the bonus) always comes back; on top of it the covered cash-outs pay at most `cap`. The rest
 * is the excess, which goes to the promotions account.
 */
export function splitCashOut(input: { amount: number; bonus: number; cap: number; cashIn: number; paidOut: number }): {
  toWallet: number;
  excess: number;
} {
  const allowed = input.cap + Math.max(0, input.cashIn - input.bonus);
  const room = Math.max(0, allowed - input.paidOut);
  const toWallet = Math.min(input.amount, room);
  return { toWallet, excess: input.amount - toWallet };
}

/** Local midnight (in the configured offset) of the day holding `now`, as an instant. */
export function dayStart(now: Date, offsetMinutes: number): Date {
  const offsetMs = offsetMinutes * 60_000;
  const local = now.getTime() + offsetMs;
  return new Date(local - mod(local, DAY_MS) - offsetMs);
}

/** The ISO week (Monday 00:00 local) holding `now`: its start, end and key like "2025-W07". */
export function isoWeek(now: Date, offsetMinutes: number): { start: Date; end: Date; key: string } {
  const day = dayStart(now, offsetMinutes);
  const local = new Date(day.getTime() + offsetMinutes * 60_000);
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = new Date(day.getTime() - weekday * DAY_MS);
  const end = new Date(start.getTime() + 7 * DAY_MS);
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date(start.getTime() + offsetMinutes * 60_000 + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / (7 * DAY_MS)) + 1;
  return { start, end, key: `${year}-W${String(week).padStart(2, '0')}` };
}

export function previousIsoWeek(now: Date, offsetMinutes: number) {
  return isoWeek(new Date(isoWeek(now, offsetMinutes).start.getTime() - 1), offsetMinutes);
}

/** Seconds of cooldown left after a claim at `lastAt`, or 0. */
export function cooldownLeft(now: Date, lastAt: Date | null, cooldownSeconds: number): number {
  if (!lastAt) return 0;
  const left = lastAt.getTime() + cooldownSeconds * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export interface ClaimFacts {
  now: Date;
  enabled: boolean;
  /** When the player last received this promotion. */
  lastClaimAt: Date | null;
  /** Wallet balance, minor units. */
  balance: number;
  /** The player has an open slot session (credit may be on a machine). */
  playOpen: boolean;
  /** Net loss of the period the promotion pays on, minor units, never negative. */
  netLoss: number;
}

export interface DiscountRules {
  percent: number;
  cooldownSeconds: number;
  minAmount: number;
  maxAmount: number;
  /** Minor units; the discount needs a balance below it (when `balanceCheck`). */
  minBalance: number;
  balanceCheck: boolean;
}

const refuse = (code: ErrorCode, params: Record<string, number> = {}): Refusal => ({
  grant: false,
  code,
  params: { amount: 0, ...params },
});

/** Discount: a rebate on the net loss since the last discount, for a player whose balance ran low. */
export function decideDiscount(facts: ClaimFacts, rules: DiscountRules): Decision {
  if (!facts.enabled) return refuse(ErrorCode.PromotionDisabled);
  const left = cooldownLeft(facts.now, facts.lastClaimAt, rules.cooldownSeconds);
  if (left > 0) return refuse(ErrorCode.PromotionCooldown, { seconds: left, minutes: Math.ceil(rules.cooldownSeconds / 60) });
  if (facts.playOpen) return refuse(ErrorCode.PromotionPlayOpen);
  if (rules.balanceCheck && facts.balance >= rules.minBalance)
    return refuse(ErrorCode.PromotionBalanceTooHigh, { amount: rules.minBalance });
  const amount = rebate(facts.netLoss, rules.percent, rules.minAmount, rules.maxAmount);
  if (amount === null) return refuse(ErrorCode.PromotionNothingToGrant, { amount: rules.minAmount });
  return { grant: true, amount, netLoss: facts.netLoss };
}

export interface BonusRules {
  percent: number;
  cooldownSeconds: number;
  minAmount: number;
  maxAmount: number;
}

/** Bonus: a rebate on today's net loss since the last bonus; no balance condition. */
export function decideBonus(facts: Omit<ClaimFacts, 'balance' | 'playOpen'>, rules: BonusRules): Decision {
  if (!facts.enabled) return refuse(ErrorCode.PromotionDisabled);
  const left = cooldownLeft(facts.now, facts.lastClaimAt, rules.cooldownSeconds);
  if (left > 0) return refuse(ErrorCode.PromotionCooldown, { seconds: left, minutes: Math.ceil(rules.cooldownSeconds / 60) });
  const amount = rebate(facts.netLoss, rules.percent, rules.minAmount, rules.maxAmount);
  if (amount === null) return refuse(ErrorCode.PromotionNothingToGrant, { amount: rules.minAmount });
  return { grant: true, amount, netLoss: facts.netLoss };
}

export interface WeeklyRules {
  percent: number;
  minAmount: number;
  maxAmount: number;
}

/** Weekly bonus: a share of the previous ISO week's net loss, once per week. */
export function decideWeekly(
  facts: Omit<ClaimFacts, 'balance' | 'lastClaimAt'> & { claimedThisWeek: { amount: number } | null },
  rules: WeeklyRules,
): Decision {
  if (!facts.enabled) return refuse(ErrorCode.PromotionDisabled);
  if (facts.claimedThisWeek) return refuse(ErrorCode.PromotionAlreadyClaimed, { amount: facts.claimedThisWeek.amount });
  if (facts.playOpen) return refuse(ErrorCode.PromotionPlayOpen);
  const amount = rebate(facts.netLoss, rules.percent, rules.minAmount, rules.maxAmount);
  if (amount === null) return refuse(ErrorCode.PromotionNothingToGrant, { amount: rules.minAmount });
  return { grant: true, amount, netLoss: facts.netLoss };
}

export const wagerExpiry = (grantedAt: Date, hours: number) => new Date(grantedAt.getTime() + hours * HOUR_MS);

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
