import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The chart of accounts: the code of every ledger account, in one place (docs/ledger.md "Accounts").
 * A code is text in `accounts.code`; the money moves between them by the ledger's transfers.
 */

/** Where money enters and leaves the platform (deposits, withdrawals). May go negative. */
export const CASHIER_ACCOUNT = 'system:cashier';
/** Pays the promotions and takes back the weekly-bonus excess. May go negative: its balance is minus what promotions cost. */
export const PROMOTIONS_ACCOUNT = 'system:promotions';
/** Where the brand jackpots' seeds come from (the house's money put into the meters). May go negative. */
export const JACKPOTS_ACCOUNT = 'system:jackpots';

/** A player's wallet: what the lobby shows as the balance. */
export const walletAccount = (playerId: number) => `player:${playerId}:wallet`;
/** A player's money reserved for a cash-in on its way to a machine (the first phase of a transfer). */
export const holdAccount = (playerId: number) => `player:${playerId}:hold`;
/** A machine's credit meter as the ledger sees it: cash-ins in, cash-outs and settlements out. */
export const machineAccount = (machineId: number) => `machine:${machineId}`;
/** A brand jackpot meter: its balance is always the meter's value. */
export const jackpotAccount = (meterId: number) => `jackpot:${meterId}`;

/** The player whose wallet `code` is, or null for any other account. */
export function playerOfWallet(code: string): number | null {
  const match = /^player:(\d+):wallet$/.exec(code);
  return match ? Number(match[1]) : null;
}

/** {@link machineAccount} and {@link walletAccount} in SQL, for a query over the rows of many machines or players. */
export const machineAccountSql = (machineId: SQLWrapper) => sql`('machine:' || ${machineId})`;
export const walletAccountSql = (playerId: SQLWrapper) => sql`('player:' || ${playerId} || ':wallet')`;
