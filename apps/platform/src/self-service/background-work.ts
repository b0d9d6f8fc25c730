/**
 * Work done after the answer has left: what a registration or a reset request leads to (account
 * lookups, links, mails) happens here, so the answer is the same, and as quick, whatever the accounts
 * are. `settled` waits for all of it (a platform that closes; tests).
 */
export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();
  readonly #failed: (error: unknown) => void;

  constructor(failed: (error: unknown) => void) {
    this.#failed = failed;
  }

  /** Starts `work` once the current request's answer is on its way (the next turn of the event loop). */
  run(work: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.#failed(error))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  async settled(): Promise<void> {
    while (this.#pending.size) await Promise.allSettled([...this.#pending]);
  }
}
