import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { actionCodeNames, kindOfAction, type TransactionListQuery, type TransactionPage } from '@reelcast/protocol';
import { likeContaining, type Db } from '../db/index.ts';
import { accounts, ledgerEntries, transfers } from '../db/schema.ts';
import { walletAccount } from './accounts.ts';

/** The player's Transactions page, read straight from the ledger: newest first, offset pages. */
export class TransactionHistory {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Every ledger entry on the player's wallet. A cash-in shows once, as its reserve (wallet → hold);
   * its second leg (hold → machine) does not touch the wallet, a void (hold → wallet) does.
   */
  async page(playerId: number, query: TransactionListQuery): Promise<TransactionPage> {
    const empty = { items: [], page: query.page, perPage: query.perPage, total: 0 };
    const [wallet] = await this.#db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.code, walletAccount(playerId)));
    if (!wallet) return empty;

    const where: SQL[] = [eq(ledgerEntries.accountId, wallet.id)];
    if (query.action !== undefined) where.push(eq(transfers.action, query.action));
    if (query.search) {
      const needle = query.search.toLowerCase();
      const named = Object.entries(actionCodeNames)
        .filter(([, name]) => name.toLowerCase().includes(needle))
        .map(([code]) => Number(code));
      const memo = ilike(transfers.memo, likeContaining(query.search));
      where.push(named.length ? or(memo, inArray(transfers.action, named))! : memo);
    }
    if (query.from) where.push(gte(ledgerEntries.createdAt, new Date(query.from)));
    if (query.to) where.push(lt(ledgerEntries.createdAt, new Date(query.to)));
    const condition = and(...where);

    const [counted] = await this.#db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(transfers, eq(transfers.id, ledgerEntries.transferId))
      .where(condition);
    // Entry ids on one account grow in the order its balance changed (the account row is locked).
    const rows = await this.#db
      .select({
        id: transfers.id,
        action: transfers.action,
        memo: transfers.memo,
        createdAt: transfers.createdAt,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .innerJoin(transfers, eq(transfers.id, ledgerEntries.transferId))
      .where(condition)
      .orderBy(desc(ledgerEntries.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);

    return {
      items: rows.map((row) => ({
        id: row.id,
        action: row.action,
        actionName: actionCodeNames[row.action as keyof typeof actionCodeNames] ?? String(row.action),
        amount: Number(row.amount),
        balanceAfter: Number(row.balanceAfter),
        createdAt: row.createdAt.toISOString(),
        memo: row.memo,
        kind: kindOfAction(row.action),
      })),
      page: query.page,
      perPage: query.perPage,
      total: Number(counted?.total ?? 0),
    };
  }
}
