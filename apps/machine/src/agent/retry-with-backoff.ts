import type { Scheduler } from '../cabinet/sas/scheduler.ts';

export interface Backoff {
  /** The wait after the first failure (ms); each failure after it waits twice as long... */
  firstMs: number;
  /** ...up to this (ms). */
  maxMs: number;
}

/**
 * Runs `attempt` now and, while it throws, again after `firstMs`, then after twice as long each time up
 * to `maxMs`; `failed` hears each failure with the wait before the next try. Resolves once the first
 * attempt is over, with the function that stops the retries.
 */
export async function retryWithBackoff(
  attempt: () => Promise<void>,
  failed: (error: unknown, retryInMs: number) => void,
  backoff: Backoff,
  scheduler: Scheduler,
): Promise<() => void> {
  let stopped = false;
  let cancel = () => {};
  const run = async (waitMs: number): Promise<void> => {
    try {
      await attempt();
    } catch (error) {
      if (stopped) return;
      failed(error, waitMs);
      cancel = scheduler.after(waitMs, () => void run(Math.min(waitMs * 2, backoff.maxMs)));
    }
  };
  await run(Math.min(backoff.firstMs, backoff.maxMs));
  return () => {
    stopped = true;
    cancel();
  };
}
