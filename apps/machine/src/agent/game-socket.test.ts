import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ErrorCode, joinAck, lookAck, type GameState } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { wrtc } from '../video/wrtc.ts';
import { fundedPlayer, movableClock, openGameSocket, sendAck as send, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

let platform: TestPlatform;
let agent: RunningAgent;
let n = 0;

/** The machine whose agent counts a seat without credit idle after 0.4 s (the idle countdown's test). */
const IDLE_MACHINE = 9;

/** The agent's clock: a test ends a reconnect grace by moving it on (`clock.forward`), not by waiting. */
const clock = movableClock();

/**
 * The agent under test: a short grace so the grace period fits in a test, but longer than the platform
 * takes to hear a waiting seat's status on a loaded run (the tests check the seat while it waits). The
 * idle countdown is the default's minute: at 0.4 s without credit (then 3 ticks), a loaded PostgreSQL
 * run closed the seats of tests still using them (CI of 105033d: the video test's holder refused 403).
 */
const startAgent = ({ reconnectGraceMs = 4_000 } = {}) =>
  startTestAgent(platform, {
    seed: 'test',
    machineIds: [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12],
    timing: { reconnectGraceMs, idleNoCreditMs: 60_000, idleWithCreditMs: 60_000, warningCount: 3, videoWaitsForJoinMs: 600 },
    scheduler: clock,
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  agent = await startAgent();
});
afterAll(async () => {
  await agent?.close();
  await platform?.stop();
});

const open = (machineId: number) => openGameSocket(agent.url, machineId);

const player = (deposit = 100_000) => fundedPlayer(platform, `gamer${++n}`, deposit);

async function joined(machineId: number, deposit?: number) {
  const who = await player(deposit);
  const socket = await open(machineId);
  const ack = await send(socket, 'init', { machineID: machineId, token: who.token });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return { ...who, socket, ack: joinAck.parse(ack) };
}

const wallet = (playerId: number) => platform.services.ledger.balance(playerId);
const status = async (machineId: number) => (await platform.services.machines.byId(machineId)).status;
/**
 * How long a machine's status may take to reach the platform: a status report, after a cash-out also the
 * counters' flush, are platform calls, longer than expect.poll's default second on a loaded PostgreSQL run.
 */
const REPORTED = { timeout: 10_000 };

describe('game socket', () => {
  it('joins, moves money in, spins until the credit changes, and cashes out exactly', async () => {
    const { id, socket, ack } = await joined(1);
    expect(ack.state.status).toBe('playing');
    expect(await status(1)).toBe('playing');

    const transfer = await send(socket, 'transfer', { amount: 5000, transferId: 'first-transfer' });
    expect(transfer).toMatchObject({ ok: true, credit: 5000, balance: 95_000 });
    const again = await send(socket, 'transfer', { amount: 5000, transferId: 'first-transfer' });
    expect(again).toMatchObject({ ok: true, credit: 5000, balance: 95_000 });
    expect(await wallet(id)).toBe(95_000);

    let state: GameState = ack.state;
    for (let i = 0; i < 20 && state.spins === ack.state.spins; i++) {
      const spin = await send(socket, 'press', { button: 'SPIN' });
      expect(spin.ok).toBe(true);
      state = spin.state;
    }
    expect(state.credit).toBe(5000 - state.bet + state.lastWin);

    const out = await send(socket, 'cashout', {});
    expect(out).toMatchObject({ ok: true, amount: state.credit, balance: 95_000 + state.credit });
    expect(await wallet(id)).toBe(95_000 + state.credit);
    expect(await status(1)).toBe('idle');
    const report = await platform.services.ledger.verify();
    expect(report.differences).toEqual([]);
    socket.close();
  });

  it('a cash-out with nothing on the meter answers the wallet as it is now, money that came meanwhile included', async () => {
    const { id, socket } = await joined(1, 100_000);
    await platform.services.ledger.transfer({
      idempotencyKey: `late-deposit-${id}`,
      action: 1,
      from: 'system:cashier',
      to: `player:${id}:wallet`,
      amount: 12_345,
    });
    expect(await send(socket, 'cashout', {})).toMatchObject({ ok: true, amount: 0, balance: 112_345 });
    expect(await status(1)).toBe('idle');
    socket.close();
  });

  it('keeps one player per machine', async () => {
    const first = await joined(2);
    const second = await player();
    const socket = await open(2);
    const ack = await send(socket, 'init', { machineID: 2, token: second.token });
    expect(ack).toMatchObject({ ok: false, code: ErrorCode.MachineBusy });
    socket.close();
    await send(first.socket, 'cashout', {});
    first.socket.close();
  });

  it('video: only the seated player may watch, and the video ends with the seat', async () => {
    const stranger = await player();
    const { socket, token } = await joined(6);
    const pc = new wrtc.RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const offer = (bearer: string, machine = '6') =>
      fetch(`${agent.url}/machines/${machine}/whep?band=360p`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${bearer}` },
        body: pc.localDescription!.sdp,
      });
    expect((await offer(stranger.token)).status).toBe(403);
    // The id in canonical decimal digits only (docs/api.md "Integers"): these name no machine, even to its holder.
    for (const alias of ['06', '6.0', '0x6', '%206']) expect((await offer(token, alias)).status, alias).toBe(403);
    const res = await offer(token);
    expect(res.status).toBe(201);
    const sessionId = res.headers.get('location')!.split('/').pop()!;
    const session = agent.video.getSession(sessionId)!;
    expect(session.machineId).toBe('6');
    expect(await send(socket, 'cashout', {})).toMatchObject({ ok: true });
    await session.closed;
    expect(agent.video.getSession(sessionId)).toBeUndefined();
    pc.close();
    socket.close();
  });

  /** A receiving peer's WHEP offer for machine `id` at 360p, to post with a player's token. */
  async function whepOfferer(id: number) {
    const pc = new wrtc.RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const offer = (bearer: string) =>
      fetch(`${agent.url}/machines/${id}/whep?band=360p`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${bearer}` },
        body: pc.localDescription!.sdp,
      });
    return { pc, offer };
  }

  it('video asked while the seat request is on its way waits for the seat: granted, it plays; refused, 403', async () => {
    const { pc, offer } = await whepOfferer(5);
    const first = await player();
    const socket = await open(5);
    // As the portal does: the offer goes as soon as init has gone out, before its answer.
    const [seat, video] = await Promise.all([send(socket, 'init', { machineID: 5, token: first.token }), offer(first.token)]);
    expect(seat.ok).toBe(true);
    expect(video.status).toBe(201);
    // Another player's seat request is refused (the machine is taken): so is their video.
    const second = await player();
    const other = await open(5);
    const [refused, refusedVideo] = await Promise.all([send(other, 'init', { machineID: 5, token: second.token }), offer(second.token)]);
    expect(refused).toMatchObject({ ok: false, code: ErrorCode.MachineBusy });
    expect(refusedVideo.status).toBe(403);
    await send(socket, 'cashout', {});
    for (const s of [socket, other]) s.close();
    pc.close();
  });

  it('video that arrives before its seat request waits for it (up to videoWaitsForJoinMs); a token that never sits is refused', async () => {
    const { pc, offer } = await whepOfferer(5);
    const seated = await player();
    const socket = await open(5);
    const video = offer(seated.token);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await send(socket, 'init', { machineID: 5, token: seated.token })).ok).toBe(true);
    expect((await video).status).toBe(201);
    // Nobody sits with this one: refused once the wait is over.
    const stranger = await player();
    expect((await offer(stranger.token)).status).toBe(403);
    await send(socket, 'cashout', {});
    socket.close();
    pc.close();
  });

  it('answers init {id} with the session state without joining; mine for a token that joined, from ?token= or the handshake auth', async () => {
    const socket = await open(3);
    const ack = await send(socket, 'init', { id: 3 });
    expect(ack).toEqual({ ok: true, session: { id: 3, name: expect.any(String), status: 'idle', occupied: false, mine: false } });
    expect(lookAck.safeParse(ack).success).toBe(true);

    const seated = await joined(3);
    const stranger = await player();
    for (const [token, mine] of [
      [seated.token, true],
      [stranger.token, false],
    ] as const) {
      for (const handshake of [{ query: { token } }, { auth: { token } }]) {
        const looker = await openGameSocket(agent.url, 3, handshake);
        const look = await send(looker, 'init', { id: 3 });
        expect(look.session, JSON.stringify(handshake)).toMatchObject({ status: 'playing', occupied: true, mine });
        looker.close();
      }
    }
    // Looking joined no one.
    expect(agent.hosts.get(3)!.seatSocketId).not.toBeNull();
    await send(seated.socket, 'cashout', {});
    seated.socket.close();
    socket.close();
  });

  it('refuses malformed and unauthorised messages without changing anything', async () => {
    const { socket, ack } = await joined(4);
    for (const [event, payload] of [
      ['press', { button: 'JACKPOT_PLEASE' }],
      ['press', 'SPIN'],
      ['transfer', { amount: -5, transferId: 'negative-amount' }],
      ['transfer', { amount: 1.5, transferId: 'fraction-amount' }],
      ['transfer', { amount: 100, transferId: 'x' }],
      ['transfer', { amount: 100, transferId: 'extra-key', more: 1 }],
      ['init', { machineID: 99, token: 'abc' }],
      ['present', { still: 'here' }],
      ['leave', { cashout: true }],
    ] as const) {
      const answer = await send(socket, event, payload);
      expect(answer, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, code: ErrorCode.InvalidRequest });
    }
    expect(await send(socket, 'transfer', { amount: -5, transferId: 'negative-amount' })).toMatchObject({
      ErrorMessage: 'Invalid transfer: Too small: expected number to be >0',
    });
    const stranger = await open(4);
    expect(await send(stranger, 'press', { button: 'SPIN' })).toMatchObject({ ok: false, code: ErrorCode.SessionTerminated });
    expect(await send(stranger, 'transfer', { amount: 100, transferId: 'stranger-transfer' })).toMatchObject({ ok: false });
    expect(await send(stranger, 'present', {})).toMatchObject({ ok: false, code: ErrorCode.SessionTerminated });
    expect(await send(socket, 'present', {})).toEqual({ ok: true });
    expect(await send(stranger, 'leave', {})).toMatchObject({ ok: false, code: ErrorCode.SessionTerminated });
    const state = await send(socket, 'press', { button: 'BET_UP' });
    expect(state.state.credit).toBe(ack.state.credit);
    stranger.close();
    await send(socket, 'cashout', {});
    socket.close();
  });

  it('throttles a flood', async () => {
    const socket = await open(5);
    const answers = await Promise.all(Array.from({ length: 80 }, () => send(socket, 'init', { id: 5 })));
    expect(answers.filter((a) => a.code === ErrorCode.TooManyRequests).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.ok).length).toBeGreaterThan(0);
    socket.close();
  });

  it('refuses more than the wallet holds and leaves every balance as it was', async () => {
    const { id, socket } = await joined(6, 3000);
    expect(await send(socket, 'transfer', { amount: 3001, transferId: 'too-much-money' })).toMatchObject({
      ok: false,
      code: ErrorCode.InsufficientFunds,
    });
    expect(await wallet(id)).toBe(3000);
    await send(socket, 'cashout', {});
    socket.close();
  });

  it('a socket killed in the middle of a transfer loses no money, and the seat comes back with its credit', async () => {
    const { id, token, socket } = await joined(7);
    socket.emit('transfer', { amount: 7000, transferId: 'killed-mid-transfer' });
    socket.disconnect();
    // The disconnect waits behind the transfer in the machine's queue; then the status reaches the platform.
    await expect.poll(() => status(7), REPORTED).toBe('waiting');

    const back = await open(7);
    const ack = joinAck.parse(await send(back, 'init', { machineID: 7, token }));
    expect(ack.resumed).toBe(true);
    expect(ack.state.credit + (await wallet(id))).toBe(100_000);
    // A retry of the same transfer id after the reconnect does not move money twice.
    const retry = await send(back, 'transfer', { amount: 7000, transferId: 'killed-mid-transfer' });
    expect(retry.ok).toBe(true);
    expect(retry.credit + (await wallet(id))).toBe(100_000);
    await send(back, 'cashout', {});
    expect(await wallet(id)).toBe(100_000);
    back.close();
  });

  it('the same player on another device takes the seat; the first gets QUIT_REQUEST', async () => {
    const { token, socket } = await joined(8);
    const quit = new Promise((resolve) => socket.on('info', (info: { type: string }) => info.type === 'QUIT_REQUEST' && resolve(info)));
    const other = await open(8);
    expect((await send(other, 'init', { machineID: 8, token })).ok).toBe(true);
    await expect(quit).resolves.toMatchObject({ type: 'QUIT_REQUEST' });
    await send(other, 'cashout', {});
    other.close();
  });

  it('warns an idle player with a countdown, then closes the session', async () => {
    const idling = await startTestAgent(platform, {
      seed: 'test',
      machineIds: [IDLE_MACHINE],
      timing: { idleNoCreditMs: 400, warningCount: 3 },
    });
    onTestFinished(() => idling.close());
    const socket = await openGameSocket(idling.url, IDLE_MACHINE);
    const who = await player();
    expect(await send(socket, 'init', { machineID: IDLE_MACHINE, token: who.token })).toMatchObject({ ok: true });
    const infos: { type: string; code?: number; count?: number }[] = [];
    socket.on('info', (info) => infos.push(info));
    // The server ends the session: any other reason (a transport closed, a ping missed) fails here, named.
    const reason = await new Promise<string>((resolve) => socket.on('disconnect', (why) => resolve(why)));
    expect(reason).toBe('io server disconnect');
    expect(infos.filter((i) => i.type === 'SESSION_CLOSE_WARNING').map((i) => [i.code, i.count])).toEqual([
      [ErrorCode.SecondsLeftToDeposit, 3],
      [ErrorCode.SecondsLeftToDeposit, 2],
      [ErrorCode.SecondsLeftToDeposit, 1],
    ]);
    expect(infos.at(-1)).toMatchObject({ type: 'CLOSE_SESSION', code: ErrorCode.SessionClosing });
    await expect.poll(() => status(IDLE_MACHINE), REPORTED).toBe('idle');
  });

  it('a dropped player past the grace period is cashed out into the wallet', async () => {
    const { id, socket } = await joined(10);
    await send(socket, 'transfer', { amount: 2500, transferId: 'grace-period-transfer' });
    socket.disconnect();
    // The seat waits out the grace period with the credit on the machine; the grace's end cashes it out.
    await expect.poll(() => status(10), REPORTED).toBe('waiting');
    expect(await wallet(id)).toBe(97_500);
    clock.forward(4_000);
    await expect.poll(() => wallet(id), { timeout: 20_000 }).toBe(100_000);
    await expect.poll(() => status(10), REPORTED).toBe('idle');
  });

  it('leave {} with nothing on the meter ends the seat at once: the session is closed (left), the wallet told, Discount no longer waits for a cash-out', async () => {
    const { id, token, socket } = await joined(4);
    const discount = () => platform.call('GET', '/player/discount', { token });
    expect((await discount()).body.code).toBe(ErrorCode.PromotionPlayOpen);
    const told = new Promise((resolve) => socket.once('balance', resolve));

    expect(await send(socket, 'leave', {})).toMatchObject({ ok: true, ended: true, balance: 100_000 });
    await expect(told).resolves.toEqual({ balance: 100_000 });
    // No open seat is left for a reload's reconnect dialog (the notification socket offers each open seat).
    expect(await platform.services.play.openSlotSessionsOf(id)).toEqual([]);
    const [session] = await platform.call('GET', '/player/sessions', { token }).then((r) => r.body.items);
    expect(session).toMatchObject({ machineId: 4, endReason: 'left' });
    expect(await status(4)).toBe('idle');
    expect(agent.hosts.get(4)!.seatedPlayerId).toBeNull();
    expect((await discount()).body.code).not.toBe(ErrorCode.PromotionPlayOpen);
    socket.close();
  });

  it('leave {} with credit on the meter keeps the seat for the reconnect grace, as a lost connection; the grace then cashes it out', async () => {
    const { id, socket } = await joined(4);
    await send(socket, 'transfer', { amount: 3000, transferId: 'left-with-credit' });
    expect(await send(socket, 'leave', {})).toEqual({ ok: true, ended: false });
    socket.close();
    await expect.poll(() => status(4), REPORTED).toBe('waiting');
    expect(agent.hosts.get(4)!.seatedPlayerId).toBe(id);
    expect(await wallet(id)).toBe(97_000);
    clock.forward(4_000);
    await expect.poll(() => wallet(id), { timeout: 20_000 }).toBe(100_000);
    // The session's close follows the money (after the counters' flush and the status report).
    await expect.poll(() => platform.services.play.openSlotSessionsOf(id), { timeout: 10_000 }).toEqual([]);
  });

  it('reconnect flow: a session push on sign-in, Kick the player (QUIT_REQUEST, seat kept), Cashout (cancel)', async () => {
    const { id, token, socket } = await joined(11);
    await send(socket, 'transfer', { amount: 4000, transferId: 'reconnect-flow-money' });

    const lobby = await platform.socket(token);
    const sessionPush = await new Promise<{ id: number; machine_status: string; status: boolean }>((resolve) => {
      lobby.on('session', resolve);
      lobby.disconnect().connect();
    });
    expect(sessionPush).toMatchObject({ status: true, id: 11, machine_status: 'playing' });

    const strangerToken = await platform.login('demo2', 'demo1234');
    const refused = await platform.call('POST', '/player/kick', { token: strangerToken, body: { machineId: 11 } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.MachineBusy);

    const quit = new Promise((resolve) => socket.on('info', (info: { type: string }) => info.type === 'QUIT_REQUEST' && resolve(info)));
    const kicked = await platform.call('POST', '/player/kick', { token, body: { machineId: 11 } });
    expect(kicked.body).toEqual({ status: true, code: 20000 });
    await quit;
    await expect.poll(() => status(11), REPORTED).toBe('waiting');
    expect(await wallet(id)).toBe(96_000);

    const cancelled = await platform.call('POST', '/player/cancel', { token, body: { machineId: 11 } });
    expect(cancelled.body).toEqual({ status: true, code: 20000, Params: { amount: 4000 } });
    expect(await wallet(id)).toBe(100_000);
    expect(await status(11)).toBe('idle');
    const again = await platform.call('POST', '/player/cancel', { token, body: { machineId: 11 } });
    expect(again.status).toBe(403);
  });

  it('an agent restart keeps the credit and the seat; the player resumes with the same credit', async () => {
    const { id, token, socket } = await joined(12);
    await send(socket, 'transfer', { amount: 6000, transferId: 'before-restart-money' });
    await send(socket, 'press', { button: 'SPIN' });
    const credit = agent.hosts.get(12)!.state().credit;
    socket.close();
    await agent.close();
    // The player comes back within the grace, which runs from the restart: 1.5 s was shorter than a loaded
    // PostgreSQL run took to reconnect (the seat was cashed out first: a fresh seat, credit 0).
    agent = await startAgent({ reconnectGraceMs: 60_000 });
    expect(agent.hosts.get(12)!.state().credit).toBe(credit);
    expect(agent.hosts.get(12)!.seatedPlayerId).toBe(id);
    const back = await open(12);
    const ack = joinAck.parse(await send(back, 'init', { machineID: 12, token }));
    expect(ack).toMatchObject({ resumed: true, state: { credit } });
    await send(back, 'cashout', {});
    expect(await wallet(id)).toBe(100_000 - 6000 + credit);
    back.close();
  });

  it("keeps the engine's own refusal codes: a spin without credit answers 40920 with its text, and changes nothing", async () => {
    const { id, socket, ack } = await joined(3);
    expect(ack.state.credit).toBe(0);
    expect(await send(socket, 'press', { button: 'SPIN' })).toEqual({
      ok: false,
      code: ErrorCode.MachineCreditTooLow,
      ErrorMessage: 'Not enough credit on the machine.',
    });
    expect(await send(socket, 'press', { button: 'BET_DOWN' })).toMatchObject({ ok: false, code: ErrorCode.MachineBetLimit });
    expect(agent.hosts.get(3)!.state()).toMatchObject({ credit: 0, spins: 0 });
    expect(await wallet(id)).toBe(100_000);
    socket.close();
  });
});
