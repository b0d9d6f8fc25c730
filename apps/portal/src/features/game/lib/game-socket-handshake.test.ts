import { describe, expect, it } from 'vitest';
import { startGameSocketServer } from '@/test/game-socket-server';
import { connectGameSocket } from './game-socket';

describe('the game socket handshake (SPEC §7)', () => {
  it('carries the token as a query parameter and in the handshake auth', async () => {
    const agent = await startGameSocketServer();
    const socket = await connectGameSocket(`${agent.url}/machines/3`, 'the-token');
    await expect.poll(() => agent.handshakes.length).toBe(1);
    expect(agent.handshakes[0]).toMatchObject({ query: { token: 'the-token' }, auth: { token: 'the-token' } });
    socket.disconnect();
    await agent.close();
  });
});
