import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FanoutAdapter } from '../src/notifications/fanout-adapter.ts';

// The notification socket's adapter (docs/scaling.md "Fan-out"): pushes to everyone written straight to
// each WebSocket's TCP socket, everything else Socket.IO's way; what every client receives, and in
// which order, must be what the stock adapter gives.
describe('FanoutAdapter', () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  const clients: ClientSocket[] = [];
  const adapter = () => io.of('/').adapter as FanoutAdapter;

  beforeEach(async () => {
    http = createServer();
    io = new Server(http, { adapter: FanoutAdapter, serveClient: false });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await io.close();
  });

  /** A client on the given transport, connected, with every event it receives noted in order. */
  const client = async (transport: 'websocket' | 'polling') => {
    const socket = connect(url, { transports: [transport], reconnection: false, forceNew: true });
    clients.push(socket);
    const received: [string, unknown][] = [];
    socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, received, server: io.of('/').sockets.get(socket.id!)! };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  };

  it('gives a push to everyone once to each client, directly on WebSocket and through Engine.IO on long-polling', async () => {
    const ws = await Promise.all([client('websocket'), client('websocket'), client('websocket')]);
    const polling = await client('polling');
    io.emit('machine', { id: 7, status: 'idle' });
    await until(() => [...ws, polling].every((c) => c.received.length === 1));
    await new Promise((resolve) => setTimeout(resolve, 100)); // nothing arrives twice
    for (const c of [...ws, polling]) expect(c.received).toEqual([['machine', { id: 7, status: 'idle' }]]);
    expect(adapter().delivered).toEqual({ direct: 3, engine: 1 });
  });

  it('keeps each socket’s order when Engine.IO still holds earlier packets', async () => {
    const { received, server } = await client('websocket');
    // The first emit is written at once and leaves the transport busy until its write completes; the
    // second waits in Engine.IO's buffer, so the push behind it must wait too.
    server.emit('balance', 1);
    server.emit('balance', 2);
    io.emit('machine', 3);
    server.emit('balance', 4);
    io.emit('machine', 5);
    await until(() => received.length === 5);
    expect(received).toEqual([
      ['balance', 1],
      ['balance', 2],
      ['machine', 3],
      ['balance', 4],
      ['machine', 5],
    ]);
    expect(adapter().delivered.engine).toBeGreaterThanOrEqual(1);
    expect(adapter().delivered.direct + adapter().delivered.engine).toBe(2);
  });

  it('frames pushes of every length (7-bit, 16-bit and 64-bit WebSocket lengths) intact', async () => {
    const { received } = await client('websocket');
    const texts = ['a'.repeat(50), 'b'.repeat(300), 'c'.repeat(70_000), 'ünïcødé ✓ عربي'];
    for (const text of texts) io.emit('machine', { text });
    await until(() => received.length === texts.length);
    expect(received.map(([, payload]) => (payload as { text: string }).text)).toEqual(texts);
    expect(adapter().delivered).toEqual({ direct: texts.length, engine: 0 });
  });

  it('leaves pushes to rooms, pushes that leave rooms out and binary pushes to Socket.IO', async () => {
    const [a, b] = await Promise.all([client('websocket'), client('websocket')]);
    await a.server.join('player:1');
    io.except('player:1').emit('jackpotWin', { mine: false });
    io.to('player:1').emit('jackpotWin', { mine: true });
    io.emit('binary', Buffer.from([1, 2, 3]));
    await until(() => a.received.length === 2 && b.received.length === 2);
    expect(a.received[0]).toEqual(['jackpotWin', { mine: true }]);
    expect(b.received[0]).toEqual(['jackpotWin', { mine: false }]);
    for (const c of [a, b]) expect(new Uint8Array(c.received[1]![1] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(adapter().delivered).toEqual({ direct: 0, engine: 0 });
  });
});
