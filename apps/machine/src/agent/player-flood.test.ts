import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { openGameSocket, sendAck as send, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/** The per-player flood limit of the game socket: all sockets one player joined with share one bucket. */
let platform: TestPlatform;
let agent: RunningAgent;
const PLAYER_BURST = 10;
const PLAYER_RATE = 1;

beforeAll(async () => {
  platform = await startTestPlatform();
  agent = await startTestAgent(platform, {
    seed: 'flood',
    playerRatePerSecond: PLAYER_RATE,
    playerBurst: PLAYER_BURST,
  });
});
afterAll(async () => {
  await agent?.close();
  await platform?.stop();
});

const open = (machineId: number) => openGameSocket(agent.url, machineId);

describe('game socket flood limit per player', () => {
  it("a player's sockets on eight machines share one bucket (42900 with a readable message); sockets that have not joined keep their own", async () => {
    await platform.services.players.create({ username: 'flooder', email: 'flooder@x.test', password: 'secret' });
    const token = await platform.login('flooder', 'secret');
    const machines = [1, 2, 3, 4, 5, 6, 7, 8];
    const sockets = await Promise.all(machines.map(open));
    for (const [i, socket] of sockets.entries()) {
      expect((await send(socket, 'init', { machineID: machines[i], token })).ok).toBe(true);
    }

    // 80 messages at once: each socket alone stays far inside its own limit (burst 40).
    const started = Date.now();
    const answers = (
      await Promise.all(
        sockets.map((socket, i) => Promise.all(Array.from({ length: 10 }, () => send(socket, 'init', { id: machines[i] })))),
      )
    ).flat();
    const seconds = (Date.now() - started) / 1000;
    const passed = answers.filter((a) => a.ok).length;
    const throttled = answers.filter((a) => !a.ok);
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(PLAYER_BURST + Math.ceil(seconds * PLAYER_RATE));
    expect(throttled.length).toBe(answers.length - passed);
    for (const answer of throttled) {
      expect(answer).toEqual({
        ok: false,
        code: ErrorCode.TooManyRequests,
        ErrorMessage: 'Too many messages from your game windows together; slow down.',
      });
    }

    // Sockets that have not joined are limited one by one, not by the flooding player.
    const lookers = await Promise.all(machines.slice(0, 4).map(open));
    const looks = await Promise.all(lookers.map((socket, i) => send(socket, 'init', { id: machines[i] })));
    expect(looks.every((a) => a.ok)).toBe(true);

    for (const socket of [...sockets, ...lookers]) socket.close();
    // The seats wait for their player: let the status reports land before the platform stops (an
    // in-flight request keeps its keep-alive connection, and the platform's close, open for 72 s).
    for (const id of machines)
      await expect.poll(async () => (await platform.services.machines.byId(id)).status, { timeout: 10_000 }).toBe('waiting');
  });
});
