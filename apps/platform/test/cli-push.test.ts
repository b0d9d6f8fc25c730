import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { balancePush } from '@reelcast/protocol';
import {
  cliEnv,
  nextEvent,
  redisUp,
  runCli,
  startTestPlatform,
  testRedisUrl as redisUrl,
  type CliRun,
  type TestPlatform,
} from '@reelcast/testing';

/**
 * `reelcast` commands (run in this process, test/harness.ts runCli) next to a running platform: what a command changes reaches the signed-in
 * pages through Redis (REDIS_URL, REDIS_PREFIX), as the platform's own changes do; when it cannot,
 * the command still does its work and says that running instances were not told.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The CLI on the platform's data folder and database, with exactly the Redis variables given. */
function cli(platform: TestPlatform, redis: { REDIS_URL?: string; REDIS_PREFIX?: string }, ...args: string[]): Promise<CliRun> {
  const env = cliEnv(platform.config.dataDir, platform.config.databaseUrl, platform.config.keysDir);
  delete env.REDIS_URL;
  delete env.REDIS_PREFIX;
  return runCli(args, { ...env, ...redis });
}

/** Collects every `event` the socket receives from now on. */
function collect(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

const balanceOf = async (platform: TestPlatform, token: string) =>
  Number((await platform.call('GET', '/player/balance', { token })).body.balance);

describe.runIf(onPostgres && (await redisUp()))('CLI pushes on PostgreSQL + Redis', () => {
  const prefix = `test-cli-${randomBytes(4).toString('hex')}`;
  let platform: TestPlatform;

  beforeAll(async () => {
    // Sockets are re-checked once an hour: only a push can close them within a test.
    platform = await startTestPlatform({ redisUrl, redisPrefix: prefix, socketRecheckSeconds: 3600 });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('a deposit reaches the signed-in player socket with the new balance', async () => {
    const token = await platform.login('demo');
    const socket = await platform.socket(token);
    const before = await balanceOf(platform, token);
    const push = nextEvent(socket, 'balance', 30_000);
    const run = await cli(platform, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, 'player', 'deposit', 'demo', '12.34');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Deposited .*12\.34 for demo/);
    expect(balancePush.parse(await push).balance).toBe(before + 1234);
    expect(await balanceOf(platform, token)).toBe(before + 1234);
  }, 60_000);

  it("with another REDIS_PREFIX the push goes to that deployment's channels, not this one's", async () => {
    const token = await platform.login('demo2', 'demo1234');
    const socket = await platform.socket(token);
    const heard = collect(socket, 'balance');
    const before = await balanceOf(platform, token);
    const run = await cli(platform, { REDIS_URL: redisUrl, REDIS_PREFIX: `${prefix}-other` }, 'player', 'withdraw', 'demo2', '1');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    // The control: a push this deployment does hear, sent after the other one, arrives alone.
    const control = nextEvent(socket, 'balance', 30_000);
    expect((await cli(platform, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, 'player', 'deposit', 'demo2', '2')).code).toBe(0);
    expect(balancePush.parse(await control).balance).toBe(before - 100 + 200);
    expect(heard).toHaveLength(1);
  }, 90_000);

  it('without REDIS_URL the deposit is done, nothing is pushed, and a warning says running instances were not told', async () => {
    const token = await platform.login('demo');
    const socket = await platform.socket(token);
    const heard = collect(socket, 'balance');
    const before = await balanceOf(platform, token);
    const run = await cli(platform, {}, 'player', 'deposit', 'demo', '5');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Deposited /);
    expect(run.stderr).toMatch(/warning: REDIS_URL is not set, so running platform instances are not told of this change/);
    expect(await balanceOf(platform, token)).toBe(before + 500);
    // A later push (the platform's own) arrives: the CLI's never came before it.
    const later = nextEvent(socket, 'balance', 30_000);
    expect((await cli(platform, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, 'player', 'deposit', 'demo', '1')).code).toBe(0);
    expect(balancePush.parse(await later).balance).toBe(before + 600);
    expect(heard).toHaveLength(1);
  }, 90_000);

  it('with Redis unreachable the deposit is done, the command ends, and the warning names where Redis was looked for', async () => {
    const token = await platform.login('demo');
    const before = await balanceOf(platform, token);
    const run = await cli(platform, { REDIS_URL: 'redis://:secret@127.0.0.1:1', REDIS_PREFIX: prefix }, 'player', 'deposit', 'demo', '3');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: Redis at 127\.0\.0\.1:1 could not be reached \(.*ECONNREFUSED.*\), so running platform instances/);
    expect(run.stderr).not.toContain('secret');
    expect(await balanceOf(platform, token)).toBe(before + 300);
  }, 60_000);

  it('a ban signs the player out at once: their notification socket is closed by the server', async () => {
    const created = await cli(platform, {}, 'player', 'create', 'cli-push-ban', '--password', 'pass1234');
    expect(created.code).toBe(0);
    const token = await platform.login('cli-push-ban', 'pass1234');
    const socket = await platform.socket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const run = await cli(platform, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, 'player', 'ban', 'cli-push-ban', '--reason', 'test');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    // SOCKET_RECHECK_SECONDS is an hour here: only the push can have closed it.
    expect(await closed).toBe('io server disconnect');
    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(401);
  }, 60_000);

  it('a command that changes nothing anyone sees says nothing about Redis', async () => {
    const run = await cli(platform, {}, 'ledger', 'verify');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('The ledger reconciles.');
  }, 60_000);
});

describe.runIf(!onPostgres)('CLI on the embedded database', () => {
  let platform: TestPlatform | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('cannot run while a platform holds the data folder, so there is no running platform to tell', async () => {
    const run = await cli(platform!, {}, 'player', 'deposit', 'demo', '5');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is in use by process \d+/);
  }, 60_000);

  it('with the platform stopped, a deposit needs no Redis and prints no warning', async () => {
    const stopped = platform!;
    // close, not stop: the data folder stays for the CLI (stop removes it).
    await stopped.close();
    platform = undefined;
    const run = await cli(stopped, {}, 'player', 'deposit', 'demo', '5');
    fs.rmSync(stopped.config.dataDir, { recursive: true, force: true });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Deposited .*5\.00 for demo/);
  }, 90_000);
});
