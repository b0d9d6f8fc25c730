import { z } from 'zod';
import { parseEnv } from '@reelcast/protocol/server';

const minor = z.coerce.number().int().nonnegative();
const percent = z.coerce.number().min(0).max(100);

/**
 * Every number of the promotion rules (docs/business-rules.md), with its default. Each can be set from
 * the environment (the name in brackets). The switches and the discount's minimum balance come from
 * the operator's Settings.json instead (autoDiscount, autoBonus, weeklyBonus, discountMinBalance,
 * discountBalanceCheck), read on every claim. Amounts are minor units (kuruş).
 */
export const promotionsConfigSchema = z.object({
  /** [PROMO_DISCOUNT_PERCENT] share of the net loss since the last discount that the discount pays. */
  discountPercent: percent.default(10),
  /** [PROMO_DISCOUNT_COOLDOWN_SECONDS] time between two discounts. */
  discountCooldownSeconds: z.coerce.number().int().nonnegative().default(300),
  /** [PROMO_DISCOUNT_MIN_AMOUNT] a smaller discount is not paid (answers "nothing to grant"). */
  discountMinAmount: minor.default(100),
  /** [PROMO_DISCOUNT_MAX_AMOUNT] a larger discount is cut to this. */
  discountMaxAmount: minor.default(500_000),
  /** [PROMO_BONUS_PERCENT] share of today's net loss since the last bonus that the bonus pays. */
  bonusPercent: percent.default(5),
  /** [PROMO_BONUS_COOLDOWN_SECONDS] */
  bonusCooldownSeconds: z.coerce.number().int().nonnegative().default(300),
  /** [PROMO_BONUS_MIN_AMOUNT] */
  bonusMinAmount: minor.default(100),
  /** [PROMO_BONUS_MAX_AMOUNT] */
  bonusMaxAmount: minor.default(250_000),
  /** [PROMO_WEEKLY_PERCENT] share of the previous week's net loss that the weekly bonus pays. */
  weeklyPercent: percent.default(15),
  /** [PROMO_WEEKLY_MIN_AMOUNT] */
  weeklyMinAmount: minor.default(1_000),
  /** [PROMO_WEEKLY_MAX_AMOUNT] */
  weeklyMaxAmount: minor.default(1_000_000),
  /** [PROMO_WEEKLY_CAP_MULTIPLIER] the weekly bonus pays out at most this many times the bonus... */
  weeklyCapMultiplier: z.coerce.number().int().positive().default(10),
  /** [PROMO_WEEKLY_CAP_MAX] ...and never more than this (100,000.00 TL). */
  weeklyCapMax: minor.default(10_000_000),
  /** [PROMO_WEEKLY_WAGER_HOURS] how long after the grant the payout cap watches the player's cash-outs. */
  weeklyWagerHours: z.coerce.number().positive().default(24),
  /** [PROMO_TIMEZONE_OFFSET_MINUTES] days and ISO weeks start at local midnight here (Europe/Istanbul, UTC+3, no DST). */
  timezoneOffsetMinutes: z.coerce
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(180),
});
export type PromotionsConfig = z.infer<typeof promotionsConfigSchema>;

export const promotionsEnvNames: Record<keyof PromotionsConfig, string> = {
  discountPercent: 'PROMO_DISCOUNT_PERCENT',
  discountCooldownSeconds: 'PROMO_DISCOUNT_COOLDOWN_SECONDS',
  discountMinAmount: 'PROMO_DISCOUNT_MIN_AMOUNT',
  discountMaxAmount: 'PROMO_DISCOUNT_MAX_AMOUNT',
  bonusPercent: 'PROMO_BONUS_PERCENT',
  bonusCooldownSeconds: 'PROMO_BONUS_COOLDOWN_SECONDS',
  bonusMinAmount: 'PROMO_BONUS_MIN_AMOUNT',
  bonusMaxAmount: 'PROMO_BONUS_MAX_AMOUNT',
  weeklyPercent: 'PROMO_WEEKLY_PERCENT',
  weeklyMinAmount: 'PROMO_WEEKLY_MIN_AMOUNT',
  weeklyMaxAmount: 'PROMO_WEEKLY_MAX_AMOUNT',
  weeklyCapMultiplier: 'PROMO_WEEKLY_CAP_MULTIPLIER',
  weeklyCapMax: 'PROMO_WEEKLY_CAP_MAX',
  weeklyWagerHours: 'PROMO_WEEKLY_WAGER_HOURS',
  timezoneOffsetMinutes: 'PROMO_TIMEZONE_OFFSET_MINUTES',
};

export const defaultPromotionsConfig: PromotionsConfig = promotionsConfigSchema.parse({});

/** Reads the promotion numbers from the environment; `overrides` win (tests). Invalid values fail at start. */
export function loadPromotionsConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PromotionsConfig> = {}): PromotionsConfig {
  return parseEnv(promotionsConfigSchema, promotionsEnvNames, env, overrides, 'Invalid promotions configuration');
}
