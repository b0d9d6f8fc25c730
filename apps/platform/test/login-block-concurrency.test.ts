import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AuditType, ErrorCode } from '@reelcast/protocol';
import { loadConfig } from '../src/config.ts';
import { startPlatform, type RunningPlatform } from '../src/platform.ts';
import { AttemptLimiter } from '../src/auth/attempt-limiter.ts';
import { auditLog } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * Login protection's block and the password-change limit under bursts (docs/auth.md "Login protection"): an
 * attempt is counted before its password is checked, so however many arrive at once at most the limit
 * (3) are ever checked, and a right password during a burst cannot lift the block the burst earned.
 * Every checked wrong password writes one audit row, so the audit log counts the checks.
 */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

let serial = 0;
async function newPlayer(password = 'right-pass') {
  const username = `burst${process.pid}${++serial}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password });
  return { username, id: player.id };
}

const login = (base: string, username: string, password: string) =>
  fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; Params?: Record<string, number> } }));

/** How many times a wrong password was checked for this player (one `login fail` row each). */
async function checkedWrongPasswords(playerId: number, type: string = AuditType.LoginFail): Promise<number> {
  const [row] = await platform.services.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.playerId, playerId), eq(auditLog.type, type)));
  return Number(row?.n ?? 0);
}

/**
 * A burst of wrong passwords on a fresh account: every answer is 10700 or 10702, at most 2 are 10700 (a
 * checked guess answered before the third was counted says how many are left; once 3 are counted, a
 * failing one starts the block and says so).
 */
function expectBurstRefused(codes: number[]) {
  expect(codes.every((c) => c === ErrorCode.WrongPassword || c === ErrorCode.AccountBlocked)).toBe(true);
  expect(codes.filter((c) => c === ErrorCode.WrongPassword).length).toBeLessThanOrEqual(2);
}

describe('login protection blocks under a burst', () => {
  it('with one attempt left, 50 parallel wrong passwords get exactly one check, and all are refused with 10702', async () => {
    const { username, id } = await newPlayer();
    for (const guess of ['wrong-a', 'wrong-b'])
      expect((await login(platform.url, username, guess)).body.code).toBe(ErrorCode.WrongPassword);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(platform.url, username, `burst-${i}`)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(50).fill(ErrorCode.AccountBlocked));
    expect(await checkedWrongPasswords(id)).toBe(3);
    expect((await login(platform.url, username, 'right-pass')).body.code).toBe(ErrorCode.AccountBlocked);
  });

  it('50 parallel wrong passwords on a fresh account: 3 checks, the rest refused unchecked', async () => {
    const { username, id } = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(platform.url, username, `burst-${i}`)));
    expectBurstRefused(answers.map((a) => a.body.code));
    expect(await checkedWrongPasswords(id)).toBe(3);
    expect((await login(platform.url, username, 'right-pass')).body.code).toBe(ErrorCode.AccountBlocked);
  });

  it('the right password sent 10 ms after 49 parallel wrong ones does not sign in or lift the block', async () => {
    const { username, id } = await newPlayer();
    const burst = Promise.all(Array.from({ length: 49 }, (_, i) => login(platform.url, username, `burst-${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const right = await login(platform.url, username, 'right-pass');
    await burst;
    expect(right.body.code).toBe(ErrorCode.AccountBlocked);
    expect(await checkedWrongPasswords(id)).toBe(3);
    // The block stands: the right password is refused until it ends.
    expect((await login(platform.url, username, 'right-pass')).body.code).toBe(ErrorCode.AccountBlocked);
    platform.clock.advanceMinutes(16);
    expect((await login(platform.url, username, 'right-pass')).status).toBe(200);
  });

  it('a right password checked alongside a burst that earns the block is refused, not signed in', async () => {
    // Whichever order the database gives the 4 attempts, at most 3 are checked; if the right one is among
    // them it signs in only when fewer than 3 wrong ones were counted before the block was decided.
    const { username, id } = await newPlayer();
    const answers = await Promise.all([
      login(platform.url, username, 'wrong-1'),
      login(platform.url, username, 'wrong-2'),
      login(platform.url, username, 'wrong-3'),
      login(platform.url, username, 'right-pass'),
    ]);
    const wrongChecks = await checkedWrongPasswords(id);
    const signedIn = answers[3].status === 200;
    expect(wrongChecks).toBeLessThanOrEqual(3);
    if (wrongChecks === 3) expect(signedIn).toBe(false);
    const blocked = (await login(platform.url, username, 'right-pass')).body.code === ErrorCode.AccountBlocked;
    expect(blocked).toBe(wrongChecks === 3);
  });
});

describe('the attempt counter, in the order a burst can take', () => {
  it('a right attempt claimed between wrong ones: the wrong ones that fail around it start no block', async () => {
    const limiter = new AttemptLimiter(platform.services.database.db, () => new Date());
    const rule = { max: 3, windowMinutes: 15, blockMinutes: 30 };
    const key = `order-test-${++serial}`;
    const [first, second, right] = [await limiter.claim(key, rule), await limiter.claim(key, rule), await limiter.claim(key, rule)];
    expect([first.granted, second.granted, right.granted]).toEqual([true, true, true]);
    expect((await limiter.claim(key, rule)).granted).toBe(false); // three in flight: no fourth is checked
    expect((await limiter.failed(key, rule)).blockedUntil).toBeNull();
    expect(await limiter.succeeded(key, right as Extract<typeof right, { granted: true }>)).toBe(true);
    expect((await limiter.failed(key, rule)).blockedUntil).toBeNull();
  });
});

describe('password change limit under a burst', () => {
  it('50 parallel wrong old passwords: 3 checks, the rest answer 42900, and the right one is refused until the window ends', async () => {
    const { username, id } = await newPlayer('secret');
    const token = await platform.login(username, 'secret');
    const change = (oldPassword: string) =>
      platform.call('POST', '/player/password', { token, body: { oldPassword, newPassword: 'new-secret' } });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => change(`guess-${i}`)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === ErrorCode.OldPasswordWrong)).toHaveLength(3);
    expect(codes.filter((c) => c === ErrorCode.TooManyRequests)).toHaveLength(47);
    const wrong = await platform.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.playerId, id), sql`${auditLog.detail}->>'reason' = 'old password is wrong'`));
    expect(Number(wrong[0]!.n)).toBe(3);
    expect((await change('secret')).body.code).toBe(ErrorCode.TooManyRequests);
    platform.clock.advanceMinutes(15);
    expect((await change('secret')).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)('two platform instances on one PostgreSQL', () => {
  let second: RunningPlatform;
  beforeAll(async () => {
    second = await startPlatform(
      loadConfig({ ...platform.config, port: 0, seed: false, machineApiToken: platform.services.machineApiToken }, {}),
      {
        clock: platform.clock.now,
        logger: false,
      },
    );
  });
  afterAll(() => second?.close());

  it('25 wrong passwords to each instance at once: 3 checks in all, and the right one is blocked on both', async () => {
    const { username, id } = await newPlayer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(i % 2 ? second.url : platform.url, username, `burst-${i}`)),
    );
    expectBurstRefused(answers.map((a) => a.body.code));
    expect(await checkedWrongPasswords(id)).toBe(3);
    for (const base of [platform.url, second.url])
      expect((await login(base, username, 'right-pass')).body.code).toBe(ErrorCode.AccountBlocked);
  });
});
