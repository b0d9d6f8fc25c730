import type { Scheduler } from '../cabinet/sas/scheduler.ts';

/** The host's time: the wall clock (seats and spins are saved with it), timers that keep no process alive. */
export const hostScheduler: Scheduler = {
  now: () => Date.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * A host's timers by name, on an injected scheduler (fake time in tests): setting one replaces the
 * one of that name; once stopped, none is set again.
 */
export class HostTimers<Name extends string> {
  readonly #scheduler: Scheduler;
  readonly #cancels = new Map<Name, () => void>();
  #stopped = false;

  constructor(scheduler: Scheduler) {
    this.#scheduler = scheduler;
  }

  now(): number {
    return this.#scheduler.now();
  }

  /** Calls `callback` once after `ms`, unless cleared or replaced first. */
  set(name: Name, ms: number, callback: () => void): void {
    this.clear(name);
    if (this.#stopped) return;
    const cancel = this.#scheduler.after(Math.max(0, ms), () => {
      if (this.#cancels.get(name) !== cancel) return;
      this.#cancels.delete(name);
      callback();
    });
    this.#cancels.set(name, cancel);
  }

  /** Calls `callback` every `ms` until cleared; setting it again while it runs changes nothing. */
  every(name: Name, ms: number, callback: () => void): void {
    if (this.#cancels.has(name)) return;
    const tick = () => {
      this.set(name, ms, tick);
      callback();
    };
    this.set(name, ms, tick);
  }

  has(name: Name): boolean {
    return this.#cancels.has(name);
  }

  clear(name: Name): void {
    this.#cancels.get(name)?.();
    this.#cancels.delete(name);
  }

  stop(): void {
    this.#stopped = true;
    for (const name of [...this.#cancels.keys()]) this.clear(name);
  }
}
