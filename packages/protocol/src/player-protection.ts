import { z } from 'zod/mini';
import { MAX_AMOUNT_MINOR } from './money.ts';

/**
 * Player protection (docs/player-protection.md): the limits a player sets on themselves, the reality
 * check, time-outs and self-exclusion. Amounts are minor units; times are ISO 8601 strings.
 */

/** The calendar periods a money limit counts over, in the operator's time zone (Settings.json `playerProtection.timeZone`). */
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/**
 * Every limit a player can set. Money limits (minor units) count over a calendar period; the two time
 * limits are minutes.
 */
export const limitKeys = [
  'cashInDay',
  'cashInWeek',
  'cashInMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'sessionMinutes',
  'dailyPlayMinutes',
] as const;
export const limitKey = z.enum(limitKeys);
export type LimitKey = z.infer<typeof limitKey>;

/** How long a cooling-off lasts before a looser limit can be confirmed (RTS 12). */
export const LIMIT_COOLING_OFF_HOURS = 24;

/** A limit's value: minor units for money, minutes for time; null is "no limit". */
const limitValue = z.nullable(z.int().check(z.positive(), z.maximum(MAX_AMOUNT_MINOR)));

/** The money limits, as the limits change and registration give them. */
const moneyLimits = {
  cashInDay: z.optional(limitValue),
  cashInWeek: z.optional(limitValue),
  cashInMonth: z.optional(limitValue),
  lossDay: z.optional(limitValue),
  lossWeek: z.optional(limitValue),
  lossMonth: z.optional(limitValue),
};

/** PUT /player/protection/limits: the limits to change (keys left out stay as they are). */
export const limitsChangeRequest = z.strictObject({
  limits: z.strictObject({ ...moneyLimits, sessionMinutes: z.optional(limitValue), dailyPlayMinutes: z.optional(limitValue) }),
});
export type LimitsChangeRequest = z.infer<typeof limitsChangeRequest>;

/** POST /player/protection/limits/confirm: confirms a looser limit whose cooling-off has passed. */
export const limitConfirmRequest = z.strictObject({ key: limitKey });

export const protectionLimit = z.object({
  key: limitKey,
  /** The limit in force. */
  value: z.nullable(z.int()),
  /** A looser value waiting for its cooling-off and the player's confirmation. */
  pending: z.nullable(
    z.object({
      value: z.nullable(z.int()),
      requestedAt: z.string(),
      /** From this moment the player may confirm it. */
      confirmableAt: z.string(),
    }),
  ),
});
export type ProtectionLimit = z.infer<typeof protectionLimit>;

export const exclusionKinds = ['time-out', 'self-exclusion'] as const;
export const exclusionKind = z.enum(exclusionKinds);
export type ExclusionKind = z.infer<typeof exclusionKind>;

/** Bounds of a time-out (hours) and a self-exclusion (months). */
export const TIME_OUT_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;

/** POST /player/protection/exclusion: a time-out of 24 h to 6 weeks or a self-exclusion of 6 months to 5 years. */
export const exclusionRequest = z.union([
  z.strictObject({ kind: z.literal('time-out'), hours: z.int().check(z.minimum(TIME_OUT_HOURS.min), z.maximum(TIME_OUT_HOURS.max)) }),
  z.strictObject({
    kind: z.literal('self-exclusion'),
    months: z.int().check(z.minimum(SELF_EXCLUSION_MONTHS.min), z.maximum(SELF_EXCLUSION_MONTHS.max)),
  }),
]);
export type ExclusionRequest = z.infer<typeof exclusionRequest>;

export const exclusion = z.object({ kind: exclusionKind, startsAt: z.string(), until: z.string() });
export type Exclusion = z.infer<typeof exclusion>;

/** The reality check's intervals a player may choose, in minutes. */
export const realityCheckIntervals = [15, 30, 45, 60, 90, 120] as const;
export const realityCheckMinutes = z.union(realityCheckIntervals.map((m) => z.literal(m)));

/** PUT /player/protection/reality-check. */
export const realityCheckChangeRequest = z.strictObject({ minutes: realityCheckMinutes });

/** POST /player/protection/reality-check/answer: what the player chose when the game paused (kept in the audit log). */
export const realityCheckAnswerRequest = z.strictObject({
  machineId: z.int().check(z.positive()),
  choice: z.enum(['continue', 'stop']),
  playedSeconds: z.int().check(z.nonnegative()),
  /** The session's net result so far: cash-outs and credit minus cash-ins, minor units (negative: a loss). */
  net: z.int(),
});
export type RealityCheckAnswerRequest = z.infer<typeof realityCheckAnswerRequest>;

const periodFigures = z.object({ day: z.int(), week: z.int(), month: z.int() });

/** GET /player/protection (and the answer of every change): the limits, the figures they count, the reality check. */
export const protectionStatus = z.object({
  limits: z.array(protectionLimit),
  realityCheckMinutes: z.int(),
  /** Money moved into play (cash-ins less voided ones) in the current day, week and month. */
  cashIn: periodFigures,
  /** Net loss (cash-ins minus cash-outs, hand pays and jackpots) in the current day, week and month. */
  loss: periodFigures,
  /** When the current periods began, in the operator's time zone. */
  periodStarts: z.object({ day: z.string(), week: z.string(), month: z.string() }),
  timeZone: z.string(),
  /** Whether registration asked for limits (Settings.json `playerProtection.limitsMandatory`). */
  limitsMandatory: z.boolean(),
});
export type ProtectionStatus = z.infer<typeof protectionStatus>;

/** The limits a new player gives at registration when the operator makes them mandatory. */
export const registrationLimits = z.strictObject(moneyLimits);
