import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { PromotionKind } from '@reelcast/protocol';
import { claimInFlight } from '../api/claim-promotion';
import { CLAIM_WINDOW_MS, claimAttemptKeys, recordAttempt, withinWindow } from './claim-window';

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
  it('refuses a second claim until the first ends', async () => {
    const queryClient = new QueryClient();
    let end!: () => void;
    const claim = (kind: PromotionKind) => {
      const answered = new Promise<void>((resolve) => (end = resolve));
      return new MutationObserver(queryClient, { mutationKey: ['promotions', kind], mutationFn: () => answered }).mutate();
    };
    expect(claimInFlight(queryClient)).toBe(false);
    const discount = claim('discount');
    expect(claimInFlight(queryClient)).toBe(true);
    end();
    await discount;
    expect(claimInFlight(queryClient)).toBe(false);
    const weekly = claim('weekly');
    expect(claimInFlight(queryClient)).toBe(true);
    end();
    await weekly;
  });
});
