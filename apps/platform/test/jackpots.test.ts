import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ErrorCode,
  JACKPOT_SOCKET_NAMESPACE,
  jackpotPush,
  jackpotWinPush,
  NotificationEvent,
  playCountersAnswer,
  seatAnswer,
} from '@reelcast/protocol';
import { jackpotHits, jackpotMeters, machinePlayCounters, transfers } from '../src/db/schema.ts';
import type { RunningPlatform } from '../src/platform.ts';
import { nextEvent, redisUp, startTestPlatform, testRedisUrl, type TestPlatform, startSecondInstance } from '@reelcast/testing';

/**
 * Linked brand jackpots (docs/jackpots.md) over the machine API: cumulative play counters feed the
 * brand's meters with exact carried fractions, a meter at its trigger pays the seated player once
 * (action 6) and starts again at its seed, and the ledger account of every meter holds its value.
 */
let platform: TestPlatform;
let n = 0;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const AURORA = { id: 1, machines: [1, 2, 3, 4] };
const DRAGON = { id: 2, machines: [5, 6, 7, 8] };
const TROPIC = { id: 3, machines: [9, 10, 11, 12] };

const db = () => platform.services.database.db;
const meters = () => platform.services.jackpots.meters;

const report = (machineId: number, body: unknown, token: string | null = platform.services.machineApiToken) =>
  platform.call('POST', `/machine-api/machines/${machineId}/play-counters`, { token: token ?? undefined, body });

/** The brand's meter rows, tier order (trigger and carry included: the test reads the table). */
const meterRows = async (brandId: number) =>
  (await db().select().from(jackpotMeters).where(eq(jackpotMeters.brandId, brandId))).sort((a, b) => a.tier - b.tier);

/** Every meter's value equals the balance of its ledger account. */
async function expectMetersBalanced() {
  for (const meter of await db().select().from(jackpotMeters))
    expect(await platform.services.ledger.accountBalance(`jackpot:${meter.id}`), `meter ${meter.id}`).toBe(Number(meter.value));
}

/** A new player with a wallet, seated at `machineId` (the agent's seat call). */
async function seated(machineId: number, name = 'Zeynep') {
  const username = `jp${++n}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret', name });
  const token = await platform.login(username, 'secret');
  const { status, body } = await platform.call('POST', `/machine-api/machines/${machineId}/seat`, {
    token: platform.services.machineApiToken,
    body: { token },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const seat = seatAnswer.parse(body);
  const leave = () =>
    platform.call('POST', `/machine-api/sessions/${seat.sessionId}/close`, {
      token: platform.services.machineApiToken,
      body: { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 },
    });
  return { player, token, sessionId: seat.sessionId, leave };
}

/** The machine's stored counters, so a test continues from them. */
async function counters(machineId: number) {
  const [row] = await db().select().from(machinePlayCounters).where(eq(machinePlayCounters.machineId, machineId));
  return { spins: row?.spins ?? 0, totalBet: Number(row?.totalBet ?? 0n) };
}

/**
 * Puts every meter of a brand where the next seated report with a bet hits: seed = ceiling = its value
 * plus one kuruş (topped up from system:jackpots), so the trigger is there.
 */
async function primeToHit(brandId: number) {
  for (const meter of await meterRows(brandId)) {
    const at = Number(meter.value) + 1;
    await meters().configure(meter.id, { seed: at, ceiling: at });
  }
}

/** Puts every meter of a brand far from its trigger: the ceiling high, the trigger drawn again until it is far. */
async function keepFromHitting(brandId: number) {
  for (const meter of await meterRows(brandId)) {
    for (let ceiling = 900_000_000; ; ceiling++) {
      await meters().configure(meter.id, { seed: Number(meter.value), ceiling });
      const [row] = await db().select().from(jackpotMeters).where(eq(jackpotMeters.id, meter.id));
      if (row!.triggerAt - row!.value > 10_000_000n) break;
    }
  }
}

describe('meters', () => {
  it('start from each brand string: one per value, seeded through the ledger, named Grand, Major, Minor', async () => {
    const rows = await db().select().from(jackpotMeters);
    expect(rows).toHaveLength(9);
    const aurora = await meterRows(AURORA.id);
    expect(aurora.map((m) => [m.name, Number(m.seed), Number(m.ceiling), m.contributionBasisPoints, Number(m.value)])).toEqual([
      ['Grand', 1_250_000, 2_500_000, 50, 1_250_000],
      ['Major', 250_050, 500_100, 30, 250_050],
      ['Minor', 64_075, 128_150, 20, 64_075],
    ]);
    for (const m of rows) expect(m.triggerAt >= m.seed && m.triggerAt <= m.ceiling).toBe(true);
    const seeds = rows.reduce((sum, m) => sum + Number(m.seed), 0);
    expect(await platform.services.ledger.accountBalance('system:jackpots')).toBe(-seeds);
    await expectMetersBalanced();
    // Starting again makes nothing twice.
    expect(await meters().ensureMeters()).toBe(0);
    expect(await db().select().from(jackpotMeters)).toHaveLength(9);
  });

  it('GET /machine/brands and /machine/:id answer the live values in the SPEC §3 string', async () => {
    const token = await platform.login();
    const before = (await platform.call('GET', '/machine/brands', { token })).body;
    expect(before.find((b: any) => b.id === TROPIC.id).jackpot).toMatch(/^\d+\.\d{2}(,\d+\.\d{2}){2}$/);
    await keepFromHitting(TROPIC.id);
    const { totalBet, spins } = await counters(9);
    const answer = await report(9, { spins: spins + 40, totalBet: totalBet + 1_000_000, sessionId: null });
    expect(answer.status).toBe(200);
    // 10,000.00 of bets: 0.5 % = 50.00, 0.3 % = 30.00, 0.2 % = 20.00 (no fraction left over).
    expect(answer.body).toEqual({ contributed: 10_000, hits: [] });
    const live = (await meterRows(TROPIC.id)).map((m) => `${m.value / 100n}.${String(m.value % 100n).padStart(2, '0')}`).join(',');
    const brands = (await platform.call('GET', '/machine/brands', { token })).body;
    expect(brands.find((b: any) => b.id === TROPIC.id).jackpot).toBe(live);
    expect((await platform.call('GET', `/machine/${TROPIC.id}`, { token })).body.brand.jackpot).toBe(live);
    await expectMetersBalanced();
  });
});

describe('contributions', () => {
  it('feed every meter of the brand with the bets since the last report, fractions carried exactly', async () => {
    await keepFromHitting(AURORA.id);
    const start = await meterRows(AURORA.id);
    const { spins, totalBet } = await counters(2);
    const machineBefore = await platform.services.ledger.accountBalance('machine:2');
    const steps = [150, 1, 0, 333, 7, 10_000, 49, 1, 99_999, 3];
    let bets = 0;
    let contributed = 0;
    for (const [i, step] of steps.entries()) {
      bets += step;
      const answer = await report(2, { spins: spins + i + 1, totalBet: totalBet + bets, sessionId: null });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      contributed += playCountersAnswer.parse(answer.body).contributed;
      const now = await meterRows(AURORA.id);
      for (const [tier, meter] of now.entries()) {
        // Exactly floor(Σ bets × rate) so far, with the rest in the carry (1/10,000 of a kuruş).
        const scaled = BigInt(bets) * BigInt(meter.contributionBasisPoints) + BigInt(start[tier]!.carry);
        expect(meter.value - start[tier]!.value).toBe(scaled / 10_000n);
        expect(meter.carry).toBe(Number(scaled % 10_000n));
      }
      await expectMetersBalanced();
    }
    expect(await platform.services.ledger.accountBalance('machine:2')).toBe(machineBefore - contributed);
  });

  it('a repeated report adds nothing; 50 identical reports at once contribute once', async () => {
    await keepFromHitting(DRAGON.id);
    const { spins, totalBet } = await counters(5);
    const body = { spins: spins + 10, totalBet: totalBet + 20_000, sessionId: null };
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(5, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    // 200.00 of bets: 1.00 + 0.60 + 0.40, once.
    expect(answers.reduce((sum, a) => sum + a.body.contributed, 0)).toBe(200);
    expect((await report(5, body)).body).toEqual({ contributed: 0, hits: [] });
    await expectMetersBalanced();
  });

  it('an overtaken report (older counters that came in before the stored ones) adds nothing; an engine that started again is a new start', async () => {
    await keepFromHitting(DRAGON.id);
    const { spins, totalBet } = await counters(6);
    const counted = platform.services.jackpots.counters;
    const sentAt = new Date();
    expect((await counted.report(6, { spins: spins + 5, totalBet: totalBet + 10_000, sessionId: null }, new Date())).contributed).toBe(100);
    // The first request, given up on by the agent, runs late: it came in before the stored counters.
    expect(
      (await counted.report(6, { spins: spins + 2, totalBet: totalBet + 4_000, sessionId: null }, new Date(sentAt.getTime() - 1)))
        .contributed,
    ).toBe(0);
    expect(await counters(6)).toEqual({ spins: spins + 5, totalBet: totalBet + 10_000 });
    // Counters back near zero, reported after the stored ones: the engine's state was reset; all of it is new.
    expect((await counted.report(6, { spins: 3, totalBet: 30_000, sessionId: null }, new Date(Date.now() + 1000))).contributed).toBe(300);
    expect(await counters(6)).toEqual({ spins: 3, totalBet: 30_000 });
    await expectMetersBalanced();
  });
});

describe('hits', () => {
  it('a meter at its trigger pays the seated player once (action 6), starts again at its seed and is reseeded', async () => {
    const { player, sessionId, leave } = await seated(3, 'Deniz');
    await primeToHit(AURORA.id);
    const before = await meterRows(AURORA.id);
    const wallet = await platform.services.ledger.balance(player.id);
    const { spins, totalBet } = await counters(3);
    const body = { spins: spins + 1, totalBet: totalBet + 10_000, sessionId };
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(3, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const paying = answers.filter((a) => a.body.hits.length > 0);
    expect(paying).toHaveLength(1);
    // Each meter pays its value after this report's contribution (50.00, 30.00, 20.00 of 10,000.00).
    const expected = before.map((m) => Number(m.value + (10_000n * BigInt(m.contributionBasisPoints) + BigInt(m.carry)) / 10_000n));
    expect(paying[0]!.body.hits).toEqual(before.map((m, i) => ({ tier: m.tier, name: m.name, amount: expected[i] })));
    const paid = expected.reduce((a, b) => a + b, 0);
    expect(await platform.services.ledger.balance(player.id)).toBe(wallet + paid);

    const after = await meterRows(AURORA.id);
    for (const [i, meter] of after.entries()) {
      expect(meter.value).toBe(meter.seed);
      expect(meter.hits).toBe(before[i]!.hits + 1);
      expect(meter.triggerAt >= meter.seed && meter.triggerAt <= meter.ceiling).toBe(true);
      const hits = await db().select().from(jackpotHits).where(eq(jackpotHits.meterId, meter.id));
      expect(hits.map((h) => [h.seq, Number(h.amount), h.playerId, h.sessionId])).toContainEqual([
        meter.hits,
        expected[i],
        player.id,
        sessionId,
      ]);
      const [payment] = await db()
        .select()
        .from(transfers)
        .where(eq(transfers.id, hits.find((h) => h.seq === meter.hits)!.transferId));
      expect([payment!.action, Number(payment!.amount), payment!.idempotencyKey]).toEqual([
        6,
        expected[i],
        `jackpot:${meter.id}:hit:${meter.hits}`,
      ]);
    }
    await expectMetersBalanced();

    // The player's history shows the jackpots, never the internal movements (nor filters by them).
    const playerToken = await platform.login(player.username, 'secret');
    const history = (await platform.call('GET', '/player/transactions?perPage=100', { token: playerToken })).body;
    for (const internal of [10, 11]) {
      const filtered = await platform.call('GET', `/player/transactions?action=${internal}`, { token: playerToken });
      expect([filtered.status, filtered.body.code]).toEqual([400, ErrorCode.InvalidRequest]);
    }
    expect(history.items.map((i: any) => [i.action, i.actionName, i.amount])).toEqual(
      expect.arrayContaining(expected.map((amount) => [6, 'JACKPOT', amount])),
    );
    expect(history.items.every((i: any) => i.action === 6)).toBe(true);
    expect(history.items[0].memo).toMatch(/^Aurora (Grand|Major|Minor) jackpot, /);
    await leave();
  });

  it('with no one seated the meter waits above its trigger, and hits on the next seated report', async () => {
    await primeToHit(DRAGON.id);
    const { spins, totalBet } = await counters(7);
    const idle = await report(7, { spins: spins + 1, totalBet: totalBet + 500, sessionId: null });
    expect(idle.body.hits).toEqual([]);
    // A session that is not the machine's open seat counts as no one.
    const stranger = await report(7, { spins: spins + 2, totalBet: totalBet + 900, sessionId: '00000000-0000-4000-8000-000000000000' });
    expect(stranger.body.hits).toEqual([]);
    const waiting = await meterRows(DRAGON.id);
    for (const m of waiting) expect(m.value >= m.triggerAt).toBe(true);

    const { player, sessionId, leave } = await seated(7);
    const wallet = await platform.services.ledger.balance(player.id);
    // No new bets in this report: the seat alone lets the waiting meters hit.
    const seatedReport = await report(7, { spins: spins + 2, totalBet: totalBet + 900, sessionId });
    expect(seatedReport.body).toEqual({
      contributed: 0,
      hits: waiting.map((m) => ({ tier: m.tier, name: m.name, amount: Number(m.value) })),
    });
    expect(await platform.services.ledger.balance(player.id)).toBe(wallet + waiting.reduce((a, m) => a + Number(m.value), 0));
    expect((await report(7, { spins: spins + 2, totalBet: totalBet + 900, sessionId })).body).toEqual({ contributed: 0, hits: [] });
    await expectMetersBalanced();
    await leave();
  });

  it('pushes the live string to every socket and announces the win, marked mine only for the winner', async () => {
    const { player, token: winnerToken, sessionId, leave } = await seated(10, 'Selin');
    const watcher = await platform.socket(await platform.login('demo2', 'demo1234'));
    const winnerSocket = await platform.socket(winnerToken);
    await primeToHit(TROPIC.id);
    const pushed = nextEvent<unknown>(watcher, NotificationEvent.Jackpot, 5000, (p: any) => p.brandId === TROPIC.id);
    const seen = nextEvent<unknown>(watcher, NotificationEvent.JackpotWin, 5000, (p: any) => p.brandId === TROPIC.id && p.tier === 0);
    const mine = nextEvent<unknown>(winnerSocket, NotificationEvent.JackpotWin, 5000, (p: any) => p.brandId === TROPIC.id && p.tier === 0);
    const { spins, totalBet } = await counters(10);
    const answer = await report(10, { spins: spins + 1, totalBet: totalBet + 10_000, sessionId });
    expect(answer.body.hits).toHaveLength(3);
    const win = jackpotWinPush.parse(await seen);
    expect(win).toEqual({
      brandId: TROPIC.id,
      brand: 'Tropic',
      tier: 0,
      name: 'Grand',
      amount: answer.body.hits[0].amount,
      machineId: 10,
      machine: 'Sunset Reels',
      winner: 'S***',
      mine: false,
    });
    expect(jackpotWinPush.parse(await mine)).toEqual({ ...win, mine: true });
    expect(JSON.stringify(win)).not.toContain(player.username);
    // The meters push reads the values as they are when it goes out: the last one is the live string.
    const token = await platform.login();
    const live = () => platform.call('GET', '/machine/brands', { token }).then((r) => r.body.find((b: any) => b.id === TROPIC.id).jackpot);
    jackpotPush.parse(await pushed);
    await keepFromHitting(TROPIC.id);
    let last = '';
    watcher.on(NotificationEvent.Jackpot, (p: any) => p.brandId === TROPIC.id && (last = p.jackpot));
    for (let i = 2; i <= 12; i++) await report(10, { spins: spins + i, totalBet: totalBet + i * 1_000, sessionId });
    await expect.poll(() => last, { timeout: 5000 }).toBe(await live());
    await leave();
  });
});

describe('the jackpot signalling socket (namespace /jackpots)', () => {
  const opened: Socket[] = [];
  afterAll(() => opened.forEach((socket) => socket.close()));

  /** A real client of the namespace; resolves with it once connected, or with the refusal's message. */
  function jackpotSocket(options: { auth?: { token: string }; query?: { token: string }; origin?: string }) {
    const socket = connect(`${platform.url}${JACKPOT_SOCKET_NAMESPACE}`, {
      auth: options.auth,
      query: options.query,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
    });
    opened.push(socket);
    return new Promise<{ socket: Socket; refused?: string }>((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, refused: error.message }));
    });
  }

  it('signs in as the notification socket does: a live token in the handshake or ?token=, else refused with 10', async () => {
    const token = await platform.login('demo2', 'demo1234');
    expect((await jackpotSocket({ auth: { token } })).refused).toBeUndefined();
    expect((await jackpotSocket({ query: { token } })).refused).toBeUndefined();
    expect((await jackpotSocket({})).refused).toBe(String(ErrorCode.SignatureNotVerified));
    expect((await jackpotSocket({ auth: { token: `${token}x` } })).refused).toBe(String(ErrorCode.SignatureNotVerified));
    expect((await jackpotSocket({ auth: { token }, origin: 'https://evil.example' })).refused).toBeDefined();
  });

  it("carries the meters and the wins (mine only on the winner's sockets), not the other pushes", async () => {
    const { token: winnerToken, sessionId, leave } = await seated(12, 'Nil');
    const { socket: watcher } = await jackpotSocket({ auth: { token: await platform.login('demo2', 'demo1234') } });
    const { socket: winner } = await jackpotSocket({ query: { token: winnerToken } });
    const others: string[] = [];
    watcher.onAny((event: string) => {
      if (event !== NotificationEvent.Jackpot && event !== NotificationEvent.JackpotWin) others.push(event);
    });
    await primeToHit(TROPIC.id);
    const pushed = nextEvent<unknown>(watcher, NotificationEvent.Jackpot, 5000, (p: any) => p.brandId === TROPIC.id);
    const seen = nextEvent<unknown>(watcher, NotificationEvent.JackpotWin, 5000, (p: any) => p.brandId === TROPIC.id && p.tier === 0);
    const mine = nextEvent<unknown>(winner, NotificationEvent.JackpotWin, 5000, (p: any) => p.brandId === TROPIC.id && p.tier === 0);
    const { spins, totalBet } = await counters(12);
    expect((await report(12, { spins: spins + 1, totalBet: totalBet + 10_000, sessionId })).body.hits).toHaveLength(3);
    expect(jackpotPush.parse(await pushed).brandId).toBe(TROPIC.id);
    const win = jackpotWinPush.parse(await seen);
    expect(win).toMatchObject({ machineId: 12, winner: 'N***', mine: false });
    expect(jackpotWinPush.parse(await mine)).toEqual({ ...win, mine: true });
    await keepFromHitting(TROPIC.id);
    await leave();
    // The seat's end pushed a machine status and a balance on the main namespace: none came here.
    expect(others).toEqual([]);
  });

  it('closes when its sign-in session ends (logout)', async () => {
    const token = await platform.login('demo2', 'demo1234');
    const { socket } = await jackpotSocket({ auth: { token } });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await platform.call('POST', '/player/logout', { token })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('the machine API call', () => {
  it('needs the service token', async () => {
    for (const token of [null, 'wrong', await platform.login()]) {
      const answer = await report(1, { spins: 1, totalBet: 100, sessionId: null }, token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(ErrorCode.SignatureNotVerified);
    }
  });

  it('refuses bad input with 400 / 40000 and an unknown machine with 404, changing nothing', async () => {
    const before = await counters(4);
    const bad: unknown[] = [
      {},
      { spins: 1, totalBet: 100 },
      { spins: -1, totalBet: 100, sessionId: null },
      { spins: 1, totalBet: -100, sessionId: null },
      { spins: 1.5, totalBet: 100, sessionId: null },
      { spins: 1, totalBet: '100', sessionId: null },
      { spins: 1, totalBet: 100, sessionId: 'not-a-uuid' },
      { spins: 1, totalBet: 100, sessionId: null, extra: 1 },
      { spins: 1, totalBet: 2 ** 60, sessionId: null },
      [],
      null,
    ];
    for (const body of bad) {
      const answer = await report(4, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, ErrorCode.InvalidRequest]);
    }
    const raw = await platform.call('POST', '/machine-api/machines/4/play-counters', {
      token: platform.services.machineApiToken,
      raw: '{"spins":',
      headers: { 'content-type': 'application/json' },
    });
    expect([raw.status, raw.body.code]).toEqual([400, ErrorCode.InvalidRequest]);
    for (const id of ['abc', '0', '-1', '1.5']) {
      const answer = await platform.call('POST', `/machine-api/machines/${id}/play-counters`, {
        token: platform.services.machineApiToken,
        body: { spins: 1, totalBet: 1, sessionId: null },
      });
      expect([answer.status, answer.body.code], id).toEqual([400, ErrorCode.InvalidRequest]);
    }
    const unknown = await report(999, { spins: 1, totalBet: 100, sessionId: null });
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.NotFound]);
    expect(await counters(4)).toEqual(before);
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    expect(Object.keys(body.paths['/machine-api/machines/{id}/play-counters'])).toEqual(['post']);
  });
});

// Two instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
describe.runIf(process.env.DATABASE_URL && (await redisUp()))('two platform instances on PostgreSQL + Redis', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl: testRedisUrl });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('the same reports sent to both instances at once contribute and pay once; the win reaches sockets on the other instance', async () => {
    const username = 'twoplaces';
    const player = await first.services.players.create({ username, email: `${username}@x.test`, password: 'secret', name: 'Kerem' });
    const token = await first.login(username, 'secret');
    const seat = seatAnswer.parse(
      (await first.call('POST', '/machine-api/machines/1/seat', { token: first.services.machineApiToken, body: { token } })).body,
    );
    for (const meter of await first.services.jackpots.meters.list())
      if (meter.brandId === AURORA.id)
        await first.services.jackpots.meters.configure(meter.id, { seed: meter.value + 1, ceiling: meter.value + 1 });
    const watcher = await first.login('demo2', 'demo1234');
    const { io: connect } = await import('socket.io-client');
    const socket = connect(second.url, { auth: { token: watcher }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const won = nextEvent<unknown>(socket, NotificationEvent.JackpotWin, 8000, (p: any) => p.tier === 0);
    const meterPush = nextEvent<unknown>(socket, NotificationEvent.Jackpot, 8000, (p: any) => p.brandId === AURORA.id);
    const wallet = await first.services.ledger.balance(player.id);
    const body = JSON.stringify({ spins: 10, totalBet: 50_000, sessionId: seat.sessionId });
    const send = (url: string) =>
      fetch(`${url}/machine-api/machines/1/play-counters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.services.machineApiToken}`, 'content-type': 'application/json' },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i % 2 ? second.url : first.url)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.reduce((sum, a) => sum + a.body.contributed, 0)).toBe(500);
    const hits = answers.flatMap((a) => a.body.hits);
    expect(hits).toHaveLength(3);
    expect(await first.services.ledger.balance(player.id)).toBe(wallet + hits.reduce((a, h) => a + h.amount, 0));
    expect(jackpotWinPush.parse(await won)).toMatchObject({ brandId: AURORA.id, machineId: 1, winner: 'K***', mine: false });
    jackpotPush.parse(await meterPush);
    socket.close();
    for (const meter of await first.services.database.db.select().from(jackpotMeters))
      expect(await first.services.ledger.accountBalance(`jackpot:${meter.id}`)).toBe(Number(meter.value));
  }, 60_000);
});
