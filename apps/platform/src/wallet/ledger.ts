import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LedgerAction } from '@reelcast/protocol';
import { ActionCode, ErrorCode, MAX_AMOUNT_MINOR } from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/index.ts';
import { accounts, ledgerEntries, transfers } from '../db/schema.ts';
import { DomainError } from '../shared/index.ts';

import { CASHIER_ACCOUNT, PROMOTIONS_ACCOUNT, playerOfWallet, walletAccount } from './accounts.ts';

export interface TransferRequest {
  idempotencyKey: string;
  action: LedgerAction;
  /** Account codes. */
  from: string;
  to: string;
  /** Minor units, positive. */
  amount: number;
  memo?: string;
}

/** A cashier's movement of a player's money: into the wallet (deposit) or out of it (withdrawal). */
export interface CashierRequest {
  playerId: number;
  /** Minor units, positive. */
  amount: number;
  /** The same key again does nothing more and answers the first result. */
  idempotencyKey: string;
  memo?: string;
}

export interface TransferResult {
  transferId: string;
  idempotencyKey: string;
  action: LedgerAction;
  amount: number;
  from: string;
  to: string;
  /** Balances right after this transfer, by account code. */
  balances: Record<string, number>;
  createdAt: string;
  /** True when this answer repeats an earlier request with the same key. */
  replayed: boolean;
}

export interface LedgerDifference {
  account: string;
  cached: string;
  fromEntries: string;
}

export interface VerifyReport {
  accounts: number;
  transfers: number;
  differences: LedgerDifference[];
  unbalancedTransfers: string[];
  /** Sum of every account balance; zero in a sound double-entry ledger. */
  total: string;
}

class KeyTaken extends Error {}

/**
 * Work that must commit or roll back together with a movement (e.g. the state of a machine transfer).
 * It runs inside the movement's transaction, after the entries are written; throwing rolls both back.
 * It does not run again when a repeated key is answered from the first result.
 */
export type AlongsideWork = (tx: Db, result: TransferResult) => Promise<void>;

/** A set of transfers that commit together, with the work that commits with them (Ledger.transferLinked). */
export interface LinkedTransfers {
  requests: TransferRequest[];
  alongside?: (tx: Db, results: TransferResult[]) => Promise<void>;
}

/**
 * The wallet ledger: double-entry, append-only, integers in minor units.
 * Every movement names an action code and a client idempotency key: a repeat returns the first
 * answer, the same key with a different request is refused (40003). Accounts are locked in id order
 * for the length of one short transaction, so concurrent movements on one wallet serialize and a
 * balance that may not go negative never does (40002).
 */
export class Ledger {
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #posted = new Set<(result: TransferResult) => void>();

  constructor(db: Db, bus: Bus) {
    this.#db = db;
    this.#bus = bus;
  }

  async ensureSystemAccounts(): Promise<void> {
    await this.#db
      .insert(accounts)
      .values([
        { code: CASHIER_ACCOUNT, allowNegative: true },
        { code: PROMOTIONS_ACCOUNT, allowNegative: true },
      ])
      .onConflictDoNothing();
  }

  async balance(playerId: number): Promise<number> {
    const [row] = await this.#db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.code, walletAccount(playerId)));
    if (!row) throw new DomainError(ErrorCode.NotFound, undefined, 'Wallet not found.');
    return Number(row.balance);
  }

  /** Opens the player's wallet account, in the transaction that creates the player when one is given. */
  openWallet(playerId: number, db: Db = this.#db): Promise<void> {
    return this.ensureAccount(walletAccount(playerId), { playerId }, db);
  }

  /** Creates an account if it does not exist yet (machine and hold accounts are made on first use). */
  async ensureAccount(code: string, options: { playerId?: number; allowNegative?: boolean } = {}, db: Db = this.#db): Promise<void> {
    await db
      .insert(accounts)
      .values({ code, playerId: options.playerId ?? null, allowNegative: options.allowNegative ?? false })
      .onConflictDoNothing();
  }

  async accountBalance(code: string): Promise<number> {
    const [row] = await this.#db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.code, code));
    return row ? Number(row.balance) : 0;
  }

  /** The cashier pays money into the player's wallet (SPEC §3 action 1), once per idempotency key. */
  deposit({ playerId, ...request }: CashierRequest): Promise<TransferResult> {
    return this.transfer({ ...request, action: ActionCode.Deposit, from: CASHIER_ACCOUNT, to: walletAccount(playerId) });
  }

  /** The cashier pays money out of the player's wallet (SPEC §3 action 2), once per idempotency key; 40002 when it holds less. */
  withdraw({ playerId, ...request }: CashierRequest): Promise<TransferResult> {
    return this.transfer({ ...request, action: ActionCode.Withdraw, from: walletAccount(playerId), to: CASHIER_ACCOUNT });
  }

  /**
   * One movement: a set of one (transferLinked), so a key is checked in one place for both. `alongside`
   * runs in its transaction when it is posted, not when a repeated key is answered from the first.
   */
  async transfer(request: TransferRequest, alongside?: AlongsideWork): Promise<TransferResult> {
    const [result] = await this.transferLinked(() =>
      Promise.resolve({
        requests: [request],
        ...(alongside ? { alongside: (tx: Db, results: TransferResult[]) => alongside(tx, results[0]!) } : {}),
      }),
    );
    return result!;
  }

  /**
   * Transfers that belong together (like TigerBeetle's linked transfers): `plan` runs inside one
   * database transaction, where it may read and write rows of its own, and names the transfers; they
   * are posted in that transaction, then `alongside` runs in it too, and all of it commits or none of
   * it does. The accounts of the set are locked together, in id order. A transfer whose key was used
   * before is answered from the first (`replayed`, or 40003 if it differs); when the whole set was,
   * `alongside` does not run again. A key another request takes meanwhile rolls everything back and
   * answers that request's transfers.
   */
  async transferLinked(plan: (tx: Db) => Promise<LinkedTransfers>): Promise<TransferResult[]> {
    let planned: TransferRequest[] = [];
    let results: TransferResult[];
    try {
      results = await this.#db.transaction(async (txAny) => {
        const tx = txAny as unknown as Db;
        const { requests, alongside } = await plan(tx);
        requests.forEach(checkRequest);
        planned = requests;
        const codes = [...new Set(requests.flatMap((request) => [request.from, request.to]))];
        if (codes.length > 0)
          await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.code, codes)).orderBy(accounts.id).for('update');
        const results: TransferResult[] = [];
        let postedAny = false;
        for (const request of requests) {
          // Posted before: a repeat of this request, or a part of a set an earlier version posted one by one.
          const earlier = await this.#find(request.idempotencyKey, tx);
          postedAny ||= !earlier;
          results.push(
            earlier ? await this.#replay(earlier, requestHash(request), tx) : await this.#post(tx, request, requestHash(request)),
          );
        }
        if (postedAny) await alongside?.(tx, results);
        return results;
      });
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      // Another request with these keys committed first: its transfers are the answer.
      const earlier = await Promise.all(planned.map(async (request) => ({ request, row: await this.#find(request.idempotencyKey) })));
      if (earlier.some(({ row }) => !row)) throw error;
      return Promise.all(earlier.map(({ request, row }) => this.#replay(row!, requestHash(request))));
    }
    // A replayed transfer's balances are history: only what this call posted is announced.
    results.filter((result) => !result.replayed).forEach((result) => this.#announce(result));
    return results;
  }

  /** Calls `listener` with each transfer this process posts, once committed (the metrics count them); gives the unsubscribe. */
  onPosted(listener: (result: TransferResult) => void): () => void {
    this.#posted.add(listener);
    return () => this.#posted.delete(listener);
  }

  async #post(tx: Db, request: TransferRequest, hash: string): Promise<TransferResult> {
    const locked = await tx
      .select()
      .from(accounts)
      .where(inArray(accounts.code, [request.from, request.to]))
      .orderBy(accounts.id)
      .for('update');
    const from = locked.find((a) => a.code === request.from);
    const to = locked.find((a) => a.code === request.to);
    if (!from || !to) throw new DomainError(ErrorCode.NotFound, undefined, 'Account not found.');

    const id = randomUUID();
    const inserted = await tx
      .insert(transfers)
      .values({
        id,
        idempotencyKey: request.idempotencyKey,
        requestHash: hash,
        action: request.action,
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: BigInt(request.amount),
        status: 'posted',
        memo: request.memo ?? '',
      })
      .onConflictDoNothing({ target: transfers.idempotencyKey })
      .returning({ createdAt: transfers.createdAt });
    const row = inserted[0];
    if (!row) throw new KeyTaken();

    const amount = BigInt(request.amount);
    if (!from.allowNegative && from.balance < amount) {
      throw new DomainError(ErrorCode.InsufficientFunds, {
        balance: Number(from.balance),
        amount: request.amount,
      });
    }
    const fromAfter = from.balance - amount;
    const toAfter = to.balance + amount;
    await tx.update(accounts).set({ balance: fromAfter }).where(eq(accounts.id, from.id));
    await tx.update(accounts).set({ balance: toAfter }).where(eq(accounts.id, to.id));
    await tx.insert(ledgerEntries).values([
      { transferId: id, accountId: from.id, amount: -amount, balanceAfter: fromAfter },
      { transferId: id, accountId: to.id, amount, balanceAfter: toAfter },
    ]);
    return {
      transferId: id,
      idempotencyKey: request.idempotencyKey,
      action: request.action,
      amount: request.amount,
      from: from.code,
      to: to.code,
      balances: { [from.code]: Number(fromAfter), [to.code]: Number(toAfter) },
      createdAt: row.createdAt.toISOString(),
      replayed: false,
    };
  }

  async #find(idempotencyKey: string, db: Db = this.#db) {
    const [row] = await db.select().from(transfers).where(eq(transfers.idempotencyKey, idempotencyKey));
    return row;
  }

  async #replay(earlier: typeof transfers.$inferSelect, hash: string, db: Db = this.#db): Promise<TransferResult> {
    if (earlier.requestHash !== hash) {
      throw new DomainError(ErrorCode.IdempotencyConflict, { idempotencyKey: earlier.idempotencyKey });
    }
    const entries = await db
      .select({ code: accounts.code, balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transferId, earlier.id));
    const codes = await db
      .select({ id: accounts.id, code: accounts.code })
      .from(accounts)
      .where(inArray(accounts.id, [earlier.fromAccountId, earlier.toAccountId]));
    const codeOf = (id: number) => codes.find((c) => c.id === id)?.code ?? '';
    return {
      transferId: earlier.id,
      idempotencyKey: earlier.idempotencyKey,
      action: earlier.action as LedgerAction,
      amount: Number(earlier.amount),
      from: codeOf(earlier.fromAccountId),
      to: codeOf(earlier.toAccountId),
      balances: Object.fromEntries(entries.map((e) => [e.code, Number(e.balanceAfter)])),
      createdAt: earlier.createdAt.toISOString(),
      replayed: true,
    };
  }

  #announce(result: TransferResult): void {
    this.#posted.forEach((listener) => listener(result));
    for (const [code, balance] of Object.entries(result.balances)) {
      const playerId = playerOfWallet(code);
      if (playerId !== null) this.#bus.publish('balance', { playerId, balance });
    }
  }

  /** Recomputes every balance from the entries and checks that every transfer balances. */
  async verify(): Promise<VerifyReport> {
    const cached = await this.#db.select({ id: accounts.id, code: accounts.code, balance: accounts.balance }).from(accounts);
    const summed = await this.#db
      .select({ accountId: ledgerEntries.accountId, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.accountId);
    const sumOf = new Map(summed.map((s) => [s.accountId, BigInt(s.sum)]));
    const differences = cached
      .filter((a) => a.balance !== (sumOf.get(a.id) ?? 0n))
      .map((a) => ({ account: a.code, cached: a.balance.toString(), fromEntries: (sumOf.get(a.id) ?? 0n).toString() }));
    const unbalanced = await this.#db
      .select({ id: transfers.id })
      .from(transfers)
      .leftJoin(ledgerEntries, eq(ledgerEntries.transferId, transfers.id))
      .where(eq(transfers.status, 'posted'))
      .groupBy(transfers.id)
      .having(sql`count(${ledgerEntries.id}) <> 2 or coalesce(sum(${ledgerEntries.amount}), 0) <> 0`);
    const [count] = await this.#db.select({ n: sql<number>`count(*)::int` }).from(transfers);
    const total = cached.reduce((acc, a) => acc + a.balance, 0n);
    return {
      accounts: cached.length,
      transfers: count?.n ?? 0,
      differences,
      unbalancedTransfers: unbalanced.map((u) => u.id),
      total: total.toString(),
    };
  }
}

function checkRequest(request: TransferRequest): void {
  const { amount, from, to } = request;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_MINOR) {
    throw new DomainError(ErrorCode.InvalidRequest, undefined, 'Amount must be a positive whole number of minor units.');
  }
  if (from === to) throw new DomainError(ErrorCode.InvalidRequest, undefined, 'A transfer needs two accounts.');
}

function requestHash(request: TransferRequest): string {
  const canonical = JSON.stringify([request.action, request.from, request.to, request.amount, request.memo ?? '']);
  return createHash('sha256').update(canonical).digest('hex');
}
