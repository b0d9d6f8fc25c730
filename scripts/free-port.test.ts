import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './lib/free-port.mjs';

/** Linux's first port for listen(0) and outgoing connections. */
const ephemeralStart = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePort', () => {
  it('gives ports below the range the OS hands out on its own, each free to listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    // Random, not one port again and again.
    expect(new Set(ports).size).toBeGreaterThan(15);
    // Free: a server listens on the first.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
