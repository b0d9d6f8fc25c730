import type { MachineHost } from './machine-host.ts';
import type { PlatformClient } from './platform-client.ts';

export interface SignInWatchOptions {
  hosts: ReadonlyMap<number, MachineHost>;
  platform: PlatformClient;
  everyMs: number;
  log: (message: string, detail?: unknown) => void;
}

/**
 * The backstop behind the platform's revoke command (docs/game-socket.md "Signed out"): every
 * `everyMs` the agent asks the platform which of its seats' sign-in sessions are still live, and ends
 * the others: an expiry, or a logout or ban it did not hear of (it was down or unreachable). While the
 * platform cannot be asked, nothing is ended. Returns a stop function.
 */
export function watchSignIns({ hosts, platform, everyMs, log }: SignInWatchOptions): () => void {
  let checking = false;
  const check = async () => {
    const asked = [...new Set([...hosts.values()].flatMap((host) => host.authSessionIds()))];
    if (!asked.length) return;
    const live = await platform.liveAuthSessions(asked);
    // Only sessions that were asked about: a token that joined meanwhile was checked when it joined.
    const ended = asked.filter((id) => !live.has(id));
    if (ended.length) await Promise.all([...hosts.values()].map((host) => host.revoke(ended)));
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check()
      .catch((error) => log('re-checking sign-in sessions failed; tried again at the next interval', error))
      .finally(() => (checking = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
