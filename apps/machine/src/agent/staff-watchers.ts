import type { WatchAnswer } from '@reelcast/protocol';
import type { PlatformClient } from './platform-client.ts';

export interface StaffWatchersOptions {
  platform: Pick<PlatformClient, 'watch' | 'liveWatchers'>;
  /** Ends the video these sign-in sessions opened on the machine (VideoTransport.closeViewerSessions). */
  closeViewers: (machineId: string, authSessionIds: readonly string[]) => void;
  log: (message: string, detail?: unknown) => void;
}

interface Watcher extends WatchAnswer {
  machines: Set<string>;
}

/**
 * The members of staff who watch this agent's machines without a seat (docs/console.md "Watch"). A
 * watch offer (`?watch=staff`) is asked of the platform, which answers yes for a live sign-in of a staff
 * or admin account (and writes the audit entry); the token is then known here, so the same request's
 * second check after its answer and the watcher's DELETE need no second question. Every re-check the
 * platform is asked which watchers are still signed in and still in the team; the video of the others
 * ends. A revoked sign-in (the platform's revoke command) ends its watches at once, as a player's video.
 */
export class StaffWatchers {
  readonly #o: StaffWatchersOptions;
  /** Token → the watcher it was granted to. */
  readonly #byToken = new Map<string, Watcher>();
  /** The requests already asked of the platform: a POST is checked twice, before and after its answer. */
  readonly #asked = new WeakMap<object, string | null>();

  constructor(options: StaffWatchersOptions) {
    this.#o = options;
  }

  /** The watch offer `request` with `token`: its viewer (the sign-in session) when the platform says yes, else null. */
  async admit(request: object, machineId: string, token: string, ip?: string): Promise<string | null> {
    if (this.#asked.has(request)) return this.#asked.get(request) ?? null;
    let viewer: string | null = null;
    try {
      const answer = await this.#o.platform.watch(Number(machineId), token, ip);
      const watcher = this.#byToken.get(token) ?? { ...answer, machines: new Set<string>() };
      watcher.machines.add(machineId);
      this.#byToken.set(token, watcher);
      viewer = answer.authSessionId;
    } catch (error) {
      // A refusal (not staff, signed out) or a platform that cannot be asked: no picture.
      this.#o.log('a watch was refused', (error as Error).message);
    }
    this.#asked.set(request, viewer);
    return viewer;
  }

  /** The viewer of a token already granted a watch of this machine (its DELETE), else null. */
  known(token: string, machineId: string): string | null {
    const watcher = this.#byToken.get(token);
    return watcher?.machines.has(machineId) ? watcher.authSessionId : null;
  }

  /** The viewers (sign-in sessions) granted a watch of this machine: their video outlives its seat. */
  viewersOf(machineId: string): Set<string> {
    return new Set([...this.#byToken.values()].filter((w) => w.machines.has(machineId)).map((w) => w.authSessionId));
  }

  /** Asks the platform which watchers are still live members; the others' video ends and their tokens are forgotten. */
  async recheck(): Promise<void> {
    const watchers = [...this.#byToken.values()];
    if (!watchers.length) return;
    const live = await this.#o.platform.liveWatchers(watchers.map(({ authSessionId, playerId }) => ({ authSessionId, playerId })));
    this.#end((watcher) => !live.has(watcher.authSessionId));
  }

  /**
   * These sign-in sessions ended (the platform's revoke command: a logout, a password change, a ban):
   * their watches end now, not at the next re-check.
   */
  end(authSessionIds: readonly string[]): void {
    const ended = new Set(authSessionIds);
    this.#end((watcher) => ended.has(watcher.authSessionId));
  }

  #end(ends: (watcher: Watcher) => boolean): void {
    for (const [token, watcher] of this.#byToken) {
      if (!ends(watcher)) continue;
      this.#byToken.delete(token);
      for (const machineId of watcher.machines) this.#o.closeViewers(machineId, [watcher.authSessionId]);
    }
  }

  /** Re-checks every `everyMs`, one at a time; returns the stop function. */
  start(everyMs: number): () => void {
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      this.recheck()
        .catch((error) => this.#o.log("re-checking the staff's watches failed; tried again at the next interval", error))
        .finally(() => (checking = false));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
