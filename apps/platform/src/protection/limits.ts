import { limitPeriods, type LimitKey, type LimitPeriod } from '@reelcast/protocol';

/** The money limits by what they count and over which period. */
export const moneyLimitKeys: Record<'cashIn' | 'loss', Record<LimitPeriod, LimitKey>> = {
  cashIn: { day: 'cashInDay', week: 'cashInWeek', month: 'cashInMonth' },
  loss: { day: 'lossDay', week: 'lossWeek', month: 'lossMonth' },
};

export const periodWords: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** A change is stricter when it sets a limit where there was none, or a lower one. */
export function isStricter(current: number | null, next: number | null): boolean {
  return next !== null && (current === null || next < current);
}

/** The tightest of the limits a cash-in must stay within, or null when it may go ahead. */
export interface Breach {
  kind: 'cashIn' | 'loss';
  period: LimitPeriod;
  limit: number;
  remaining: number;
}

/**
 * Whether `amount` more into play passes a limit: cash-ins counted against the cash-in limits, and the
 * net loss (cash-ins minus what came back) against the loss limits, as if the new money were lost too.
 * Answers the limit with the least room left.
 */
export function breachOf(
  limits: Partial<Record<LimitKey, number | null>>,
  used: Record<LimitPeriod, { cashIn: number; paidBack: number }>,
  amount: number,
): Breach | null {
  let tightest: Breach | null = null;
  for (const period of limitPeriods) {
    const figures = { cashIn: used[period].cashIn, loss: used[period].cashIn - used[period].paidBack };
    for (const kind of ['cashIn', 'loss'] as const) {
      const limit = limits[moneyLimitKeys[kind][period]];
      if (limit === null || limit === undefined) continue;
      const remaining = Math.max(0, limit - figures[kind]);
      if (amount > remaining && (!tightest || remaining < tightest.remaining)) tightest = { kind, period, limit, remaining };
    }
  }
  return tightest;
}
