import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import {
  actionCodeNames,
  kindOfAction,
  type SessionListQuery,
  type SessionPage,
  type TransactionListQuery,
  type TransactionPage,
} from '@reelcast/protocol';
import type { Db } from '../db/client.ts';
import { accounts, brands, ledgerEntries, machines, slotSessions, transfers } from '../db/schema.ts';
import { walletAccount } from '../wallet/ledger.ts';

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The player's history pages, read straight from the ledger and the slot sessions: newest first,
 * offset pages, only the asking player's rows.
 */
export class HistoryQueries {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async sessions(playerId: number, query: SessionListQuery): Promise<SessionPage> {
    const where: SQL[] = [eq(slotSessions.playerId, playerId)];
    if (query.search) where.push(or(ilike(machines.name, contains(query.search)), ilike(brands.name, contains(query.search)))!);
    if (query.from) where.push(gte(slotSessions.startedAt, new Date(query.from)));
    if (query.to) where.push(lt(slotSessions.startedAt, new Date(query.to)));
    const condition = and(...where);

    const [counted] = await this.#db
      .select({ total: count() })
      .from(slotSessions)
      .innerJoin(machines, eq(machines.id, slotSessions.machineId))
      .innerJoin(brands, eq(brands.id, machines.brandId))
      .where(condition);
    const rows = await this.#db
      .select({ session: slotSessions, machineName: machines.name, brand: brands.name })
      .from(slotSessions)
      .innerJoin(machines, eq(machines.id, slotSessions.machineId))
      .innerJoin(brands, eq(brands.id, machines.brandId))
      .where(condition)
      .orderBy(desc(slotSessions.startedAt), desc(slotSessions.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);

    return {
      items: rows.map(({ session, machineName, brand }) => ({
        id: session.id,
        machineId: session.machineId,
        machineName,
        brand,
        startedAt: session.startedAt.toISOString(),
        endedAt: session.endedAt?.toISOString() ?? null,
        endReason: session.endReason,
        cashIn: Number(session.cashIn),
        cashOut: Number(session.cashOut),
        net: Number(session.cashOut - session.cashIn),
        spins: session.spins,
        totalBet: Number(session.totalBet),
        totalWon: Number(session.totalWon),
      })),
      page: query.page,
      perPage: query.perPage,
      total: Number(counted?.total ?? 0),
    };
  }

  /**
   * Every ledger entry on the player's wallet. A cash-in shows once, as its reserve (wallet → hold);
   * its second leg (hold → machine) does not touch the wallet, a void (hold → wallet) does.
   */
  async transactions(playerId: number, query: TransactionListQuery): Promise<TransactionPage> {
    const empty = { items: [], page: query.page, perPage: query.perPage, total: 0 };
    const [wallet] = await this.#db.select({ id: accounts.id }).from(accounts).where(eq(accounts.code, walletAccount(playerId)));
    if (!wallet) return empty;

    const where: SQL[] = [eq(ledgerEntries.accountId, wallet.id)];
    if (query.action !== undefined) where.push(eq(transfers.action, query.action));
    if (query.search) {
      const needle = query.search.toLowerCase();
      const named = Object.entries(actionCodeNames)
        .filter(([, name]) => name.toLowerCase().includes(needle))
        .map(([code]) => Number(code));
      const memo = ilike(transfers.memo, contains(query.search));
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
