import fs from 'node:fs';
import net from 'node:net';

/** The lowest port handed out: below it are the well-known and most registered services' ports. */
const LOWEST = 10_000;

/**
 * The first port of the range the OS hands out on its own, to `listen(0)` and to every outgoing
 * connection (Linux's ip_local_port_range; 32768 where it cannot be read, which macOS's 49152 is above).
 */
function ephemeralStart() {
  try {
    const [start] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) > LOWEST ? Number(start) : 32_768;
  } catch {
    return 32_768;
  }
}

/** ephemeralStart(), read once: it does not change while a test runs. */
let ownRangeStart;

/** Whether `port` can be listened on at 127.0.0.1 right now (listened on, then closed). */
function bindable(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 right now, for a child process to listen on, taken at random below the
 * OS's own range. A port the OS picked (`listen(0)`) was free when asked but could be handed out again
 * before the child listened, or between a kill and a restart on the same port: to another process's
 * `listen(0)` or, more often, as the local port of an outgoing connection (a database pool's). The crash
 * test's agent once found its port held that way for the whole seed (EADDRINUSE at every restart, with
 * the PostgreSQL tests and the deploy recipe beside it). Below that range only a process that names its
 * port takes it.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const end = (ownRangeStart ??= ephemeralStart());
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await bindable(port)) return port;
  }
  throw new Error(`freePort: no free port found in 100 tries between ${LOWEST} and ${end}`);
}
