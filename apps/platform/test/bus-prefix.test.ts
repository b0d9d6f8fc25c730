import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { busChannel, busTopics, InProcessBus, PushRelay, RedisBus, type Bus } from '../src/bus/index.ts';
import { redisUp, startTestPlatform, testRedisUrl as redisUrl } from '@reelcast/testing';

/**
 * REDIS_PREFIX on one Redis: buses of the same prefix hear each other, buses of another prefix never do,
 * and every channel and key the platform makes in Redis starts with it.
 */

const run = `test-prefix-${randomBytes(4).toString('hex')}`;
const opened: RedisBus[] = [];

/** Collects every `balance` payload `bus` hears from now on. */
function heard(bus: Bus): { playerId: number; balance: number }[] {
  const seen: { playerId: number; balance: number }[] = [];
  bus.subscribe('balance', (payload) => seen.push(payload));
  return seen;
}

async function bus(prefix: string): Promise<RedisBus> {
  const connected = await RedisBus.connect(redisUrl, prefix);
  opened.push(connected);
  return connected;
}

afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
});

describe.runIf(await redisUp())('REDIS_PREFIX on one Redis', () => {
  it('buses of one prefix hear each other; a bus of another prefix hears none of it, and the other way round', async () => {
    const [one, oneAgain, two] = await Promise.all([bus(`${run}-one`), bus(`${run}-one`), bus(`${run}-two`)]);
    const [byOne, byOneAgain, byTwo] = [heard(one), heard(oneAgain), heard(two)];
    one.publish('balance', { playerId: 1, balance: 100 });
    two.publish('balance', { playerId: 2, balance: 200 });
    // The marker: a later publish on each prefix; Redis delivers in order on a connection, so once each
    // bus has its marker, everything published before it has arrived or never will.
    const marked = (seen: { balance: number }[]) => seen.some((p) => p.balance === -1);
    one.publish('balance', { playerId: 0, balance: -1 });
    two.publish('balance', { playerId: 0, balance: -1 });
    await expect.poll(() => [byOne, byOneAgain, byTwo].every(marked), { timeout: 10_000 }).toBe(true);
    expect(byOne.map((p) => p.balance)).toEqual([100, -1]);
    expect(byOneAgain.map((p) => p.balance)).toEqual([100, -1]);
    expect(byTwo.map((p) => p.balance)).toEqual([200, -1]);
  });

  it("a one-shot process's PushRelay publishes on its prefix's channels: the buses of that prefix hear it, others do not", async () => {
    const [one, two] = await Promise.all([bus(`${run}-relay-one`), bus(`${run}-relay-two`)]);
    const [byOne, byTwo] = [heard(one), heard(two)];
    const local = new InProcessBus();
    const relay = new PushRelay(local, { url: redisUrl, prefix: `${run}-relay-one` });
    local.publish('balance', { playerId: 7, balance: 700 });
    local.publish('revoked', { sessionIds: ['a'] });
    expect(await relay.flush()).toEqual({ kind: 'sent', count: 2 });
    two.publish('balance', { playerId: 0, balance: -1 });
    one.publish('balance', { playerId: 0, balance: -1 });
    await expect.poll(() => byOne.length === 2 && byTwo.length === 1, { timeout: 10_000 }).toBe(true);
    expect(byOne.map((p) => p.balance)).toEqual([700, -1]);
    expect(byTwo.map((p) => p.balance)).toEqual([-1]);
  });

  it('a PushRelay says what became of its pushes: nothing to send, no Redis, Redis unreachable', async () => {
    const quiet = new PushRelay(new InProcessBus(), { url: redisUrl, prefix: run });
    expect(await quiet.flush()).toEqual({ kind: 'nothing' });
    const local = new InProcessBus();
    const without = new PushRelay(local, { url: undefined, prefix: run });
    local.publish('balance', { playerId: 1, balance: 1 });
    expect(await without.flush()).toEqual({ kind: 'no-redis', count: 1 });
    const other = new InProcessBus();
    const unreachable = new PushRelay(other, { url: 'redis://:hush@127.0.0.1:1', prefix: run, timeoutMs: 2000 });
    other.publish('balance', { playerId: 1, balance: 1 });
    const outcome = await unreachable.flush();
    expect(outcome).toMatchObject({ kind: 'unreachable', count: 1, where: '127.0.0.1:1' });
    expect(JSON.stringify(outcome)).not.toContain('hush');
  });

  it("a platform's channels and rate-limit keys all start with its prefix", async () => {
    const prefix = `${run}-platform`;
    const platform = await startTestPlatform({ redisUrl, redisPrefix: prefix, rateLimitLoginPerMinute: 100 });
    const probe = new Redis(redisUrl);
    try {
      await platform.login();
      const channels = (await probe.pubsub('CHANNELS', `${prefix}:*`)) as string[];
      expect(channels.sort()).toEqual(busTopics.map((t) => busChannel(prefix, t)).sort());
      const keys = await probe.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(`${prefix}:rate-limit:`))).toBe(true);
    } finally {
      probe.disconnect();
      await platform.stop();
    }
  }, 120_000);
});
