import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { joinAck } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { startSimulator, type Simulator } from '../cabinet/sas-cabinet/egm-sim-test-helpers.ts';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

let platform: TestPlatform;
let simulated: Simulator;
let agent: RunningAgent;

beforeAll(async () => {
  platform = await startTestPlatform();
  simulated = await startSimulator({ seed: 'agent-cabinets' });
  // The cabinets file's entries: machine 2 is a SAS cabinet on the simulator, machine 3 the emulator.
  agent = await startTestAgent(platform, {
    seed: 'cabinets',
    cabinets: [
      { machineId: 2, kind: 'sas', ...simulated.settings },
      { machineId: 3, kind: 'emulated' },
    ],
  });
});
afterAll(async () => {
  await agent?.close();
  await simulated?.close();
  await platform?.stop();
});

it('hosts the machines the cabinets file names, a SAS cabinet among them, played over the game socket to the kuruş', async () => {
  expect([...agent.hosts.keys()]).toEqual([2, 3]);
  expect([agent.hosts.get(2)!.video, agent.hosts.get(3)!.video]).toEqual([{ kind: 'none' }, { kind: 'rendered' }]);
  expect((await platform.services.machines.byId(2)).status).toBe('idle');

  const player = await fundedPlayer(platform, 'floor', 100_000);
  const socket = await openGameSocket(agent.url, 2);
  expect(joinAck.parse(await sendAck(socket, 'init', { machineID: 2, token: player.token })).state.status).toBe('playing');
  expect(await sendAck(socket, 'transfer', { amount: 5_000, transferId: 'floor-cash-in-1' })).toMatchObject({ ok: true, credit: 5_000 });
  const host = agent.hosts.get(2)!;
  const played = host.state().spins;
  expect(await sendAck(socket, 'press', { button: 'SPIN' })).toMatchObject({ ok: true });
  // The game's end comes from the machine: its meters give the games played and the credit after it.
  await vi.waitFor(() => expect(host.state().spins).toBe(played + 1), { timeout: 5_000 });
  const kept = host.state().credit;

  expect(await sendAck(socket, 'cashout', {})).toMatchObject({ ok: true, amount: kept });
  expect(await platform.services.ledger.balance(player.id)).toBe(100_000 - 5_000 + kept);
  const { meters, credits } = simulated.simulator.control({ cmd: 'status' }) as Record<string, any>;
  expect({ aftIn: meters.aftInCents, aftOut: meters.aftOutCents, credits }).toEqual({ aftIn: 5_000, aftOut: kept, credits: 0 });
  socket.close();
});
