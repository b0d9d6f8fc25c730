import { describe, expect, it } from 'vitest';
import { SnapshotLocalStore } from './rate-limits.ts';

describe('SnapshotLocalStore', () => {
  it('gives each of a burst of increments its own count, even when the callers read them after the burst', () => {
    const store = new SnapshotLocalStore({}).child({});
    const seen: { current: number; ttl: number }[] = [];
    for (let i = 0; i < 3; i++) store.incr('login:127.0.0.1', (error, counted) => seen.push(counted!), 60_000, 5);
    // Read only now, as an awaiting caller does after the next requests have counted.
    expect(seen.map((counted) => counted.current)).toEqual([1, 2, 3]);
    expect(seen.every((counted) => counted.ttl > 0 && counted.ttl <= 60_000)).toBe(true);
  });

  it('reads without counting', () => {
    const store = new SnapshotLocalStore({});
    store.incr('api:127.0.0.1', () => {}, 60_000, 5);
    let read: { current: number } | undefined;
    store.read('api:127.0.0.1', (error, counted) => (read = counted), 60_000, 5);
    store.read('api:127.0.0.1', (error, counted) => (read = counted), 60_000, 5);
    expect(read?.current).toBe(1);
  });
});
