import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinePush } from '@reelcast/protocol';
import { loadConfig } from '../src/config.ts';
import { startPlatform, type RunningPlatform } from '../src/platform.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  freshPostgres,
  nextEvent,
  redisUp,
  startSecondInstance,
  startTestPlatform,
  testRedisUrl as redisUrl,
  type TestPlatform,
} from '@reelcast/testing';
import { io as connectSocket } from 'socket.io-client';

const databaseUrl = process.env.DATABASE_URL;

// Two instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
const scaleOut = databaseUrl && (await redisUp());

describe.runIf(scaleOut)('two platform instances on PostgreSQL + Redis', () => {
  let first: TestPlatform;
  let second: RunningPlatform;

  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl });
    // The second instance shares the first one's database, keys and service token.
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('a token from one instance works on the other, and logout on one revokes it on both (its socket on the other closes)', async () => {
    const token = await first.login();
    const other = await fetch(`${second.url}/player/balance`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(200);
    const socket = await first.socket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await fetch(`${second.url}/player/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await first.call('GET', '/player/balance', { token })).status).toBe(401);
    // Through Redis, well before the 15 s re-check.
    expect(await closed).toBe('io server disconnect');
  });

  it('a status reported to one instance reaches lobby sockets on the other, once', async () => {
    const token = await first.login('demo2', 'demo1234');
    const socket = connectSocket(second.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let received = 0;
    socket.on('machine', () => received++);
    const push = nextEvent(socket, 'machine');
    await first.call('PUT', '/machine-api/machines/7/status', { token: first.services.machineApiToken, body: { status: 'offline' } });
    expect(machinePush.parse(await push)).toMatchObject({ id: 7, status: 'offline' });
    await fetch(`${second.url}/player/balance`, { headers: { authorization: `Bearer ${token}` } });
    expect(received).toBe(1);
    socket.close();
  });
});

describe.runIf(await redisUp())('REDIS_PREFIX', () => {
  it('keeps two deployments on one Redis apart: a push reaches the instances of its own prefix only', async () => {
    const run = `test-${process.pid}-${Date.now()}`;
    // One after another: an embedded database's first start keeps the event loop busy for seconds.
    const a = await startTestPlatform({ redisUrl, redisPrefix: `${run}-one` });
    const b = await startTestPlatform({ redisUrl, redisPrefix: `${run}-one` });
    const c = await startTestPlatform({ redisUrl, redisPrefix: `${run}-two` });
    try {
      const [sameDeployment, otherDeployment] = await Promise.all([b.socket(await b.login()), c.socket(await c.login())]);
      let heardByOther = 0;
      otherDeployment.on('machine', () => heardByOther++);
      const push = nextEvent(sameDeployment, 'machine');
      await a.call('PUT', '/machine-api/machines/7/status', { token: a.services.machineApiToken, body: { status: 'offline' } });
      expect(machinePush.parse(await push)).toMatchObject({ id: 7, status: 'offline' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heardByOther).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
  }, 120_000);
});

describe.runIf(databaseUrl)('PostgreSQL migrations', () => {
  it('several instances migrating one empty database at once all succeed (advisory lock), and again later', async () => {
    const fresh = (await freshPostgres())!;
    try {
      for (let round = 0; round < 2; round++) {
        const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, pgliteDir: '' })));
        const results = await Promise.allSettled(databases.map((d) => d.migrate()));
        await Promise.all(databases.map((d) => d.close()));
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 200) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      }
    } finally {
      await fresh.drop();
    }
  });
});

describe.runIf(!databaseUrl)('one embedded database, one process', () => {
  it('refuses a second platform on the same data folder with a clear message', async () => {
    const only = await startTestPlatform();
    try {
      const error = await startPlatform(loadConfig({ ...only.config, port: 0 }, {}), { logger: false }).then(
        (p) => p.close().then(() => null),
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/is in use by process \d+ .*DATABASE_URL/);
    } finally {
      await only.stop();
    }
  });
});
