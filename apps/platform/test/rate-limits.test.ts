import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, promotionAnswer, promotionRefusal } from '@reelcast/protocol';
import { redisUp, startTestPlatform, testRedisUrl as redisUrl, type TestPlatform } from '@reelcast/testing';

/**
 * Rate limits (docs/security.md "Rate limits"), 50 requests at once from one client: per IP for sign-in
 * attempts across usernames and for the whole API, per player for the calls that move money; shared by
 * every instance through Redis. A refusal is 429 / 42900 with Retry-After.
 */

const burst = <T>(n: number, request: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => request(i)));

function expectThrottled(answer: {
  status: number;
  body: { code: number; Params?: { retry_after?: number }; ErrorMessage: string };
  headers: Headers;
}) {
  expect(answer.status).toBe(429);
  expect(answer.body.code).toBe(ErrorCode.TooManyRequests);
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(answer.body.Params?.retry_after).toBe(seconds);
  expect(answer.body.ErrorMessage).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
}

/** How many answers came with each status and code, e.g. { '429 42900': 45 }: a failure shows what came instead. */
function tally(answers: { status: number; body: { code: number } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) counts[`${status} ${body.code}`] = (counts[`${status} ${body.code}`] ?? 0) + 1;
  return counts;
}

/** A platform with only the given limits on; sign-ins for the tests go through the services (no request). */
function platformWith(limits: Partial<TestPlatform['config']>) {
  const context = {} as { platform: TestPlatform; tokenOf(username: string): Promise<string> };
  beforeAll(async () => {
    context.platform = await startTestPlatform(limits);
  });
  afterAll(() => context.platform?.stop());
  context.tokenOf = async (username) =>
    (await context.platform.services.auth.login({ username, password: 'demo1234', ip: '127.0.0.1', userAgent: 'test' })).token;
  return context;
}

describe('sign-in attempts per IP', () => {
  const ctx = platformWith({ rateLimitLoginPerMinute: 5 });

  it('50 sign-in attempts at once with distinct usernames: 5 are tried, 45 answer 429 without being checked', async () => {
    const answers = await burst(50, (i) => ctx.platform.call('POST', '/login', { body: { username: `spray-${i}`, password: 'guess' } }));
    expect(tally(answers)).toEqual({ [`401 ${ErrorCode.UnknownUser}`]: 5, [`429 ${ErrorCode.TooManyRequests}`]: 45 });
    answers.filter((a) => a.status === 429).forEach(expectThrottled);
    // The right password is refused too while the IP is over its limit.
    expectThrottled(await ctx.platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234' } }));
  });
});

describe('calls that move money, per player', () => {
  const ctx = platformWith({ rateLimitMoneyPerMinute: 3 });

  it('10 bonus claims at once: 3 are answered, 7 answer 429; another player keeps their own', async () => {
    const [first, second] = await Promise.all([ctx.tokenOf('demo'), ctx.tokenOf('demo2')]);
    const answers = await burst(10, () => ctx.platform.call('GET', '/player/bonus', { token: first }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    answers.filter((a) => a.status !== 200).forEach(expectThrottled);
    expect((await ctx.platform.call('GET', '/player/bonus', { token: second })).status).toBe(200);
  });

  it('20 claims at once of each promotion: every answer has SPEC §3 shape, status false unless granted (429 included)', async () => {
    const { id } = await ctx.platform.services.players.create({ username: 'claimer', email: 'claimer@x.test', password: 'demo1234' });
    const token = await ctx.tokenOf('claimer');
    for (const url of ['/player/bonus/weekly', '/player/discount', '/player/bonus']) {
      const answers = await burst(20, () => ctx.platform.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }));
      const throttled = answers.filter((a) => a.statusCode === 429);
      expect(throttled.length, url).toBeGreaterThanOrEqual(17);
      for (const answer of throttled) {
        expect(promotionRefusal.parse(answer.json())).toMatchObject({ status: false, code: ErrorCode.TooManyRequests });
      }
      for (const answer of answers.filter((a) => a.statusCode === 200)) expect(promotionAnswer.parse(answer.json()).status).toBe(false);
    }
    expect(await ctx.platform.services.promotions.claimsOf(id)).toEqual([]);
    const unsigned = await ctx.platform.app.inject({ method: 'GET', url: '/player/bonus/weekly' });
    expect(unsigned.statusCode).toBe(401);
    expect(promotionRefusal.parse(unsigned.json())).toMatchObject({ status: false, code: ErrorCode.SignatureNotVerified });
  });
});

describe('the whole API, per IP', () => {
  const ctx = platformWith({ rateLimitApiPerMinute: 40 });

  it('50 calls at once: 40 are answered, 10 answer 429, then every API path does; the portal files still load', async () => {
    const token = await ctx.tokenOf('demo2');
    const answers = await burst(50, () => ctx.platform.call('GET', '/player/balance', { token }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    answers.filter((a) => a.status !== 200).forEach(expectThrottled);
    expect((await ctx.platform.call('GET', '/machine/all', { token })).status).toBe(429);
    // A promotion call refused by the per-IP limit (a hook before the route's own) keeps SPEC §3's shape.
    const claim = await ctx.platform.app.inject({
      method: 'GET',
      url: '/player/bonus/weekly',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(claim.statusCode).toBe(429);
    expect(promotionRefusal.parse(claim.json())).toMatchObject({ status: false, code: ErrorCode.TooManyRequests });
    expect((await ctx.platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234' } })).status).toBe(429);
    expect((await fetch(`${ctx.platform.url}/assets/machines/aurora.png`)).status).toBe(200);
  });
});

describe.runIf(await redisUp())('two platform instances sharing Redis', () => {
  let first: TestPlatform;
  let second: TestPlatform;
  beforeAll(async () => {
    // A prefix of this run's own: counters of an earlier run (or another deployment) are not ours.
    const shared = { redisUrl, redisPrefix: `test-${randomBytes(4).toString('hex')}`, rateLimitLoginPerMinute: 6 };
    // One after another: an embedded database's first start keeps the event loop busy for seconds.
    first = await startTestPlatform(shared);
    second = await startTestPlatform(shared);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('25 sign-in attempts at each instance at once: 6 in all are tried, the rest answer 429 on both', async () => {
    const answers = await burst(50, (i) =>
      (i % 2 ? second : first).call('POST', '/login', { body: { username: `spray-${i}`, password: 'guess' } }),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(6);
    answers.filter((a) => a.status !== 401).forEach(expectThrottled);
  });
});
