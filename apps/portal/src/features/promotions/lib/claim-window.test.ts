import { describe, expect, it } from 'vitest';
import { CLAIM_WINDOW_MS, claimAttemptKeys, recordAttempt, withinWindow } from './claim-window';
import { beginClaim, endClaim } from './claim-in-flight';

describe('claim window', () => {
  it('blocks for 30000 ms after the stored attempt, then lets the next one through', () => {
    const key = claimAttemptKeys.discount;
    expect(withinWindow(key, 1_000_000)).toBe(false);
    recordAttempt(key, 1_000_000);
    expect(window.localStorage.getItem(key)).toBe('1000000');
    expect(withinWindow(key, 1_000_000 + CLAIM_WINDOW_MS - 1)).toBe(true);
    expect(withinWindow(key, 1_000_000 + CLAIM_WINDOW_MS)).toBe(false);
  });

  it('stores the weekly bonus attempt under l_c_bw', () => {
    expect(claimAttemptKeys.weekly).toBe('l_c_bw');
  });
});

describe('one claim in flight', () => {
  it('refuses a second claim until the first ends', () => {
    expect(beginClaim('discount')).toBe(true);
    expect(beginClaim('bonus')).toBe(false);
    expect(beginClaim('weekly')).toBe(false);
    endClaim();
    expect(beginClaim('weekly')).toBe(true);
    endClaim();
  });
});
