// Test helper (not a test file): fake time in milliseconds for the SAS host.
import type { Scheduler } from './scheduler.ts';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

/** Lets every pending promise continuation run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeScheduler implements Scheduler {
  #now = 0;
  #seq = 0;
  #timers: Timer[] = [];

  now(): number {
    return this.#now;
  }

  after(ms: number, callback: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, ms), seq: this.#seq++, callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((other) => other !== timer);
    };
  }

  /** Runs the timers due in the next `ms`, in order, letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await flush();
    for (let next = this.#next(); next && next.at <= target; next = this.#next()) {
      this.#timers = this.#timers.filter((timer) => timer !== next);
      this.#now = next.at;
      next.callback();
      await flush();
    }
    this.#now = target;
    await flush();
  }

  /** Runs timers until `promise` settles; fails past `limitMs` of fake time. */
  async until<T>(promise: Promise<T>, limitMs = 60_000): Promise<T> {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    const limit = this.#now + limitMs;
    await flush();
    while (!settled) {
      const next = this.#next();
      if (!next || next.at > limit) throw new Error(`still waiting after ${limitMs} ms of fake time`);
      await this.advance(next.at - this.#now);
    }
    return promise;
  }

  #next(): Timer | undefined {
    return this.#timers.reduce<Timer | undefined>(
      (first, timer) => (!first || timer.at < first.at || (timer.at === first.at && timer.seq < first.seq) ? timer : first),
      undefined,
    );
  }
}
