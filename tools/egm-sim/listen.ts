import fs from 'node:fs';
import type net from 'node:net';

/**
 * Starts `server` on a Unix socket (a path: a stale file there is removed) or TCP (a port, or host:port;
 * the host defaults to 127.0.0.1), and answers where it listens: the path, or host:port.
 */
export async function listenOn(server: net.Server, where: string | number): Promise<string> {
  const tcp = typeof where === 'number' || /^\d+$/.test(where) ? { host: '127.0.0.1', port: Number(where) } : /^(.+):(\d+)$/.exec(where);
  const options = tcp === null ? { path: String(where) } : Array.isArray(tcp) ? { host: tcp[1]!, port: Number(tcp[2]) } : tcp;
  if ('path' in options) fs.rmSync(options.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => resolve());
  });
  const bound = server.address();
  return typeof bound === 'string' ? bound : `${bound!.address}:${bound!.port}`;
}
