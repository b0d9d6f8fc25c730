import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import { ErrorCode, protectionStatus, seatAnswer, ProtectionCode } from '@reelcast/protocol';
import type { RunningPlatform } from '../src/platform.ts';
import { periodBounds } from '../src/protection/index.ts';
import fs from 'node:fs';
import path from 'node:path';
import {
  expectLedgerSound,
  oneMailAfter,
  redisUp,
  startTestPlatform,
  testRedisUrl as redisUrl,
  type TestPlatform,
  startSecondInstance,
} from '@reelcast/testing';

const ZONE = 'Europe/Istanbul';
let n = 0;

/** A player with `deposit` in the wallet, signed in and seated at `machineId`. */
async function seated(platform: TestPlatform, machineId: number, deposit = 1_000_000) {
  const username = `protect${++n}${process.pid}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  await platform.services.ledger.deposit({ playerId: player.id, amount: deposit, idempotencyKey: `dep-${username}` });
  const token = await platform.login(username, 'secret');
  const seat = await machineApi(platform, 'POST', `/machines/${machineId}/seat`, { token });
  expect(seat.status, JSON.stringify(seat.body)).toBe(200);
  return { player, username, token, sessionId: seatAnswer.parse(seat.body).sessionId };
}

const machineApi = (platform: TestPlatform | RunningPlatform, method: string, url: string, body?: unknown) =>
  'call' in platform
    ? platform.call(method, `/machine-api${url}`, { token: platform.services.machineApiToken, body })
    : fetch(`${platform.url}/machine-api${url}`, {
        method,
        headers: { authorization: `Bearer ${platform.services.machineApiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

let transferNo = 0;
const cashIn = (platform: TestPlatform | RunningPlatform, sessionId: string, amount: number, transferId = crypto.randomUUID()) =>
  machineApi(platform, 'POST', '/transfers/cash-in', { sessionId, transferId, amount }).then((answer) => ({
    ...answer,
    transferId,
    n: ++transferNo,
  }));

const setLimits = (platform: TestPlatform, token: string, limits: Record<string, number | null>) =>
  platform.call('PUT', '/player/protection/limits', { token, body: { limits } });

const status = async (platform: TestPlatform, token: string) => {
  const answer = await platform.call('GET', '/player/protection', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return protectionStatus.parse(answer.body);
};

/** The audit log's details of one type for one player, oldest first. */
async function auditOf(platform: TestPlatform, playerId: number, type: string): Promise<Record<string, any>[]> {
  const rows = await platform.services.database.db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.type, type), eq(auditLog.playerId, playerId)))
    .orderBy(auditLog.id);
  return rows.map((row) => row.detail as Record<string, any>);
}

const limitOf = (s: { limits: { key: string; value: number | null; pending: unknown }[] }, key: string) =>
  s.limits.find((l) => l.key === key)!;

/**
 * 50 cash-ins of `amount` at once against a daily cash-in limit of `limit`, spread over `platforms`:
 * what was accepted never passes the limit, whatever the interleaving.
 */
async function straddle(platforms: (TestPlatform | RunningPlatform)[], sessionId: string, amount: number, limit: number) {
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => cashIn(platforms[i % platforms.length]!, sessionId, amount)));
  const accepted = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 409);
  expect(accepted.length + refused.length, JSON.stringify(answers.find((a) => a.status !== 200 && a.status !== 409))).toBe(50);
  expect(refused.every((a) => a.body.code === ProtectionCode.CashInLimitReached)).toBe(true);
  const sum = accepted.length * amount;
  return { accepted: accepted.length, refused: refused.length, sum, limit, ms: Date.now() - started };
}

describe('player protection on one platform', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true });
  });
  afterAll(() => platform?.stop());
  afterEach(() => platform.clock.set(new Date()));

  it('a stricter limit applies at once; a looser one only after 24 h and a confirmation; all of it audited', async () => {
    const { player, username } = await seated(platform, 1);
    let token = await platform.login(username, 'secret');
    expect((await setLimits(platform, token, { cashInDay: 10_000, lossWeek: 50_000 })).status).toBe(200);
    let s = await status(platform, token);
    expect(limitOf(s, 'cashInDay')).toMatchObject({ value: 10_000, pending: null });
    expect(limitOf(s, 'lossWeek')).toMatchObject({ value: 50_000, pending: null });

    // Raised: the old limit stays in force, the new one waits.
    s = protectionStatus.parse((await setLimits(platform, token, { cashInDay: 20_000, lossWeek: null })).body);
    expect(limitOf(s, 'cashInDay')).toMatchObject({ value: 10_000, pending: { value: 20_000 } });
    expect(limitOf(s, 'lossWeek')).toMatchObject({ value: 50_000, pending: { value: null } });
    const early = await platform.call('POST', '/player/protection/limits/confirm', { token, body: { key: 'cashInDay' } });
    expect(early).toMatchObject({ status: 409, body: { code: ProtectionCode.LimitCoolingOff, Params: { hours: 24 } } });

    platform.clock.advanceMinutes(24 * 60 - 1);
    token = await platform.login(username, 'secret');
    const stillEarly = await platform.call('POST', '/player/protection/limits/confirm', { token, body: { key: 'cashInDay' } });
    expect(stillEarly.body, JSON.stringify(stillEarly.body)).toMatchObject({ Params: { hours: 1 } });
    platform.clock.advanceMinutes(1);
    s = protectionStatus.parse(
      (await platform.call('POST', '/player/protection/limits/confirm', { token, body: { key: 'cashInDay' } })).body,
    );
    expect(limitOf(s, 'cashInDay')).toMatchObject({ value: 20_000, pending: null });
    s = protectionStatus.parse(
      (await platform.call('POST', '/player/protection/limits/confirm', { token, body: { key: 'lossWeek' } })).body,
    );
    expect(limitOf(s, 'lossWeek')).toMatchObject({ value: null, pending: null });
    const nothing = await platform.call('POST', '/player/protection/limits/confirm', { token, body: { key: 'lossWeek' } });
    expect(nothing).toMatchObject({ status: 409, body: { code: ProtectionCode.NothingToConfirm } });

    // A stricter value asked while a looser one waits applies at once and drops the looser one.
    await setLimits(platform, token, { cashInDay: 30_000 });
    s = protectionStatus.parse((await setLimits(platform, token, { cashInDay: 5_000 })).body);
    expect(limitOf(s, 'cashInDay')).toMatchObject({ value: 5_000, pending: null });

    const audit = await auditOf(platform, player.id, 'limit changed');
    expect(audit.map((detail) => detail.changes)).toContainEqual([{ key: 'cashInDay', from: 10_000, to: 20_000, applies: 'confirmed' }]);
    expect(audit.map((detail) => detail.changes)).toContainEqual([{ key: 'cashInDay', from: 20_000, to: 5_000, applies: 'now' }]);
  });

  it('refuses malformed limits with 400 40000, never coercing', async () => {
    const { token } = await seated(platform, 2);
    for (const limits of [{ cashInDay: '100' }, { cashInDay: 1.5 }, { cashInDay: 0 }, { cashInDay: -5 }, { nope: 1 }]) {
      const answer = await setLimits(platform, token, limits as never);
      expect(answer.status, JSON.stringify(limits)).toBe(400);
      expect(answer.body.code).toBe(ErrorCode.InvalidRequest);
    }
    expect((await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'time-out', hours: 23 } })).status).toBe(
      400,
    );
    expect(
      (await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'self-exclusion', months: 61 } })).status,
    ).toBe(400);
    expect((await platform.call('PUT', '/player/protection/reality-check', { token, body: { minutes: 7 } })).status).toBe(400);
  });

  it('a cash-in that would pass a cash-in limit is refused before any money moves, with the room left', async () => {
    const { player, token, sessionId } = await seated(platform, 3, 100_000);
    await setLimits(platform, token, { cashInDay: 10_000 });
    const first = await cashIn(platform, sessionId, 6_000);
    expect(first.status).toBe(200);
    const refused = await cashIn(platform, sessionId, 4_001);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: ProtectionCode.CashInLimitReached, Params: { period: 'daily', limit: 10_000, remaining: 4_000 } },
    });
    expect(refused.body.ErrorMessage).toBe('Over your daily cash-in limit of 100.00: at most 40.00 now.');
    expect(await platform.services.ledger.balance(player.id)).toBe(94_000);
    // A voided cash-in gives its room back; a repeat of an accepted one is answered, not counted again.
    expect((await machineApi(platform, 'POST', `/transfers/${first.transferId}/void`)).status).toBe(200);
    expect((await cashIn(platform, sessionId, 10_000)).status).toBe(200);
    expect((await auditOf(platform, player.id, 'limit refused'))[0]).toMatchObject({
      code: ProtectionCode.CashInLimitReached,
      amount: 4_001,
      remaining: 4_000,
    });
  });

  it('the loss limit counts cash-ins less cash-outs and settlements', async () => {
    const { token, sessionId } = await seated(platform, 4, 100_000);
    await setLimits(platform, token, { lossDay: 5_000 });
    const a = await cashIn(platform, sessionId, 5_000);
    expect((await machineApi(platform, 'POST', `/transfers/${a.transferId}/post`)).status).toBe(200);
    expect((await cashIn(platform, sessionId, 1)).body.code).toBe(ProtectionCode.LossLimitReached);
    const out = await machineApi(platform, 'POST', '/transfers/cash-out', { sessionId, transferId: crypto.randomUUID(), amount: 3_000 });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await cashIn(platform, sessionId, 3_001)).body).toMatchObject({
      code: ProtectionCode.LossLimitReached,
      Params: { remaining: 3_000 },
    });
    expect((await cashIn(platform, sessionId, 3_000)).status).toBe(200);
    const s = await status(platform, token);
    expect(s.loss.day).toBe(5_000);
    expect(s.cashIn.day).toBe(8_000);
  });

  it('counts the ledger in calendar periods of the operator zone: a cash-in falls out of its day, week and month at their ends', async () => {
    const { player, token, sessionId } = await seated(platform, 5, 100_000);
    await setLimits(platform, token, { cashInDay: 3_000 });
    // Read from the service: a token would expire on the clock's jumps.
    const figures = () => platform.services.protection.status(player.id);
    const paid = await cashIn(platform, sessionId, 3_000);
    await machineApi(platform, 'POST', `/transfers/${paid.transferId}/post`);
    const at = new Date();
    for (const period of ['day', 'week', 'month'] as const) {
      const { end } = periodBounds(period, at, ZONE);
      platform.clock.set(new Date(end.getTime() - 1));
      expect((await figures()).cashIn[period], `${period} before its end`).toBe(3_000);
      platform.clock.set(end);
      expect((await figures()).cashIn[period], `${period} at its end`).toBe(0);
    }
    // A new day gives the daily limit's room back.
    platform.clock.set(new Date(periodBounds('day', at, ZONE).end.getTime() - 1));
    expect((await cashIn(platform, sessionId, 1)).body.code).toBe(ProtectionCode.CashInLimitReached);
    platform.clock.set(periodBounds('day', at, ZONE).end);
    const next = await cashIn(platform, sessionId, 3_000);
    expect(next.status).toBe(200);
    await machineApi(platform, 'POST', `/transfers/${next.transferId}/post`);
  });

  it(`50 concurrent cash-ins straddling a limit: the accepted sum never passes it (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { player, token, sessionId } = await seated(platform, 6, 1_000_000);
    await setLimits(platform, token, { cashInDay: 100_000 });
    const figures = await straddle([platform], sessionId, 3_000, 100_000);
    console.log(`[player protection] ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, one instance:`, JSON.stringify(figures));
    expect(figures.sum).toBeLessThanOrEqual(100_000);
    expect(figures.accepted).toBe(33);
    expect(await platform.services.ledger.balance(player.id)).toBe(1_000_000 - figures.sum);
    await expectLedgerSound(platform);
  });

  it('Settings.json can make limits mandatory at registration: the form without them is refused, the account opens with them', async () => {
    const file = path.join(platform.config.dataDir, 'Settings.json');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, JSON.stringify({ playerProtection: { limitsMandatory: true, timeZone: ZONE } }));
    try {
      expect((await platform.call('GET', '/api/auth/register')).body).toMatchObject({ open: true, limitsMandatory: true });
      const form = { username: `limited${process.pid}`, email: `limited${process.pid}@example.com`, password: 'Correct-Horse-9-Battery' };
      const without = await platform.call('POST', '/api/auth/register', { body: form });
      expect(without).toMatchObject({ status: 400, body: { code: ErrorCode.InvalidRequest, Params: { field: 'body.limits.cashInDay' } } });
      const limits = { cashInDay: 10_000, cashInWeek: 50_000, cashInMonth: 150_000, lossMonth: 100_000 };
      const mail = await oneMailAfter(platform, form.email, () =>
        platform.call('POST', '/api/auth/register', { body: { ...form, limits } }),
      );
      expect((await platform.call('POST', '/api/auth/register/confirm', { body: { token: mail.link!.token } })).status).toBe(200);
      const s = await status(platform, await platform.login(form.username, form.password));
      expect(Object.fromEntries(s.limits.filter((l) => l.value !== null).map((l) => [l.key, l.value]))).toEqual(limits);
    } finally {
      fs.writeFileSync(file, before);
    }
  });

  it('a time-out ends every session at once and refuses sign-in until it ends; then sign-in works again', async () => {
    const { username, token } = await seated(platform, 7);
    const socket = await platform.socket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const answer = await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'time-out', hours: 24 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(401);
    const refused = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(refused).toMatchObject({ status: 403, body: { code: ErrorCode.TimedOut, Params: { until: answer.body.until } } });
    expect(refused.body.ErrorMessage).toBe(`You are on a break until ${answer.body.until}.`);
    // Nobody shortens it: the database refuses a change of the row.
    const change = await platform.services.database.db
      .execute(`update protection_exclusions set ends_at = now() where id > 0`)
      .catch((error: Error) => error);
    expect(String((change as Error).cause ?? change)).toMatch(/never shortened/);
    expect((await platform.services.protection.listExclusions({ active: true })).map((e) => e.username)).toContain(username);

    platform.clock.advanceMinutes(24 * 60);
    expect((await platform.call('POST', '/login', { body: { username, password: 'secret' } })).status).toBe(200);
  });

  it('a self-exclusion refuses sign-in with its own code for months; after its end sign-in works again', async () => {
    const { username, token } = await seated(platform, 8);
    const answer = await platform.call('POST', '/player/protection/exclusion', { token, body: { kind: 'self-exclusion', months: 6 } });
    expect(answer.status).toBe(200);
    platform.clock.advanceMinutes(60 * 24 * 150);
    const refused = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(refused).toMatchObject({ status: 403, body: { code: ErrorCode.SelfExcluded, Params: { until: answer.body.until } } });
    // Six calendar months are at most 184 days: 150 gone, 35 more pass its end.
    platform.clock.advanceMinutes(60 * 24 * 35);
    expect(Date.parse(answer.body.until)).toBeLessThanOrEqual(platform.clock.now().getTime());
    expect((await platform.call('POST', '/login', { body: { username, password: 'secret' } })).status).toBe(200);
  });
});

// Two instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
describe.runIf(process.env.DATABASE_URL && (await redisUp()))('player protection across two platform instances', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('50 concurrent cash-ins on two instances straddling a limit: the accepted sum never passes it', async () => {
    const { player, token, sessionId } = await seated(first, 9, 1_000_000);
    await setLimits(first, token, { cashInDay: 100_000 });
    const figures = await straddle([first, second], sessionId, 3_000, 100_000);
    console.log('[player protection] PostgreSQL + Redis, two instances:', JSON.stringify(figures));
    expect(figures.sum).toBeLessThanOrEqual(100_000);
    expect(figures.accepted).toBe(33);
    expect(await first.services.ledger.balance(player.id)).toBe(1_000_000 - figures.sum);
  });
});
