import { and, eq, gte, or, sql } from 'drizzle-orm';
import { ActionCode } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { accounts, transfers } from '../db/schema.ts';
import { walletAccount } from './accounts.ts';

/** A player's money into play and back over a period, from the ledger (minor units). */
export interface PlayMoney {
  /** Cash-ins reserved from the wallet, less those voided back to it. */
  cashIn: number;
  /** Cash-outs, hand pays and jackpots paid into the wallet. */
  paidBack: number;
}

/**
 * Sums the player's ledger transfers since each of `starts` in one query: what a limit counts
 * (docs/player-protection.md). Read in the caller's transaction, after it locked the wallet
 * (`lockWallet`), every cash-in that committed before is counted.
 */
export async function playMoneySince<K extends string>(db: Db, playerId: number, starts: Record<K, Date>): Promise<Record<K, PlayMoney>> {
  const keys = Object.keys(starts) as K[];
  const earliest = new Date(Math.min(...keys.map((key) => starts[key].getTime())));
  const [wallet] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.code, walletAccount(playerId)));
  const empty = Object.fromEntries(keys.map((key) => [key, { cashIn: 0, paidBack: 0 }])) as Record<K, PlayMoney>;
  if (!wallet) return empty;
  const columns = Object.fromEntries(
    keys.flatMap((key, i) => {
      const since = sql`${starts[key].toISOString()}::timestamptz`;
      return [
        [
          `cashIn${i}`,
          sql<string>`coalesce(sum(case when ${transfers.fromAccountId} = ${wallet.id} then ${transfers.amount} else -${transfers.amount} end) filter (where ${transfers.action} = ${ActionCode.CashIn} and ${transfers.createdAt} >= ${since}), 0)::text`,
        ],
        [
          `paidBack${i}`,
          sql<string>`coalesce(sum(${transfers.amount}) filter (where ${transfers.action} in (${ActionCode.CashOut}, ${ActionCode.HandPay}, ${ActionCode.Jackpot}) and ${transfers.toAccountId} = ${wallet.id} and ${transfers.createdAt} >= ${since}), 0)::text`,
        ],
      ];
    }),
  );
  const [row] = await db
    .select(columns)
    .from(transfers)
    .where(and(or(eq(transfers.fromAccountId, wallet.id), eq(transfers.toAccountId, wallet.id)), gte(transfers.createdAt, earliest)));
  for (const [i, key] of keys.entries()) {
    empty[key] = { cashIn: Number(row?.[`cashIn${i}`] ?? 0), paidBack: Number(row?.[`paidBack${i}`] ?? 0) };
  }
  return empty;
}

/**
 * Locks the player's wallet row until the caller's transaction ends (`SELECT … FOR UPDATE`, the lock
 * every movement of the wallet takes first: docs/ledger.md "Serialized"), so a check made after it holds
 * until the movement commits, on every platform instance.
 */
export async function lockWallet(db: Db, playerId: number): Promise<void> {
  await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.code, walletAccount(playerId)))
    .for('update');
}
