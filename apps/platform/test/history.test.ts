import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionCode, ErrorCode, sessionPage, transactionPage, type SessionItem, type TransactionItem } from '@reelcast/protocol';
import { CASHIER_ACCOUNT, walletAccount } from '../src/wallet/accounts.ts';
import { expectLedgerSound, startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * GET /player/sessions and GET /player/transactions against a real platform. The history is made
 * the way a machine agent makes it: seat, two-phase cash-in, cash-out, settlements, close.
 */

let platform: TestPlatform;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let n = 0;
/** Session ids of alice, oldest first, and the moment between the first three and the rest. */
const aliceSessions: string[] = [];
let afterThird: string;

const play = () => platform.services.play;

async function newPlayer(username: string, deposit: number) {
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  await platform.services.ledger.transfer({
    idempotencyKey: `dep-${username}`,
    action: ActionCode.Deposit,
    from: CASHIER_ACCOUNT,
    to: walletAccount(player.id),
    amount: deposit,
    memo: 'deposit at the cashier',
  });
  return { id: player.id, token: await platform.login(username, 'secret') };
}

/** One seat at a machine, its money steps, then close. The clock moves a minute per session, so they order. */
async function session(
  who: { token: string },
  machineId: number,
  steps: (sessionId: string) => Promise<void> = async () => {},
  figures = { spins: 0, totalBet: 0, totalWon: 0 },
  close = true,
) {
  platform.clock.advanceMinutes(1);
  const seat = await play().seat(machineId, who.token);
  await steps(seat.sessionId);
  if (close) await play().closeSession(seat.sessionId, { reason: 'left', ...figures });
  return seat.sessionId;
}

async function cashIn(sessionId: string, amount: number, outcome: 'post' | 'void' = 'post') {
  const transferId = `t-${++n}`;
  await play().reserveCashIn({ transferId, sessionId, amount });
  if (outcome === 'post') await play().postCashIn(transferId);
  else await play().voidCashIn(transferId);
}

const get = (url: string, token = alice.token) => platform.call('GET', url, { token });

async function sessions(query = '', token = alice.token) {
  const { status, body } = await get(`/player/sessions${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return sessionPage.parse(body);
}

async function transactions(query = '', token = alice.token) {
  const { status, body } = await get(`/player/transactions${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return transactionPage.parse(body);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  alice = await newPlayer('alice', 100_000);
  bob = await newPlayer('bob', 30_000);

  // Aurora / Northern Lights: 200.00 in, 250.00 out.
  aliceSessions.push(
    await session(
      alice,
      1,
      async (id) => {
        await cashIn(id, 20_000);
        await play().cashOut({ transferId: `t-${++n}`, sessionId: id, amount: 25_000 });
      },
      { spins: 10, totalBet: 5_000, totalWon: 10_000 },
    ),
  );
  // Dragon / Dragon Pearl: a cash-in the machine refused (voided), then 50.00 in.
  aliceSessions.push(
    await session(
      alice,
      5,
      async (id) => {
        await cashIn(id, 10_000, 'void');
        await cashIn(id, 5_000);
      },
      { spins: 3, totalBet: 1_500, totalWon: 0 },
    ),
  );
  // Tropic / Coco Wilds: a hand pay of 500.00.
  aliceSessions.push(
    await session(alice, 9, async (id) => {
      await play().settle({ settlementId: `hp-${++n}`, sessionId: id, kind: 'HAND_PAY', amount: 50_000 });
    }),
  );
  platform.clock.advanceMinutes(1);
  afterThird = platform.clock.now().toISOString();
  // 21 more on Aurora / Polar Gold, and one left open: 25 in all.
  for (let i = 0; i < 21; i++) aliceSessions.push(await session(alice, 2, undefined, { spins: i, totalBet: 0, totalWon: 0 }));
  aliceSessions.push(await session(alice, 3, (id) => cashIn(id, 1_000), undefined, false));

  // Bob plays the same machines: none of it may show in alice's lists.
  await session(bob, 1, (id) => cashIn(id, 7_000));
  await session(bob, 5);

  // Promotions pay from the platform into the wallet (action codes 7–9).
  for (const [action, amount] of [
    [ActionCode.Discount, 1_100],
    [ActionCode.Bonus, 2_200],
    [ActionCode.WeeklyBonus, 3_300],
  ] as const) {
    await platform.services.ledger.transfer({
      idempotencyKey: `promo-${action}`,
      action,
      from: CASHIER_ACCOUNT,
      to: walletAccount(alice.id),
      amount,
      memo: 'promotion',
    });
  }
});
afterAll(() => platform?.stop());

describe('GET /player/sessions', () => {
  it('pages the player’s sessions newest first with total', async () => {
    const first = await sessions('?perPage=10');
    expect(first).toMatchObject({ page: 1, perPage: 10, total: 25 });
    expect(first.items).toHaveLength(10);
    const all: SessionItem[] = [
      ...first.items,
      ...(await sessions('?perPage=10&page=2')).items,
      ...(await sessions('?perPage=10&page=3')).items,
    ];
    expect(all).toHaveLength(25);
    expect(all.map((s) => s.id)).toEqual([...aliceSessions].reverse());
    const starts = all.map((s) => Date.parse(s.startedAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect((await sessions('?perPage=10&page=4')).items).toEqual([]);
  });

  it('defaults to page 1 of 20', async () => {
    expect(await sessions()).toMatchObject({ page: 1, perPage: 20, total: 25 });
  });

  it('carries machine, brand, money and figures; net is cash out − cash in; an open session has no end', async () => {
    const all = (await sessions('?perPage=100')).items;
    const byId = new Map(all.map((s) => [s.id, s]));
    expect(byId.get(aliceSessions[0]!)).toMatchObject({
      machineId: 1,
      machineName: 'Northern Lights',
      brand: 'Aurora',
      cashIn: 20_000,
      cashOut: 25_000,
      net: 5_000,
      spins: 10,
      totalBet: 5_000,
      totalWon: 10_000,
      endReason: 'left',
      endedAt: expect.any(String),
    });
    // The voided cash-in never reached the machine.
    expect(byId.get(aliceSessions[1]!)).toMatchObject({
      machineName: 'Dragon Pearl',
      brand: 'Dragon',
      cashIn: 5_000,
      cashOut: 0,
      net: -5_000,
    });
    expect(byId.get(aliceSessions.at(-1)!)).toMatchObject({ machineName: 'Star Crown', endedAt: null, endReason: null, cashIn: 1_000 });
  });

  it('searches machine and brand names, case-insensitively, wildcards taken literally', async () => {
    expect((await sessions('?search=dragon')).items.map((s) => s.id)).toEqual([aliceSessions[1]]);
    expect((await sessions('?search=COCO%20wil')).items.map((s) => s.id)).toEqual([aliceSessions[2]]);
    expect((await sessions('?search=aurora')).total).toBe(23);
    expect((await sessions('?search=polar&perPage=10')).total).toBe(21);
    expect((await sessions('?search=%25')).total).toBe(0);
    expect((await sessions('?search=_')).total).toBe(0);
    expect((await sessions('?search=nothing-like-it')).items).toEqual([]);
  });

  it('filters by start time: from inclusive, to exclusive', async () => {
    const after = await sessions(`?from=${encodeURIComponent(afterThird)}&perPage=100`);
    expect(after.total).toBe(22);
    const before = await sessions(`?to=${encodeURIComponent(afterThird)}`);
    expect(before.items.map((s) => s.id)).toEqual(aliceSessions.slice(0, 3).reverse());
    expect((await sessions('?from=2000-01-01&to=2000-01-02')).total).toBe(0);
  });

  it('shows only the asking player’s sessions', async () => {
    const bobs = await sessions('', bob.token);
    expect(bobs.total).toBe(2);
    expect(bobs.items.every((s) => !aliceSessions.includes(s.id))).toBe(true);
  });

  it.each([
    ['perPage outside the fixed set', '?perPage=15'],
    ['perPage 0', '?perPage=0'],
    ['perPage 1000', '?perPage=1000'],
    ['perPage not a number', '?perPage=ten'],
    ['page 0', '?page=0'],
    ['negative page', '?page=-1'],
    ['fractional page', '?page=1.5'],
    ['huge page', '?page=99999999999999999999'],
    ['unknown parameter', '?sort=asc'],
    ['101-character search', `?search=${'x'.repeat(101)}`],
    ['control character in search', '?search=a%00b'],
    ['bad from', '?from=yesterday'],
    ['bad to', '?to=2025-13-45'],
    ['from after to', '?from=2025-02-01&to=2025-01-01'],
    ['repeated page', '?page=1&page=2'],
  ])('answers 400 / 40000 for %s', async (_name, query) => {
    const { status, body } = await get(`/player/sessions${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(ErrorCode.InvalidRequest);
  });

  it('needs a token', async () => {
    const { status, body } = await platform.call('GET', '/player/sessions');
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.SignatureNotVerified);
  });
});

describe('GET /player/transactions', () => {
  let all: TransactionItem[];
  beforeAll(async () => {
    all = (await transactions('?perPage=100')).items;
  });

  it('lists every movement of the wallet, newest first, signed from the wallet’s view', async () => {
    // deposit, reserve + cash out, reserve + void + reserve, hand pay, reserve (open session), 3 promotions.
    expect(all.map((t) => [t.actionName, t.amount])).toEqual([
      ['Weekly Bonus', 3_300],
      ['Bonus', 2_200],
      ['Discount', 1_100],
      ['Cash In', -1_000],
      ['Hand Pay', 50_000],
      ['Cash In', -5_000],
      ['Cash In', 10_000],
      ['Cash In', -10_000],
      ['Cash Out', 25_000],
      ['Cash In', -20_000],
      ['Deposit', 100_000],
    ]);
    expect(all.map((t) => t.memo)).toContain('cash in voided, machine 5');
    expect(all.at(-1)).toMatchObject({ action: ActionCode.Deposit, memo: 'deposit at the cashier', kind: 'cash' });
  });

  it('balanceAfter follows the ledger: each row is the one before plus its amount, ending at the balance', async () => {
    expect(all[0]!.balanceAfter).toBe(await platform.services.ledger.balance(alice.id));
    for (let i = 0; i < all.length; i++) {
      const before = all[i + 1]?.balanceAfter ?? 0;
      expect(all[i]!.balanceAfter).toBe(before + all[i]!.amount);
    }
    await expectLedgerSound(platform);
  });

  it('gives each action its SPEC §9 colour kind', async () => {
    const kinds = Object.fromEntries(all.map((t) => [t.actionName, t.kind]));
    expect(kinds).toEqual({
      Deposit: 'cash',
      'Hand Pay': 'cash',
      'Cash In': 'credit',
      'Cash Out': 'credit',
      Discount: 'discount',
      Bonus: 'bonus',
      'Weekly Bonus': 'bonus',
    });
  });

  it('pages with total', async () => {
    const first = await transactions('?perPage=10');
    const second = await transactions('?perPage=10&page=2');
    expect(first).toMatchObject({ total: 11, perPage: 10, page: 1 });
    expect([...first.items, ...second.items]).toEqual(all);
  });

  it('filters by action and searches memo and action name', async () => {
    const cashIns = await transactions(`?action=${ActionCode.CashIn}`);
    expect(cashIns.total).toBe(5);
    expect(cashIns.items.every((t) => t.kind === 'credit' && t.action === 3)).toBe(true);
    expect((await transactions('?action=1')).items.map((t) => t.amount)).toEqual([100_000]);
    expect((await transactions('?action=6')).total).toBe(0);
    expect((await transactions('?search=voided')).items.map((t) => t.amount)).toEqual([10_000]);
    expect((await transactions('?search=hand%20PAY')).items.map((t) => t.action)).toEqual([ActionCode.HandPay]);
    expect((await transactions('?search=bonus')).items.map((t) => t.action)).toEqual([ActionCode.WeeklyBonus, ActionCode.Bonus]);
    expect((await transactions('?search=machine%205&action=3')).total).toBe(3);
    expect((await transactions('?search=100%25')).total).toBe(0);
  });

  it('filters by time', async () => {
    expect((await transactions('?to=2000-01-01')).total).toBe(0);
    expect((await transactions(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).total).toBe(11);
  });

  it('shows only the asking player’s wallet', async () => {
    const bobs = await transactions('', bob.token);
    expect(bobs.items.map((t) => [t.actionName, t.amount, t.balanceAfter])).toEqual([
      ['Cash In', -7_000, 23_000],
      ['Deposit', 30_000, 30_000],
    ]);
  });

  it.each([
    ['unknown action', '?action=10'],
    ['action 0', '?action=0'],
    ['action text', '?action=deposit'],
    ['perPage outside the set', '?perPage=25'],
    ['unknown parameter', '?accountId=1'],
    ['bad from', '?from=2025-01-01T25:00:00Z'],
  ])('answers 400 / 40000 for %s', async (_name, query) => {
    const { status, body } = await get(`/player/transactions${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(ErrorCode.InvalidRequest);
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/player/sessions',
        '/player/transactions',
        '/player/profile',
        '/player/password',
        '/api/auth/user/update',
        '/api/rules',
      ]),
    );
    const parameters = body.paths['/player/transactions'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['page', 'perPage', 'search', 'action', 'from', 'to']));
  });
});
