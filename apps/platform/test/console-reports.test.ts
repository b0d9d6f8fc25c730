import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emptyReportFigures, ErrorCode, playCountersAnswer, reportAnswer, type ReportFigures, type ReportRow } from '@reelcast/protocol';
import { machines } from '../src/db/schema.ts';
import { Reports } from '../src/console/reports.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { cashOut, newPlayer, openSlotSession, settle } from './promotions-helpers.ts';

/**
 * The console's daily reports (docs/console.md "Reports"): rights, input, the figures of a known set of
 * plays, the CSV export and the day's boundaries in the report's time zone.
 */
let platform: TestPlatform;
let player: string;
let staff: string;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  [player, staff, admin] = await Promise.all([
    platform.login(),
    platform.login('staff', 'staff1234'),
    platform.login('admin', 'admin1234'),
  ]);
});
afterAll(() => platform?.stop());

const get = (url: string, token: string | null) =>
  platform.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const day = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow (UTC): the plays' transfers carry the database's clock, which may pass midnight meanwhile. */
const span = () => `from=${day(-1)}&to=${day(1)}`;

describe('report rights (SPEC §6: staff = [admin, staff])', () => {
  it.each(['/api/console/reports', '/api/console/reports.csv'])(
    "%s: a player's token 403 / 40300, no token 401 / 10, staff and admin 200",
    async (path) => {
      const url = `${path}?${span()}`;
      const refused = await get(url, player);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
      const anonymous = await get(url, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: ErrorCode.SignatureNotVerified });
      for (const token of [staff, admin]) expect((await get(url, token)).statusCode).toBe(200);
    },
  );
});

describe('report input', () => {
  it.each([
    ['no from', `to=${day()}`],
    ['from after to', `from=${day(1)}&to=${day()}`],
    ['a month 13', 'from=2026-13-01&to=2026-13-02'],
    ['a moment, not a day', `from=${day()}T00:00:00Z&to=${day()}`],
    ['an unknown grouping', `${span()}&groupBy=week`],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02'],
    ['an unknown parameter', `${span()}&machine=1`],
    ['a list', `from=${day()}&from=${day()}&to=${day()}`],
  ])('%s: 400 / 40000, for the JSON and the CSV alike', async (_name, query) => {
    for (const path of ['/api/console/reports', '/api/console/reports.csv']) {
      const answer = await get(`${path}?${query}`, staff);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ code: ErrorCode.InvalidRequest });
    }
  });

  it('366 days is one report', async () => {
    expect((await get('/api/console/reports?from=2025-01-01&to=2026-01-01', staff)).statusCode).toBe(200);
  });
});

describe('report figures from a known set of plays', () => {
  const machineApi = (method: string, url: string, body?: unknown) =>
    platform.call(method, `/machine-api${url}`, { token: platform.services.machineApiToken, body });
  const close = async (sessionId: string, figures: { spins: number; totalBet: number; totalWon: number }) => {
    const answer = await machineApi('POST', `/sessions/${sessionId}/close`, { reason: 'left', ...figures });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  let contributed = 0;

  beforeAll(async () => {
    const [ayse, burak] = await Promise.all([newPlayer(platform, 50_000), newPlayer(platform, 50_000)]);
    // Machine 1 (Aurora): 30 minutes, a hand pay and a cash-out.
    const one = await openSlotSession(platform, ayse, 1, 10_000);
    platform.clock.advanceMinutes(30);
    await settle(platform, one, 'HAND_PAY', 2_500);
    await cashOut(platform, one, 3_000);
    await close(one, { spins: 20, totalBet: 4_000, totalWon: 2_000 });
    // Machine 2 (Aurora): 10 minutes, the machine's own jackpot and a cash-out.
    const two = await openSlotSession(platform, burak, 2, 5_000);
    platform.clock.advanceMinutes(10);
    await settle(platform, two, 'JACKPOT', 1_000);
    await cashOut(platform, two, 500);
    await close(two, { spins: 5, totalBet: 1_000, totalWon: 300 });
    // Machine 5 (Dragon): its bets feed the brand's jackpot meters; 20 minutes, no cash-out.
    const five = await openSlotSession(platform, ayse, 5, 2_000);
    const counters = await machineApi('POST', '/machines/5/play-counters', { spins: 10, totalBet: 3_000, sessionId: five });
    expect(counters.status, JSON.stringify(counters.body)).toBe(200);
    contributed = playCountersAnswer.parse(counters.body).contributed;
    expect(contributed).toBeGreaterThan(0);
    platform.clock.advanceMinutes(20);
    await close(five, { spins: 10, totalBet: 3_000, totalWon: 0 });
    // Machine 6 (Dragon): a seat still open, 5 minutes so far.
    await openSlotSession(platform, burak, 6, 1_000);
    platform.clock.advanceMinutes(5);
  });

  const report = async (groupBy: string) => {
    const answer = await get(`/api/console/reports?${span()}&groupBy=${groupBy}`, staff);
    expect(answer.statusCode, answer.body).toBe(200);
    return reportAnswer.parse(answer.json());
  };
  const figures = (f: Partial<ReportFigures>): ReportFigures => ({ ...emptyReportFigures(), sessions: 1, ...f });
  const expected = () => ({
    1: figures({
      spins: 20,
      bets: 4_000,
      wins: 2_000,
      grossGamingRevenue: 2_000,
      cashIn: 10_000,
      cashOut: 3_000,
      handPays: 2_500,
      handPayCount: 1,
      playSeconds: 1_800,
    }),
    2: figures({
      spins: 5,
      bets: 1_000,
      wins: 300,
      grossGamingRevenue: 700,
      cashIn: 5_000,
      cashOut: 500,
      jackpotPayouts: 1_000,
      playSeconds: 600,
    }),
    5: figures({ spins: 10, bets: 3_000, grossGamingRevenue: 3_000, cashIn: 2_000, jackpotContributions: contributed, playSeconds: 1_200 }),
    6: figures({ cashIn: 1_000, playSeconds: 300 }),
  });
  const only = (row: ReportRow): ReportFigures => {
    const { day: _day, brandId: _brandId, brand: _brand, machineId: _machineId, machine: _machine, ...rest } = row;
    return rest;
  };

  it('per machine: bets, wins, GGR, cash in and out, jackpots, hand pays, sessions and play time', async () => {
    const { rows, totals, ledger, timeZone, groupBy } = await report('machine');
    expect({ timeZone, groupBy }).toEqual({ timeZone: 'UTC', groupBy: 'machine' });
    expect(rows.map((row) => row.machineId)).toEqual([1, 2, 5, 6]);
    expect(rows.map((row) => [row.machine, row.brand, row.day])).toEqual([
      ['Northern Lights', 'Aurora', null],
      ['Polar Gold', 'Aurora', null],
      ['Dragon Pearl', 'Dragon', null],
      ['Jade Temple', 'Dragon', null],
    ]);
    const want = expected();
    for (const row of rows) expect(only(row), `machine ${row.machineId}`).toEqual(want[row.machineId as keyof typeof want]);
    expect(totals).toEqual(
      Object.values(want).reduce(
        (sum, f) => {
          for (const key of Object.keys(sum) as (keyof ReportFigures)[]) sum[key] += f[key];
          return sum;
        },
        figures({ sessions: 0 }),
      ),
    );
    expect(ledger).toMatchObject({ reconciles: true, differences: [], unbalancedTransfers: [], total: '0' });
  });

  it('per brand and per day add up to the same totals', async () => {
    const byMachine = await report('machine');
    const byBrand = await report('brand');
    expect(byBrand.rows.map((row) => [row.brandId, row.brand, row.machineId])).toEqual([
      [1, 'Aurora', null],
      [2, 'Dragon', null],
    ]);
    expect(byBrand.rows[0]!.bets).toBe(5_000);
    expect(byBrand.rows[1]!.jackpotContributions).toBe(contributed);
    const byDay = await report('day');
    const byDayMachine = await report('day-machine');
    for (const other of [byBrand, byDay, byDayMachine]) expect(other.totals).toEqual(byMachine.totals);
    expect(byDay.rows.every((row) => row.day !== null && row.machineId === null)).toBe(true);
    expect(byDayMachine.rows.every((row) => row.day !== null && row.machineId !== null && row.brand !== null)).toBe(true);
  });

  it('a span before the plays has no rows and zero totals', async () => {
    const { rows, totals } = reportAnswer.parse((await get('/api/console/reports?from=2020-01-01&to=2020-01-31', admin)).json());
    expect(rows).toEqual([]);
    expect(totals).toEqual(figures({ sessions: 0 }));
  });

  it('the CSV has every row, quoted as RFC 4180, money in minor units, and a file name', async () => {
    await platform.services.database.db.update(machines).set({ name: 'Aurora "Gold", 1' }).where(eq(machines.id, 1));
    await platform.services.database.db.update(machines).set({ name: '=HYPERLINK("x")' }).where(eq(machines.id, 2));
    try {
      const answer = await get(`/api/console/reports.csv?${span()}&groupBy=machine`, admin);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="reelcast-report-machine-${day(-1)}-${day(1)}.csv"`);
      expect(answer.body.startsWith('\uFEFF')).toBe(true);
      const lines = answer.body.slice(1).split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines).toEqual([
        'machineId,machine,brandId,brand,spins,bets,wins,grossGamingRevenue,cashIn,cashOut,jackpotContributions,jackpotPayouts,handPays,handPayCount,sessions,playSeconds',
        '1,"Aurora ""Gold"", 1",1,Aurora,20,4000,2000,2000,10000,3000,0,0,2500,1,1,1800',
        `2,"'=HYPERLINK(""x"")",1,Aurora,5,1000,300,700,5000,500,0,1000,0,0,1,600`,
        `5,Dragon Pearl,2,Dragon,10,3000,0,3000,2000,0,${contributed},0,0,0,1,1200`,
        '6,Jade Temple,2,Dragon,0,0,0,0,1000,0,0,0,0,0,1,300',
      ]);
    } finally {
      await platform.services.database.db.update(machines).set({ name: 'Northern Lights' }).where(eq(machines.id, 1));
      await platform.services.database.db.update(machines).set({ name: 'Polar Gold' }).where(eq(machines.id, 2));
    }
  });
});

describe("the report's days", () => {
  it("are bounded by the report's time zone: a session at 22:30 UTC is the next day in Istanbul (UTC+3)", async () => {
    const { db } = platform.services.database;
    const sources = { db, ledger: platform.services.ledger, clock: platform.clock.now };
    platform.clock.set(new Date('2026-03-09T22:30:00Z'));
    const sessionId = await openSlotSession(platform, { token: await platform.login() }, 9, 0);
    platform.clock.advanceMinutes(15);
    const closed = await platform.call('POST', `/machine-api/sessions/${sessionId}/close`, {
      token: platform.services.machineApiToken,
      body: { reason: 'left', spins: 3, totalBet: 300, totalWon: 100 },
    });
    expect(closed.status).toBe(200);
    const query = { from: '2026-03-09', to: '2026-03-10', groupBy: 'day' } as const;
    const utc = await new Reports({ ...sources, timeZone: 'UTC' }).report(query);
    const istanbul = await new Reports({ ...sources, timeZone: 'Europe/Istanbul' }).report(query);
    expect(utc.rows.map((row) => [row.day, row.sessions, row.bets])).toEqual([['2026-03-09', 1, 300]]);
    expect(istanbul.rows.map((row) => [row.day, row.sessions, row.bets, row.playSeconds])).toEqual([['2026-03-10', 1, 300, 900]]);
    // The span's first day starts at its zone's midnight: 2026-03-10 alone holds the session in Istanbul, not in UTC.
    const tenth = { from: '2026-03-10', to: '2026-03-10', groupBy: 'day' } as const;
    expect((await new Reports({ ...sources, timeZone: 'UTC' }).report(tenth)).rows).toEqual([]);
    expect((await new Reports({ ...sources, timeZone: 'Europe/Istanbul' }).report(tenth)).rows).toHaveLength(1);
  });
});
