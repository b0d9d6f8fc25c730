import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ErrorCode, ProtectionCode } from '@reelcast/protocol';
import { loadConfig, startPlatform, type RunningPlatform } from '@reelcast/platform';
import { nextEvent, redisUp, startTestPlatform, testRedisUrl as redisUrl, type TestPlatform } from '@reelcast/testing';
import { wrtc } from '../video/wrtc.ts';
import { fundedPlayer, movableClock, openGameSocket, sendAck as send, startTestAgent } from './agent-test-helpers.ts';
import type { AgentConfig, RunningAgent } from './agent.ts';

/**
 * A sign-in session that ends (logout, password change, ban, expiry) ends on the machine agent too:
 * its game socket is signed out, its video closes, its token is refused; the seat keeps its money.
 */
let n = 0;

function agentFor(platform: TestPlatform, options: Partial<AgentConfig>): Promise<RunningAgent> {
  return startTestAgent(platform, {
    seed: 'revoke',
    ...options,
  });
}

const open = (agent: RunningAgent, machineId: number) => openGameSocket(agent.url, machineId);

const newPlayer = (platform: TestPlatform, deposit = 100_000) => fundedPlayer(platform, `revoked${++n}`, deposit);

async function seated(agent: RunningAgent, machineId: number, token: string): Promise<Socket> {
  const socket = await open(agent, machineId);
  const ack = await send(socket, 'init', { machineID: machineId, token });
  expect(ack.ok, JSON.stringify(ack)).toBe(true);
  return socket;
}

/**
 * A WHEP offer from a libwebrtc viewer in this process (`asStaff`: the console's view-only watch,
 * `?watch=staff`, docs/console.md "Watch"); the video session, if one was opened.
 */
async function watch(agent: RunningAgent, machineId: number, token: string, asStaff = false) {
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const response = await fetch(`${agent.url}/machines/${machineId}/whep?band=360p${asStaff ? '&watch=staff' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: pc.localDescription!.sdp,
  });
  pc.close();
  const id = response.headers.get('location')?.split('/').pop();
  return { status: response.status, session: id ? agent.video.getSession(id) : undefined };
}

/** What a signed-out socket hears: the info push, then the server's disconnect. */
function signedOut(socket: Socket) {
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return nextEvent(socket, 'info').then(async (info) => ({ info, reason: await disconnected }));
}
const SIGNED_OUT = { info: { type: 'QUIT_REQUEST', message: 'You were signed out.' }, reason: 'io server disconnect' };

describe('a revoked sign-in session on the machine agent', () => {
  let platform: TestPlatform;
  /** Re-checks hourly: what these tests see comes from the platform's push. */
  let agent: RunningAgent;
  /** Re-checks every 0.2 s: the backstop for what no push tells (an expiry). */
  let watcher: RunningAgent;
  const wallet = (playerId: number) => platform.services.ledger.balance(playerId);
  const status = async (machineId: number) => (await platform.services.machines.byId(machineId)).status;

  /** The agent's clock, moved on for a reality check. */
  const clock = movableClock();

  beforeAll(async () => {
    platform = await startTestPlatform();
    agent = await agentFor(platform, {
      machineIds: [1, 2, 3, 4, 5, 6],
      // Long enough for what a test checks while the seat waits after a sign-out (its video closed, a refused
      // WHEP offer, a socket refused three times): with 2 s, a loaded PostgreSQL run took longer, and the
      // grace had already cashed the seat out when the test looked for the money still on the machine. The
      // tests then end it by moving the agent's clock on (`clock.forward`), not by waiting.
      timing: { reconnectGraceMs: 8_000 },
      signInRecheckSeconds: 3600,
      scheduler: clock,
    });
    watcher = await agentFor(platform, { machineIds: [7], signInRecheckSeconds: 0.2 });
  });
  afterAll(async () => {
    await watcher?.close();
    await agent?.close();
    await platform?.stop();
  });

  it("a member of staff's logout ends their watches at once, on a machine they hold no seat of (the agent re-checks hourly)", async () => {
    const token = await platform.login('staff', 'staff1234');
    const watching = await watch(agent, 5, token, true);
    expect(watching.status).toBe(201);
    expect(agent.video.getSession(watching.session!.id)).toBeDefined();
    expect((await platform.call('POST', '/player/logout', { token })).status).toBe(200);
    await watching.session!.closed;
    expect(agent.video.getSession(watching.session!.id)).toBeUndefined();
    expect((await watch(agent, 5, token, true)).status).toBe(403);
  });

  it('logout signs the game socket out and closes its video; the token is refused after, the credit waits out the grace and returns to the wallet', async () => {
    const { id, token } = await newPlayer(platform);
    const socket = await seated(agent, 1, token);
    expect(await send(socket, 'transfer', { amount: 5000, transferId: 'before-logout' })).toMatchObject({
      ok: true,
      credit: 5000,
      balance: 95_000,
    });
    const video = await watch(agent, 1, token);
    expect(video.status).toBe(201);

    const heard = signedOut(socket);
    expect((await platform.call('POST', '/player/logout', { token })).status).toBe(200);
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;
    expect(agent.video.getSession(video.session!.id)).toBeUndefined();

    expect((await watch(agent, 1, token)).status).toBe(403);
    const again = await open(agent, 1);
    expect(await send(again, 'init', { machineID: 1, token })).toMatchObject({ ok: false, code: ErrorCode.SignatureNotVerified });
    expect(await send(again, 'transfer', { amount: 1000, transferId: 'after-logout' })).toMatchObject({
      ok: false,
      code: ErrorCode.SessionTerminated,
    });
    expect(await send(again, 'press', { button: 'SPIN' })).toMatchObject({ ok: false, code: ErrorCode.SessionTerminated });
    expect(await wallet(id)).toBe(95_000);
    expect(agent.hosts.get(1)!.state().credit).toBe(5000);
    again.close();

    // The seat is kept like a dropped player's, then cashed out to the wallet once the grace is over.
    expect(await status(1)).toBe('waiting');
    expect(await wallet(id)).toBe(95_000);
    clock.forward(8_000);
    await expect.poll(() => wallet(id), { timeout: 20_000 }).toBe(100_000);
    // The host flushes the play counters and reports its status after the money: two more platform calls,
    // which took longer than expect.poll's default second on a loaded PostgreSQL run (CI of 105033d).
    await expect.poll(() => status(1), { timeout: 10_000 }).toBe('idle');
  });

  it("a password change signs out the player's other sessions on their machines; the session that changed it keeps playing and watching", async () => {
    const { id, username, token: changer } = await newPlayer(platform);
    const other = await platform.login(username, 'secret');
    const playing = await seated(agent, 2, changer);
    const elsewhere = await seated(agent, 3, other);
    expect((await send(elsewhere, 'transfer', { amount: 3000, transferId: 'other-device' })).ok).toBe(true);
    const mine = await watch(agent, 2, changer);
    const theirs = await watch(agent, 3, other);
    expect([mine.status, theirs.status]).toEqual([201, 201]);

    const heard = signedOut(elsewhere);
    const changed = await platform.call('POST', '/player/password', {
      token: changer,
      body: { oldPassword: 'secret', newPassword: 'secret2' },
    });
    expect(changed.body).toMatchObject({ status: true, revokedSessions: 1 });
    expect(await heard).toEqual(SIGNED_OUT);
    await theirs.session!.closed;
    expect((await watch(agent, 3, other)).status).toBe(403);
    const back = await open(agent, 3);
    expect(await send(back, 'init', { machineID: 3, token: other })).toMatchObject({ ok: false, code: ErrorCode.SignatureNotVerified });
    back.close();

    expect(await send(playing, 'transfer', { amount: 1000, transferId: 'changer-plays-on' })).toMatchObject({ ok: true, credit: 1000 });
    expect(await send(playing, 'press', { button: 'BET_UP' })).toMatchObject({ ok: true });
    expect(mine.session!.state).not.toBe('closed');
    expect(agent.video.getSession(mine.session!.id)).toBe(mine.session);
    expect(playing.connected).toBe(true);

    expect(await send(playing, 'cashout', {})).toMatchObject({ ok: true, amount: 1000 });
    playing.close();
    // The other session's seat waits out its grace, then its credit returns to the wallet.
    await expect.poll(() => status(3), { timeout: 10_000 }).toBe('waiting');
    clock.forward(8_000);
    await expect.poll(() => wallet(id), { timeout: 20_000 }).toBe(100_000);
    await expect.poll(() => status(3), { timeout: 10_000 }).toBe('idle');
  });

  it("a ban (the CLI's PlayersService.ban) signs the player out and cashes their seat out at once", async () => {
    const { id, username, token } = await newPlayer(platform);
    const socket = await seated(agent, 4, token);
    expect((await send(socket, 'transfer', { amount: 4000, transferId: 'before-ban' })).ok).toBe(true);
    const video = await watch(agent, 4, token);
    expect(video.status).toBe(201);

    const heard = signedOut(socket);
    await platform.services.players.ban(username, 'test', new Date());
    // No grace: the ban cashed the seat out before it returned.
    expect(await wallet(id)).toBe(100_000);
    expect(await status(4)).toBe('idle');
    expect(await platform.services.play.openSlotSessionsOf(id)).toEqual([]);
    expect(agent.hosts.get(4)!.seatedPlayerId).toBeNull();
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;

    const again = await open(agent, 4);
    expect(await send(again, 'init', { machineID: 4, token })).toMatchObject({ ok: false, code: ErrorCode.SignatureNotVerified });
    again.close();
    expect((await watch(agent, 4, token)).status).toBe(403);
    // An unban does not bring the revoked session back.
    await platform.services.players.unban(username);
    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(401);
  });

  it("a limit changed while seated reaches the seat's agent at once: the reality check comes at the new interval", async () => {
    const { token } = await newPlayer(platform);
    const socket = await seated(agent, 6, token);
    expect((await platform.call('PUT', '/player/protection/reality-check', { token, body: { minutes: 15 } })).status).toBe(200);
    const check = nextEvent(socket, 'info');
    // 15 minutes of play on the agent's clock: at the default interval (60 minutes) nothing would come yet.
    clock.forward(15 * 60_000);
    expect(await check).toMatchObject({ type: 'REALITY_CHECK', playedSeconds: expect.any(Number), net: 0 });
    expect(await send(socket, 'reality-check', { choice: 'stop' })).toMatchObject({ ok: true });
    socket.close();
  });

  it('a time-out while seated: a cash-in past a limit is refused with its Params, then the seat is cashed out and closed, the video ends, sign-in is refused until the time-out ends', async () => {
    const { id, username, token } = await newPlayer(platform);
    const limits = await platform.call('PUT', '/player/protection/limits', { token, body: { limits: { cashInDay: 5000 } } });
    expect(limits.status).toBe(200);
    const socket = await seated(agent, 5, token);
    expect((await send(socket, 'transfer', { amount: 4000, transferId: 'within-limit' })).ok).toBe(true);
    expect(await send(socket, 'transfer', { amount: 2000, transferId: 'past-limit' })).toMatchObject({
      ok: false,
      code: ProtectionCode.CashInLimitReached,
      Params: { period: 'daily', limit: 5000, remaining: 1000 },
    });
    expect(await wallet(id)).toBe(96_000);
    const video = await watch(agent, 5, token);
    expect(video.status).toBe(201);

    const heard = signedOut(socket);
    const excluded = await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'time-out', hours: 24 } });
    expect(excluded.status).toBe(200);
    // As a ban: no grace, the seat was cashed out and closed before the answer.
    expect(await wallet(id)).toBe(100_000);
    expect(await status(5)).toBe('idle');
    expect(await platform.services.play.openSlotSessionsOf(id)).toEqual([]);
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;
    expect((await watch(agent, 5, token)).status).toBe(403);
    const refused = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(refused).toMatchObject({ status: 403, body: { code: ErrorCode.TimedOut, Params: { until: excluded.body.until } } });

    platform.clock.advanceMinutes(24 * 60);
    try {
      expect((await platform.call('POST', '/login', { body: { username, password: 'secret' } })).status).toBe(200);
    } finally {
      platform.clock.set(new Date());
    }
  });

  it('a self-exclusion while seated: the seat is cashed out and closed, the video ends, sign-in is refused for the months chosen and works after them', async () => {
    const { id, username, token } = await newPlayer(platform);
    const socket = await seated(agent, 6, token);
    expect((await send(socket, 'transfer', { amount: 3000, transferId: 'before-exclusion' })).ok).toBe(true);
    expect(await wallet(id)).toBe(97_000);
    const video = await watch(agent, 6, token);
    expect(video.status).toBe(201);

    const heard = signedOut(socket);
    const excluded = await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'self-exclusion', months: 6 } });
    expect(excluded.status).toBe(200);
    expect(await wallet(id)).toBe(100_000);
    expect(await status(6)).toBe('idle');
    expect(await platform.services.play.openSlotSessionsOf(id)).toEqual([]);
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;
    expect((await watch(agent, 6, token)).status).toBe(403);
    const refused = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(refused).toMatchObject({ status: 403, body: { code: ErrorCode.SelfExcluded, Params: { until: excluded.body.until } } });

    // Six calendar months are at most 184 days.
    platform.clock.advanceMinutes(185 * 24 * 60);
    try {
      expect((await platform.call('POST', '/login', { body: { username, password: 'secret' } })).status).toBe(200);
    } finally {
      platform.clock.set(new Date());
    }
  });

  it('the revoke command refuses a malformed body with 400 and a missing service token with 401', async () => {
    const command = (body: unknown, token = platform.services.machineApiToken) =>
      fetch(`${agent.url}/machines/1/commands/revoke`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const body of [
      { playerId: 1, authSessionIds: ['not-a-uuid'] },
      { playerId: 1 },
      { playerId: 1, authSessionIds: [], more: true },
    ]) {
      const answer = await command(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toMatchObject({ code: ErrorCode.InvalidRequest });
    }
    expect((await command({ playerId: 1, authSessionIds: [] }, 'wrong-token')).status).toBe(401);
  });

  // Last: it moves the platform's clock past every token's lifetime.
  it('an expired session is found by the re-check and signed out, its video closed', async () => {
    const { token } = await newPlayer(platform);
    const socket = await seated(watcher, 7, token);
    const video = await watch(watcher, 7, token);
    expect(video.status).toBe(201);

    const heard = signedOut(socket);
    platform.clock.advanceMinutes(platform.config.tokenTtlMinutes + 1);
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;
    expect((await watch(watcher, 7, token)).status).toBe(403);
    await expect.poll(() => status(7), { timeout: 10_000 }).toBe('waiting');
  });
});

// Two instances share a database: PostgreSQL (DATABASE_URL), with Redis between them.
const scaleOut = !!process.env.DATABASE_URL && (await redisUp());

describe.runIf(scaleOut)('two platform instances', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  let agent: RunningAgent;

  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl });
    second = await startPlatform(
      loadConfig({ ...first.config, port: 0, seed: false, machineApiToken: first.services.machineApiToken }, {}),
      { logger: false },
    );
    agent = await agentFor(first, { machineIds: [5], signInRecheckSeconds: 3600 });
  });
  afterAll(async () => {
    await agent?.close();
    await second?.close();
    await first?.stop();
  });

  it('a logout on instance B reaches the agent that registered through instance A, and the notification socket on A', async () => {
    const { token } = await newPlayer(first);
    const socket = await seated(agent, 5, token);
    const video = await watch(agent, 5, token);
    expect(video.status).toBe(201);
    const lobby = await first.socket(token);
    const lobbyClosed = new Promise<string>((resolve) => lobby.once('disconnect', resolve));

    const heard = signedOut(socket);
    expect((await fetch(`${second.url}/player/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    expect(await heard).toEqual(SIGNED_OUT);
    await video.session!.closed;
    expect(await lobbyClosed).toBe('io server disconnect');
    expect((await watch(agent, 5, token)).status).toBe(403);
    await expect.poll(async () => (await first.services.machines.byId(5)).status, { timeout: 10_000 }).toBe('waiting');
  });
});
