import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { fundedPlayer, openGameSocket, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

let platform: TestPlatform;
let agent: RunningAgent;

beforeAll(async () => {
  platform = await startTestPlatform();
  // A short grace; the idle countdown far off, so only the grace can free a seat here.
  agent = await startTestAgent(platform, { seed: 'test', timing: { reconnectGraceMs: 1_500, idleNoCreditMs: 120_000 } });
});
afterAll(async () => {
  await agent?.close();
  await platform?.stop();
});

it('a socket gone while its seat request is with the platform leaves the seat in its reconnect grace, then the machine is free', async () => {
  const player = await fundedPlayer(platform, 'leaver');
  const host = agent.hosts.get(3)!;
  // The player's socket goes away right after its init reached the agent, while the seat request is
  // with the platform (its close handled there and then, so the order is certain).
  agent.io.of('/machines/3').once('connection', (server) => server.once('init', () => server.disconnect(true)));
  const socket = await openGameSocket(agent.url, 3);
  socket.emit('init', { machineID: 3, token: player.token });

  // The platform seated them all the same; the seat is theirs, with no socket, as for a dropped player.
  await vi.waitFor(() => expect(host.seatedPlayerId).toBe(player.id), { timeout: 5_000 });
  expect(host.seatSocketId).toBeNull();
  expect(host.state().status).toBe('waiting');
  // The grace runs out: the seat ends and the machine is free for anyone.
  await vi.waitFor(() => expect(host.seatedPlayerId).toBeNull(), { timeout: 5_000 });
  await vi.waitFor(async () => expect((await platform.services.machines.byId(3)).status).toBe('idle'), { timeout: 5_000 });
  socket.close();
});
