/** Time for the SAS host: every wait goes through it, so tests run the protocol's timing on fake time. */
export interface Scheduler {
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it. */
  after(ms: number, callback: () => void): () => void;
}

export const systemScheduler: Scheduler = {
  now: () => performance.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** A promise that settles after `ms` on the scheduler's time. */
export const sleep = (scheduler: Scheduler, ms: number) => new Promise<void>((resolve) => scheduler.after(ms, resolve));
