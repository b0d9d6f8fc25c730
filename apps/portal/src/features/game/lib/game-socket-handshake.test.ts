import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { connectGameSocket } from './game-socket';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((io) => io.close()));
});

/** A Socket.IO server on a free port, as the agent's game socket, that keeps each handshake it sees. */
async function agentLike() {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  servers.push(io);
  const handshakes: { query: Record<string, unknown>; auth: Record<string, unknown> }[] = [];
  io.of(/^\/machines\/\d+$/).on('connection', (socket) => void handshakes.push(socket.handshake));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, handshakes };
}

describe('the game socket handshake (SPEC §7)', () => {
  it('carries the token as a query parameter and in the handshake auth', async () => {
    const agent = await agentLike();
    const socket = await connectGameSocket(`${agent.url}/machines/3`, 'the-token');
    await expect.poll(() => agent.handshakes.length).toBe(1);
    expect(agent.handshakes[0]).toMatchObject({ query: { token: 'the-token' }, auth: { token: 'the-token' } });
    socket.disconnect();
  });
});
