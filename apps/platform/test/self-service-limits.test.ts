import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { redisUp, startTestPlatform, testRedisUrl as redisUrl, type TestPlatform, burst, mailsAfter, tally } from '@reelcast/testing';

/**
 * The limits of the calls that send mail (docs/self-service.md "Rate limits"): per address (or username)
 * and per client IP, per hour, 50 requests at once, and on two instances sharing Redis. A refusal is
 * 429 / 42900 with Retry-After; it says nothing about accounts (every address has the same limit).
 */

const TOO_MANY = `429 ${ErrorCode.TooManyRequests}`;
const registration = (email: string, i: number) => ({ username: `limited${i}`, email, password: 'kirmizi-balon-42' });

function expectThrottled(answer: { status: number; body: { code: number; Params?: { retry_after?: number } }; headers: Headers }) {
  expect(answer.status).toBe(429);
  expect(answer.body.code).toBe(ErrorCode.TooManyRequests);
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(3600);
  expect(answer.body.Params?.retry_after).toBe(seconds);
}

describe('per address (RATE_LIMIT_ACCOUNT_MAIL_PER_HOUR)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true, rateLimitAccountMailPerHour: 5 });
  });
  afterAll(() => platform?.stop());

  it('50 registrations for one address at once (any case): 5 are taken and mailed, 45 answer 429; reset requests share the count', async () => {
    const { result: answers, mails } = await mailsAfter(platform, () =>
      burst(50, (i) =>
        platform.call('POST', '/api/auth/register', { body: registration(i % 2 ? 'Flood@Example.com' : 'flood@example.com', i) }),
      ),
    );
    expect(tally(answers)).toEqual({ '202': 5, [TOO_MANY]: 45 });
    answers.filter((a) => a.status === 429).forEach(expectThrottled);
    expect(mails).toHaveLength(5);
    expectThrottled(await platform.call('POST', '/api/auth/forgot-password', { body: { login: 'FLOOD@example.com' } }));
    // Another address, and a reset by username, have their own counts.
    expect((await platform.call('POST', '/api/auth/register', { body: registration('calm@example.com', 99) })).status).toBe(202);
    const byName = await burst(6, () => platform.call('POST', '/api/auth/forgot-password', { body: { login: 'demo' } }));
    expect(tally(byName)).toEqual({ '202': 5, [TOO_MANY]: 1 });
  });

  it('an address with an account is limited exactly like one without', async () => {
    const known = await burst(6, () => platform.call('POST', '/api/auth/forgot-password', { body: { login: 'demo2@reelcast.test' } }));
    const unknown = await burst(6, () => platform.call('POST', '/api/auth/forgot-password', { body: { login: 'ghost@example.com' } }));
    expect(tally(known)).toEqual({ '202': 5, [TOO_MANY]: 1 });
    expect(tally(unknown)).toEqual(tally(known));
  });
});

describe('per client IP (RATE_LIMIT_ACCOUNT_MAIL_IP_PER_HOUR)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true, rateLimitAccountMailIpPerHour: 20 });
  });
  afterAll(() => platform?.stop());

  it('50 registrations and reset requests at once with 50 addresses: 20 are taken, 30 answer 429', async () => {
    const answers = await burst(50, (i) =>
      i % 2
        ? platform.call('POST', '/api/auth/register', { body: registration(`spray${i}@example.com`, i) })
        : platform.call('POST', '/api/auth/forgot-password', { body: { login: `spray${i}@example.com` } }),
    );
    expect(tally(answers)).toEqual({ '202': 20, [TOO_MANY]: 30 });
    answers.filter((a) => a.status === 429).forEach(expectThrottled);
    await platform.services.selfService.settled();
  });

  it('the calls that send no mail are not counted here', async () => {
    expect((await platform.call('GET', '/api/auth/register')).status).toBe(200);
    expect((await platform.call('POST', '/api/auth/register/confirm', { body: { token: 'A'.repeat(43) } })).status).toBe(410);
  });
});

describe.runIf(await redisUp())('on two platform instances sharing Redis', () => {
  let first: TestPlatform;
  let second: TestPlatform;
  beforeAll(async () => {
    // A prefix of this run's own: counters of an earlier run are not ours. One start after the other:
    // an embedded database's first start keeps the event loop busy for seconds.
    const shared = {
      redisUrl,
      redisPrefix: `test-${randomBytes(4).toString('hex')}`,
      registrationOpen: true,
      rateLimitAccountMailPerHour: 5,
    };
    first = await startTestPlatform(shared);
    second = await startTestPlatform({ ...shared, rateLimitAccountMailIpPerHour: 0 });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('25 registrations for one address at each instance at once: 5 in all are taken, the rest answer 429 on both', async () => {
    const answers = await burst(50, (i) =>
      (i % 2 ? second : first).call('POST', '/api/auth/register', { body: registration('shared@example.com', i) }),
    );
    expect(tally(answers)).toEqual({ '202': 5, [TOO_MANY]: 45 });
    const onEach = [first, second].map((p) => answers.filter((a, i) => (i % 2 ? second : first) === p && a.status === 429).length);
    expect(onEach.every((n) => n > 0)).toBe(true);
    await Promise.all([first.services.selfService.settled(), second.services.selfService.settled()]);
  });
});
