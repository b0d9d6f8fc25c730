import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ActionCode, ErrorCode } from '@reelcast/protocol';
import { ledgerEntries, transfers } from '../src/db/schema.ts';
import { DomainError } from '../src/shared/index.ts';
import { CASHIER_ACCOUNT, walletAccount } from '../src/wallet/accounts.ts';
import type { TransferRequest } from '../src/wallet/ledger.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
let serial = 0;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

async function newWallet(deposit = 0) {
  const username = `p${++serial}-${Date.now()}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  if (deposit) await platform.services.ledger.transfer(deposit_(player.id, deposit, `dep-${username}`));
  return { id: player.id, wallet: walletAccount(player.id) };
}

const deposit_ = (playerId: number, amount: number, idempotencyKey: string): TransferRequest => ({
  idempotencyKey,
  action: ActionCode.Deposit,
  from: CASHIER_ACCOUNT,
  to: walletAccount(playerId),
  amount,
});

const withdraw = (playerId: number, amount: number, idempotencyKey: string): TransferRequest => ({
  idempotencyKey,
  action: ActionCode.Withdraw,
  from: walletAccount(playerId),
  to: CASHIER_ACCOUNT,
  amount,
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function entriesOf(idempotencyKey: string) {
  const db = platform.services.database.db;
  const [t] = await db.select().from(transfers).where(eq(transfers.idempotencyKey, idempotencyKey));
  if (!t) return [];
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, t.id));
}

describe('ledger', () => {
  it('posts linked transfers together or not at all, and answers a repeated set from the first', async () => {
    const ledger = platform.services.ledger;
    const payer = await newWallet(1000);
    const payee = await newWallet();
    const refused = await refusal(
      ledger.transferLinked(async () => ({
        requests: [deposit_(payee.id, 500, `ln-a-${payee.id}`), withdraw(payer.id, 5000, `ln-b-${payer.id}`)],
      })),
    );
    expect(refused.code).toBe(ErrorCode.InsufficientFunds);
    expect(await ledger.balance(payee.id)).toBe(0);
    expect(await entriesOf(`ln-a-${payee.id}`)).toEqual([]);

    let alongside = 0;
    const set = async () => ({
      requests: [deposit_(payee.id, 500, `ln-c-${payee.id}`), withdraw(payer.id, 400, `ln-d-${payer.id}`)],
      alongside: async () => void alongside++,
    });
    const first = await ledger.transferLinked(set);
    expect(first.map((r) => r.replayed)).toEqual([false, false]);
    const again = await ledger.transferLinked(set);
    expect(again.map((r) => [r.replayed, r.transferId])).toEqual(first.map((r) => [true, r.transferId]));
    expect(alongside).toBe(1);
    expect([await ledger.balance(payee.id), await ledger.balance(payer.id)]).toEqual([500, 600]);
  });

  it('moves money between two accounts with two entries that sum to zero', async () => {
    const { id } = await newWallet();
    const result = await platform.services.ledger.transfer(deposit_(id, 12345, `k-sum-${id}`));
    expect(result.balances[walletAccount(id)]).toBe(12345);
    const entries = await entriesOf(`k-sum-${id}`);
    expect(entries.map((e) => e.amount).sort()).toEqual([-12345n, 12345n].sort());
    expect(await platform.services.ledger.balance(id)).toBe(12345);
  });

  it('the seeded demo players each hold a 100000 deposit in the ledger', async () => {
    const entries = await entriesOf('seed:deposit:demo');
    expect(entries).toHaveLength(2);
    const demo = await platform.services.players.require('demo');
    expect(await platform.services.ledger.balance(demo.id)).toBe(100000);
  });

  it('refuses to take a wallet below zero and changes nothing', async () => {
    const { id } = await newWallet(1000);
    const error = await refusal(platform.services.ledger.transfer(withdraw(id, 1001, `k-neg-${id}`)));
    expect(error.code).toBe(ErrorCode.InsufficientFunds);
    expect(await platform.services.ledger.balance(id)).toBe(1000);
    expect(await entriesOf(`k-neg-${id}`)).toHaveLength(0);
  });

  it('refuses amounts that are not positive whole minor units', async () => {
    const { id } = await newWallet(1000);
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      const error = await refusal(platform.services.ledger.transfer(withdraw(id, amount, `k-bad-${id}-${String(amount)}`)));
      expect(error.code).toBe(ErrorCode.InvalidRequest);
    }
    expect(await platform.services.ledger.balance(id)).toBe(1000);
  });

  it('answers a repeated key with the first result and writes once (sequential repeats)', async () => {
    const { id } = await newWallet(5000);
    const request = withdraw(id, 700, `k-rep-${id}`);
    const first = await platform.services.ledger.transfer(request);
    for (let i = 0; i < 9; i++) {
      const again = await platform.services.ledger.transfer(request);
      expect(again).toEqual({ ...first, replayed: true });
    }
    expect(await entriesOf(request.idempotencyKey)).toHaveLength(2);
    expect(await platform.services.ledger.balance(id)).toBe(4300);
  });

  it('answers concurrent repeats of one key with one movement and the same answer', async () => {
    const { id } = await newWallet(5000);
    const request = withdraw(id, 900, `k-conc-${id}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => platform.services.ledger.transfer(request)));
    expect(new Set(answers.map((a) => a.transferId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.balances[walletAccount(id)]))).toEqual(new Set([4100]));
    expect(await entriesOf(request.idempotencyKey)).toHaveLength(2);
    expect(await platform.services.ledger.balance(id)).toBe(4100);
  });

  it('refuses the same key with a different body', async () => {
    const { id } = await newWallet(5000);
    await platform.services.ledger.transfer(withdraw(id, 100, `k-diff-${id}`));
    const error = await refusal(platform.services.ledger.transfer(withdraw(id, 200, `k-diff-${id}`)));
    expect(error.code).toBe(ErrorCode.IdempotencyConflict);
    expect(await platform.services.ledger.balance(id)).toBe(4900);
  });

  it('serializes 100 concurrent withdrawals that only some can fund', async () => {
    const { id } = await newWallet(10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => platform.services.ledger.transfer(withdraw(id, 300, `k-race-${id}-${i}`))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(33); // 33 × 300 = 9900 ≤ 10000 < 34 × 300
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.code === ErrorCode.InsufficientFunds)).toBe(true);
    expect(await platform.services.ledger.balance(id)).toBe(100);
    const afters = ok.map((r) => (r as PromiseFulfilledResult<{ balances: Record<string, number> }>).value.balances[walletAccount(id)]!);
    expect(Math.min(...afters)).toBeGreaterThanOrEqual(0);
    expect(new Set(afters).size).toBe(33);
  });

  it('reconciles: every cached balance equals the sum of its entries and all accounts sum to zero', async () => {
    const report = await platform.services.ledger.verify();
    expect(report.differences, JSON.stringify(report.differences.slice(0, 2))).toEqual([]);
    expect(report.unbalancedTransfers).toEqual([]);
    expect(report.total).toBe('0');
    expect(report.transfers).toBeGreaterThan(10);
  });

  it('verify finds a balance that does not match its entries', async () => {
    const { id, wallet } = await newWallet(500);
    const { accounts } = await import('../src/db/schema.ts');
    await platform.services.database.db.update(accounts).set({ balance: 501n }).where(eq(accounts.code, wallet));
    const report = await platform.services.ledger.verify();
    expect(report.differences).toEqual([{ account: wallet, cached: '501', fromEntries: '500' }]);
    await platform.services.database.db.update(accounts).set({ balance: 500n }).where(eq(accounts.code, wallet));
    expect(await platform.services.ledger.balance(id)).toBe(500);
  });
});

describe('GET /player/balance', () => {
  it('answers the balance in cents and follows movements', async () => {
    const token = await platform.login('demo2', 'demo1234');
    const demo2 = await platform.services.players.require('demo2');
    const before = (await platform.call('GET', '/player/balance', { token })).body.balance;
    await platform.services.ledger.transfer(deposit_(demo2.id, 2550, `k-api-${demo2.id}`));
    const { status, body } = await platform.call('GET', '/player/balance', { token });
    expect(status).toBe(200);
    expect(body).toEqual({ balance: before + 2550 });
  });
});
