import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ErrorCode } from '@reelcast/protocol';
import { nextEvent, startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { fundedPlayer, openGameSocket, sendAck as send, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/**
 * The operator's console on a real platform and agent (docs/console.md "Actions"): End session and
 * maintenance with a seated player carry SPEC §4's CLOSE_SESSION, cash the credit out to the wallet to
 * the kuruş and close the slot session; a message reaches the player's game as an info push.
 */
let platform: TestPlatform;
let agent: RunningAgent;
let staff: string;
let n = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  agent = await startTestAgent(platform, { seed: 'console', machineIds: [1, 2, 3] });
  staff = await platform.login('staff', 'staff1234');
});
afterAll(async () => {
  await agent?.close();
  await platform?.stop();
});

const wallet = (playerId: number) => platform.services.ledger.balance(playerId);
const console_ = (machineId: number, action: string, body: unknown) =>
  platform.call('POST', `/api/console/machines/${machineId}/${action}`, { token: staff, body });

/** A new funded player seated at `machineId` with 2500 on its meter. */
async function seatedWithCredit(machineId: number): Promise<{ id: number; socket: Socket; before: number }> {
  const player = await fundedPlayer(platform, `console${++n}`);
  const before = await wallet(player.id);
  const socket = await openGameSocket(agent.url, machineId);
  expect((await send(socket, 'init', { machineID: machineId, token: player.token })).ok).toBe(true);
  expect((await send(socket, 'transfer', { amount: 2500, transferId: `console-${n}` })).ok).toBe(true);
  expect(await wallet(player.id)).toBe(before - 2500);
  return { id: player.id, socket, before };
}

describe('console actions on a seated machine', () => {
  it('a message reaches the game; End session closes it with CLOSE_SESSION and the credit back in the wallet', async () => {
    const { id, socket, before } = await seatedWithCredit(1);
    const info = nextEvent(socket, 'info');
    const sent = await console_(1, 'message', { text: 'Please call the desk', reason: 'Courtesy notice' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await info).toEqual({ type: 'OPERATOR_MESSAGE', message: 'Please call the desk' });

    const closing = nextEvent(socket, 'info');
    const ended = await console_(1, 'end-session', { reason: 'Player asked at the desk' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({ cashedOut: 2500, machine: { id: 1, seat: null } });
    expect(await closing).toEqual({ type: 'CLOSE_SESSION', code: ErrorCode.SessionClosing });
    expect(await wallet(id)).toBe(before);
    expect(agent.hosts.get(1)!.seatedPlayerId).toBeNull();
    const [session] = await platform.services.play.openSlotSessionsOf(id);
    expect(session).toBeUndefined();
  });

  it('maintenance with a seated player cashes them out first, then the machine refuses a new seat until it is back', async () => {
    const { id, socket, before } = await seatedWithCredit(2);
    const closing = nextEvent(socket, 'info');
    const answer = await console_(2, 'maintenance', { on: true, reason: 'Bill validator jammed' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ cashedOut: 2500, machine: { status: 'maintenance', seat: null } });
    expect(await closing).toMatchObject({ type: 'CLOSE_SESSION' });
    expect(await wallet(id)).toBe(before);

    const other = await fundedPlayer(platform, `console${++n}`);
    const refused = await send(await openGameSocket(agent.url, 2), 'init', { machineID: 2, token: other.token });
    expect(refused).toMatchObject({ ok: false, code: ErrorCode.MachineBusy });
    // The agent's own report after the close (idle) does not show through the maintenance.
    expect((await platform.services.machines.byId(2)).status).toBe('maintenance');

    await console_(2, 'maintenance', { on: false, reason: 'Validator cleaned' });
    expect((await platform.services.machines.byId(2)).status).toBe('idle');
    expect((await send(await openGameSocket(agent.url, 2), 'init', { machineID: 2, token: other.token })).ok).toBe(true);
  });

  it('a message to a player whose game is not connected is refused', async () => {
    const { socket } = await seatedWithCredit(3);
    socket.close();
    await expect.poll(() => agent.hosts.get(3)!.seatSocketId).toBeNull();
    const answer = await console_(3, 'message', { text: 'Hello', reason: 'Courtesy notice' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: ErrorCode.MachineNotPlaying });
    expect((await console_(3, 'end-session', { reason: 'Left the seat' })).body).toMatchObject({ cashedOut: 2500 });
  });
});
