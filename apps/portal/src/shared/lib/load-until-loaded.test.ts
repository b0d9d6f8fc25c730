import { describe, expect, it, vi } from 'vitest';
import { loadUntilLoaded } from './load-until-loaded';

describe('loadUntilLoaded', () => {
  it('tries a failed fetch again when the browser is back online, and answers what arrived', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce('chunk');
    const loaded = loadUntilLoaded(load, () => false, 60_000);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after the retry time without an online event, and stops when told', async () => {
    let stop = false;
    const load = vi.fn().mockRejectedValue(new TypeError('offline'));
    const loaded = loadUntilLoaded(load, () => stop, 10);
    await vi.waitFor(() => expect(load.mock.calls.length).toBeGreaterThanOrEqual(3));
    stop = true;
    await expect(loaded).resolves.toBeNull();
  });
});
