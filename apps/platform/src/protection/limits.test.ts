import { describe, expect, it } from 'vitest';
import { breachOf, isStricter } from './limits.ts';

const used = (day: [number, number], week: [number, number] = day, month: [number, number] = week) => ({
  day: { cashIn: day[0], paidBack: day[1] },
  week: { cashIn: week[0], paidBack: week[1] },
  month: { cashIn: month[0], paidBack: month[1] },
});

describe('limit arithmetic', () => {
  it('a cash-in may fill a cash-in limit to the kuruş, not one more', () => {
    expect(breachOf({ cashInDay: 10_000 }, used([7_000, 0]), 3_000)).toBeNull();
    expect(breachOf({ cashInDay: 10_000 }, used([7_000, 0]), 3_001)).toEqual({
      kind: 'cashIn',
      period: 'day',
      limit: 10_000,
      remaining: 3_000,
    });
  });

  it('the loss counts cash-ins less what came back, and the new money as if lost', () => {
    // 9,000 in, 6,000 back: a loss of 3,000; 2,000 more is a possible 5,000.
    expect(breachOf({ lossDay: 5_000 }, used([9_000, 6_000]), 2_000)).toBeNull();
    expect(breachOf({ lossDay: 5_000 }, used([9_000, 6_000]), 2_001)?.kind).toBe('loss');
    // Winnings above the cash-ins leave room up to the limit only from zero.
    expect(breachOf({ lossDay: 5_000 }, used([1_000, 9_000]), 5_000)).toBeNull();
  });

  it('answers the limit with the least room left, whichever period it counts', () => {
    const breach = breachOf(
      { cashInDay: 50_000, cashInWeek: 20_000, lossMonth: 30_000 },
      used([1_000, 0], [14_000, 0], [25_000, 0]),
      6_000,
    );
    expect(breach).toEqual({ kind: 'loss', period: 'month', limit: 30_000, remaining: 5_000 });
  });

  it('a limit set where there was none, or lowered, is stricter; raised or removed is not', () => {
    expect(isStricter(null, 100)).toBe(true);
    expect(isStricter(200, 100)).toBe(true);
    expect(isStricter(100, 200)).toBe(false);
    expect(isStricter(100, null)).toBe(false);
    expect(isStricter(100, 100)).toBe(false);
  });
});
