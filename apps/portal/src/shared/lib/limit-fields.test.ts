import { describe, expect, it } from 'vitest';
import { limitTextOf, limitValueOf } from './limit-fields';

describe('limit fields', () => {
  it('money is typed in currency units and sent in minor units, never rounded silently', () => {
    expect(limitValueOf('cashInDay', '250')).toBe(25_000);
    expect(limitValueOf('cashInDay', '99,50')).toBe(9_950);
    expect(limitValueOf('cashInDay', '0.015')).toBeUndefined();
    expect(limitValueOf('cashInDay', '0')).toBeUndefined();
    expect(limitValueOf('cashInDay', '-5')).toBeUndefined();
    expect(limitValueOf('lossWeek', '')).toBeNull();
    expect(limitTextOf('cashInDay', 9_950)).toBe('99.50');
    expect(limitTextOf('cashInDay', 25_000)).toBe('250');
  });

  it('time limits are whole minutes', () => {
    expect(limitValueOf('sessionMinutes', '90')).toBe(90);
    expect(limitValueOf('sessionMinutes', '1.5')).toBeUndefined();
    expect(limitTextOf('dailyPlayMinutes', null)).toBe('');
  });
});
