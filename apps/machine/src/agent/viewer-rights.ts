import type { Scheduler } from '../cabinet/sas/scheduler.ts';

/**
 * Who may watch a machine's video (docs/video.md): the tokens the seated player joined with, each with
 * its sign-in session, and the joins under way, whose answer decides for a video request that came
 * with their token.
 */
export class ViewerRights {
  readonly #scheduler: Scheduler;
  /**
   * How long a video request whose token holds no seat waits for a seat request with that token to
   * arrive (the portal sends both at once, and either may come first), before it is refused.
   */
  readonly #waitForJoinMs: number;
  /** Token → sign-in session, of the seat now. */
  #tokens = new Map<string, string>();
  /** Joins under way by the token they came with. */
  readonly #joining = new Map<string, Promise<unknown>>();
  /** Video requests waiting for a join with their token to arrive. */
  readonly #joinWaiters = new Map<string, Set<() => void>>();

  constructor(scheduler: Scheduler, waitForJoinMs: number) {
    this.#scheduler = scheduler;
    this.#waitForJoinMs = waitForJoinMs;
  }

  /** The sign-in session of a token the seated player joined with, else null. */
  viewerOf(token: string | null): string | null {
    return (token && this.#tokens.get(token)) || null;
  }

  /** The seat's tokens, as [token, sign-in session] pairs (saved with the seat). */
  entries(): [string, string][] {
    return [...this.#tokens];
  }

  /** The sign-in sessions whose tokens open the seat. */
  authSessionIds(): string[] {
    return [...new Set(this.#tokens.values())];
  }

  /** A seat's tokens: a new seat's `entries` (none when it ended), plus the token it was just joined with. */
  seat(entries: Iterable<[string, string]>): void {
    this.#tokens = new Map(entries);
  }

  /** Removes the tokens of these sign-in sessions; true if any was removed. */
  endSignIns(ended: ReadonlySet<string>): boolean {
    let removed = false;
    for (const [token, authSessionId] of this.#tokens) {
      if (!ended.has(authSessionId)) continue;
      this.#tokens.delete(token);
      removed = true;
    }
    return removed;
  }

  /** A join with `token` is under way: a video request with that token waits for its answer. */
  joinStarted(token: string, joined: Promise<unknown>): void {
    this.#joining.set(token, joined);
    for (const arrived of [...(this.#joinWaiters.get(token) ?? [])]) arrived();
    const settled = () => {
      if (this.#joining.get(token) === joined) this.#joining.delete(token);
    };
    joined.then(settled, settled);
  }

  /**
   * viewerOf(token) once a join with that token that is under way, or arrives within the wait, has
   * been answered: the portal asks for the video while its seat request is still with the platform.
   */
  async viewerOfAfterJoin(token: string | null): Promise<string | null> {
    if (token && !this.#joining.has(token) && this.viewerOf(token) === null) await this.#joinArrives(token);
    const joining = token ? this.#joining.get(token) : undefined;
    if (joining) await joining.catch(() => {});
    return this.viewerOf(token);
  }

  #joinArrives(token: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#joinWaiters.get(token) ?? new Set<() => void>();
      const arrived = () => {
        cancel();
        waiters.delete(arrived);
        if (waiters.size === 0 && this.#joinWaiters.get(token) === waiters) this.#joinWaiters.delete(token);
        resolve();
      };
      const cancel = this.#scheduler.after(this.#waitForJoinMs, arrived);
      waiters.add(arrived);
      this.#joinWaiters.set(token, waiters);
    });
  }
}
