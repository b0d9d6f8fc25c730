import type { PlayCountersAnswer, PlayCountersReport } from '@reelcast/protocol';
import { PlatformRefusal } from './platform-client.ts';

export interface ReporterOptions {
  send: (report: PlayCountersReport) => Promise<PlayCountersAnswer>;
  /** First wait before a retry (ms); it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

/** Counters to send, and the last update they carry (flush waits for it). */
interface Pending {
  report: PlayCountersReport;
  upTo: number;
}

/**
 * Reports a machine's cumulative play counters to the platform, which feeds the brand jackpots with
 * the new bets (docs/jackpots.md). Off the spin's path: `update` only notes the counters, and sending
 * starts after the current event. At most one report is in flight; updates meanwhile collapse into
 * one with the latest counters of the same seat (they are cumulative, so nothing is lost), while a
 * seat's counters go before the next seat's, so each seat's spins are reported with its session. A
 * report the platform does not answer is tried again, with the latest counters, until it answers; one
 * it refuses (4xx) is dropped, the next carries its bets anyway.
 */
export class PlayCountersReporter {
  readonly #send: ReporterOptions['send'];
  readonly #retryMs: number;
  readonly #maxRetryMs: number;
  readonly #log: NonNullable<ReporterOptions['log']>;
  readonly #queue: Pending[] = [];
  #updates = 0;
  #done = 0;
  #running = false;
  #stopped = false;
  #retryTimer: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  readonly #waiters = new Set<{ upTo: number; resolve: (done: boolean) => void }>();

  constructor(options: ReporterOptions) {
    this.#send = options.send;
    this.#retryMs = options.retryMs ?? 200;
    this.#maxRetryMs = options.maxRetryMs ?? 5_000;
    this.#log = options.log ?? (() => {});
  }

  /** The machine's counters now, and the seat that played them (null: no one). Returns at once. */
  update(report: PlayCountersReport): void {
    if (this.#stopped) return;
    const upTo = ++this.#updates;
    const tail = this.#queue.at(-1);
    if (tail && tail.report.sessionId === report.sessionId) this.#queue[this.#queue.length - 1] = { report, upTo };
    else this.#queue.push({ report, upTo });
    if (!this.#running) setImmediate(() => void this.#run());
  }

  /** Resolves true once every update so far reached the platform, false if `timeoutMs` passed first (it keeps trying). */
  flush(timeoutMs: number): Promise<boolean> {
    const upTo = this.#updates;
    if (this.#done >= upTo || this.#stopped) return Promise.resolve(this.#done >= upTo);
    return new Promise((resolve) => {
      const waiter = {
        upTo,
        resolve: (done: boolean) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(done);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.#waiters.add(waiter);
      // A flush should not wait out a retry's back-off: try now.
      this.#retryTimer?.wake();
    });
  }

  /** Nothing more is sent (the machine stops); the counters are in its state file for the next start. */
  stop(): void {
    this.#stopped = true;
    this.#retryTimer?.wake();
    for (const waiter of this.#waiters) waiter.resolve(false);
  }

  async #run(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    let wait = this.#retryMs;
    try {
      while (!this.#stopped && this.#queue.length) {
        const pending = this.#queue.shift()!;
        try {
          await this.#send(pending.report);
          this.#delivered(pending.upTo);
          wait = this.#retryMs;
        } catch (error) {
          if (error instanceof PlatformRefusal) {
            this.#log('the platform refused a play-counters report; the next one carries its bets', error);
            this.#delivered(pending.upTo);
            continue;
          }
          // Newer counters of the same seat supersede these; else these go first again.
          if (this.#queue[0]?.report.sessionId !== pending.report.sessionId) this.#queue.unshift(pending);
          if (wait === this.#retryMs) this.#log('a play-counters report did not reach the platform; trying again', error);
          await this.#sleep(wait);
          wait = Math.min(wait * 2, this.#maxRetryMs);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #delivered(upTo: number): void {
    this.#done = Math.max(this.#done, upTo);
    for (const waiter of this.#waiters) if (this.#done >= waiter.upTo) waiter.resolve(true);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#retryTimer = null;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.#retryTimer = { timer, wake };
    });
  }
}
