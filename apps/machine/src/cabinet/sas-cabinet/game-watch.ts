import type { Scheduler } from '../sas/index.ts';

/**
 * Whether a game is being played, from the machine's game-started and game-ended exceptions, and
 * waits for either with a time limit on the cabinet's scheduler.
 */
export class GameWatch {
  #inProgress = false;
  readonly #waiters = new Set<{ on: 'started' | 'ended'; done: (seen: boolean) => void }>();

  constructor(private readonly scheduler: Scheduler) {}

  get inProgress(): boolean {
    return this.#inProgress;
  }

  started(): void {
    this.#inProgress = true;
    this.#settle('started');
  }

  ended(): void {
    this.#inProgress = false;
    this.#settle('ended');
  }

  /** Resolves true when the game event comes within `ms` from now, false when it does not. */
  next(on: 'started' | 'ended', ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        on,
        done: (seen: boolean) => {
          cancel();
          this.#waiters.delete(waiter);
          resolve(seen);
        },
      };
      const cancel = this.scheduler.after(ms, () => waiter.done(false));
      this.#waiters.add(waiter);
    });
  }

  #settle(on: 'started' | 'ended'): void {
    for (const waiter of [...this.#waiters]) if (waiter.on === on) waiter.done(true);
  }
}
