import { describe, expect, it } from 'vitest';
import { allInAmount, hotCoinOptions } from './money';

describe('hot coins and all-in', () => {
  it('enables only the coins the wallet covers', () => {
    expect(hotCoinOptions([500, 5000, 10000], 6000)).toEqual([
      { amount: 500, enabled: true },
      { amount: 5000, enabled: true },
      { amount: 10000, enabled: false },
    ]);
    expect(hotCoinOptions([500], undefined)).toEqual([{ amount: 500, enabled: false }]);
  });

  it('caps all-in at maxAllInLimit', () => {
    expect(allInAmount(9_000_000, 2_500_000)).toBe(2_500_000);
    expect(allInAmount(12_345, 2_500_000)).toBe(12_345);
    expect(allInAmount(0, 2_500_000)).toBe(0);
    expect(allInAmount(undefined, 2_500_000)).toBe(0);
  });
});
