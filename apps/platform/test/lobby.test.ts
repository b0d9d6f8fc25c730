import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import {
  ActionCode,
  brandList,
  brandMachines,
  ErrorCode,
  loginAnswer,
  machineList,
  machinePush,
  tokenSignInAnswer,
} from '@reelcast/protocol';
import { CASHIER_ACCOUNT, walletAccount } from '../src/wallet/accounts.ts';
import { nextEvent, startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
let token: string;
beforeAll(async () => {
  // Sockets' sessions are re-checked every 0.3 s here (15 s by default), for the ban test below.
  platform = await startTestPlatform({ socketRecheckSeconds: 0.3 });
  token = await platform.login();
});
afterAll(() => platform?.stop());

describe('lobby', () => {
  it('GET /machine/brands: three seeded brands with machineCount and a comma-separated jackpot', async () => {
    const { status, body } = await platform.call('GET', '/machine/brands', { token });
    expect(status).toBe(200);
    const brands = brandList.parse(body);
    expect(brands.map((b) => [b.name, b.machineCount])).toEqual([
      ['Aurora', 4],
      ['Dragon', 4],
      ['Tropic', 4],
    ]);
    for (const brand of brands) expect(brand.jackpot).toMatch(/^\d+\.\d{2}(,\d+\.\d{2})+$/);
  });

  it('GET /machine/all: twelve machines with id, status, image, brand and reservation', async () => {
    const machines = machineList.parse((await platform.call('GET', '/machine/all', { token })).body);
    expect(machines).toHaveLength(12);
    expect(new Set(machines.map((m) => m.brand))).toEqual(new Set(['Aurora', 'Dragon', 'Tropic']));
    expect(machines.every((m) => m.status === 'idle' && m.reservation === null)).toBe(true);
  });

  it('serves every machine image and the brand fallback PNG', async () => {
    const machines = machineList.parse((await platform.call('GET', '/machine/all', { token })).body);
    for (const image of [...new Set(machines.map((m) => m.image)), '/assets/machines/aurora.png']) {
      const response = await fetch(platform.url + image);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/(svg\+xml|png)/);
    }
  });

  it('GET /machine/{id}: one brand and its machines', async () => {
    const brands = brandList.parse((await platform.call('GET', '/machine/brands', { token })).body);
    const dragon = brands.find((b) => b.name === 'Dragon')!;
    const answer = brandMachines.parse((await platform.call('GET', `/machine/${dragon.id}`, { token })).body);
    expect(answer.brand.name).toBe('Dragon');
    expect(answer.machines.map((m) => m.brand)).toEqual(['Dragon', 'Dragon', 'Dragon', 'Dragon']);
    const missing = await platform.call('GET', '/machine/9999', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(ErrorCode.NotFound);
  });

  it('needs a token', async () => {
    const { status, body } = await platform.call('GET', '/machine/all');
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.SignatureNotVerified);
  });
});

describe('notification socket', () => {
  it('refuses a connection without a valid token', async () => {
    const socket = connectSocket(platform.url, { auth: { token: 'nope' }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('10');
    socket.close();
  });

  it("answers a session check that fails (the database away) as 'try again', not as a bad token, and signs in once it can", async () => {
    // Fault injected at the database query the check makes: the one way to make it fail for one handshake.
    const check = vi.spyOn(platform.services.auth, 'liveSessions').mockRejectedValueOnce(new Error('connection terminated'));
    try {
      const socket = connectSocket(platform.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe(String(ErrorCode.InternalError));
      socket.connect();
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
      socket.close();
    } finally {
      check.mockRestore();
    }
  });

  it('refuses a browser origin that is not allowed', async () => {
    const socket = connectSocket(platform.url, {
      auth: { token },
      transports: ['polling'],
      extraHeaders: { origin: 'https://evil.example' },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect_error', resolve));
    expect(socket.connected).toBe(false);
    socket.close();
  });

  it('accepts the token as a ?token= query parameter', async () => {
    const socket = connectSocket(platform.url, { query: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('pushes `machine` to every lobby when a machine agent reports a status', async () => {
    const other = await platform.login('demo2', 'demo1234');
    const [a, b] = await Promise.all([platform.socket(token), platform.socket(other)]);
    const pushes = Promise.all([nextEvent(a, 'machine'), nextEvent(b, 'machine')]);
    const { status } = await platform.call('PUT', '/machine-api/machines/3/status', {
      token: platform.services.machineApiToken,
      body: { status: 'playing', reservation: { playerId: 2, until: null } },
    });
    expect(status).toBe(200);
    for (const push of await pushes) {
      expect(machinePush.parse(push)).toEqual({ id: 3, status: 'playing', reservation: { playerId: 2, until: null } });
    }
    const machines = machineList.parse((await platform.call('GET', '/machine/all', { token })).body);
    expect(machines.find((m) => m.id === 3)?.status).toBe('playing');
  });

  it('refuses a status report without the service token', async () => {
    const { status } = await platform.call('PUT', '/machine-api/machines/3/status', { token, body: { status: 'idle' } });
    expect(status).toBe(401);
  });

  it('pushes `balance` only to the player whose wallet changed', async () => {
    const demo = await platform.services.players.require('demo');
    const other = await platform.login('demo2', 'demo1234');
    const mine = await platform.socket(token);
    const theirs = await platform.socket(other);
    let leaked = false;
    theirs.on('balance', () => (leaked = true));
    const push = nextEvent<{ balance: number }>(mine, 'balance');
    const result = await platform.services.ledger.transfer({
      idempotencyKey: `push-${Date.now()}`,
      action: ActionCode.Deposit,
      from: CASHIER_ACCOUNT,
      to: walletAccount(demo.id),
      amount: 1000,
    });
    expect(await push).toEqual({ balance: result.balances[walletAccount(demo.id)] });
    // A round trip on the other socket's connection orders after any push the server sent it.
    await platform.call('GET', '/player/balance', { token: other });
    expect(leaked).toBe(false);
  });

  it('a socket that connects after its sign-in is sent the pushes it missed since the sign-in answer, only its own', async () => {
    const signedIn = await platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234', site_id: 1 } });
    const { token: fresh, pushesFrom } = loginAnswer.parse(signedIn.body);
    expect(pushesFrom).toMatch(/^[0-9a-f]{8}\.\d+$/);
    // After the answer, before the socket: a machine changes, and two wallets.
    const demo = await platform.services.players.require('demo');
    const demo2 = await platform.services.players.require('demo2');
    await platform.call('PUT', '/machine-api/machines/5/status', {
      token: platform.services.machineApiToken,
      body: { status: 'playing', reservation: { playerId: demo2.id, until: null } },
    });
    const deposit = (playerId: number) =>
      platform.services.ledger.transfer({
        idempotencyKey: `missed-${playerId}-${Date.now()}`,
        action: ActionCode.Deposit,
        from: CASHIER_ACCOUNT,
        to: walletAccount(playerId),
        amount: 700,
      });
    const mine = await deposit(demo.id);
    await deposit(demo2.id);

    const socket = connectSocket(platform.url, { auth: { token: fresh, pushesFrom }, transports: ['websocket'], reconnection: false });
    const received: [string, unknown][] = [];
    socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await vi.waitFor(() => expect(received.some(([event]) => event === 'balance')).toBe(true));
    expect(received.filter(([event]) => event !== 'session' && event !== 'jackpot')).toEqual([
      ['machine', { id: 5, status: 'playing', reservation: { playerId: demo2.id, until: null } }],
      ['balance', { balance: mine.balances[walletAccount(demo.id)] }],
    ]);
    socket.close();
  });

  it('a point the instance cannot replay from (another instance’s, or garbage) gets `resync`; no point, nothing', async () => {
    for (const pushesFrom of ['ffffffff.0', 'nope']) {
      const socket = connectSocket(platform.url, { auth: { token, pushesFrom }, transports: ['websocket'], reconnection: false });
      await nextEvent(socket, 'resync');
      socket.close();
    }
    const plain = await platform.socket(token);
    let resync = false;
    plain.on('resync', () => (resync = true));
    await platform.call('GET', '/player/balance', { token });
    expect(resync).toBe(false);
  });

  it('the token sign-in answers a point too', async () => {
    const { status, body } = await platform.call('POST', '/login/token', { token });
    expect(status).toBe(200);
    expect(tokenSignInAnswer.parse(body).pushesFrom).toMatch(/^[0-9a-f]{8}\.\d+$/);
  });

  it("a ban made outside the platform (as the CLI does) closes the player's sockets at the next re-check", async () => {
    const username = `sockban${Date.now()}`;
    await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
    const socket = await platform.socket(await platform.login(username, 'secret'));
    const bystander = await platform.socket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await platform.services.players.ban(username, 'test', new Date());
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    bystander.close();
  });
});
