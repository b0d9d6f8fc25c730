import { expect, it } from 'vitest';
import { FakeScheduler } from '../cabinet/sas/fake-scheduler-test-helpers.ts';
import { retryWithBackoff } from './retry-with-backoff.ts';

it('tries again after 1, 2, 4, 8, 8 s while the attempt fails, and stops once it succeeds', async () => {
  const scheduler = new FakeScheduler();
  const tries: number[] = [];
  const waits: number[] = [];
  await retryWithBackoff(
    async () => {
      tries.push(scheduler.now());
      if (tries.length < 6) throw new Error('no device');
    },
    (_error, retryInMs) => waits.push(retryInMs),
    { firstMs: 1_000, maxMs: 8_000 },
    scheduler,
  );
  await scheduler.advance(60_000);
  expect(tries).toEqual([0, 1_000, 3_000, 7_000, 15_000, 23_000]);
  expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
});

it('tries no more once stopped', async () => {
  const scheduler = new FakeScheduler();
  let tries = 0;
  const stop = await retryWithBackoff(
    () => {
      tries++;
      return Promise.reject(new Error('no device'));
    },
    () => {},
    { firstMs: 1_000, maxMs: 8_000 },
    scheduler,
  );
  await scheduler.advance(1_000);
  stop();
  await scheduler.advance(60_000);
  expect(tries).toBe(2);
});
