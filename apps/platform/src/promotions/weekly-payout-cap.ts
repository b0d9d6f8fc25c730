import { and, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { weeklyBonusPayouts, weeklyBonusWagers } from '../db/schema.ts';
import { cashInSince, machineTransferRecorded, type CashOutSplit, type CashOutToSplit, type PayoutCap } from '../machines/index.ts';
import { DomainError, type Clock } from '../shared/index.ts';
import { splitCashOut } from './promotion-rules.ts';

/**
 * The weekly bonus payout cap at cash-out (docs/business-rules.md). While a wager is open, each
 * cash-out of a session started after the grant is split: the wallet gets what keeps the wager's
 * payout within cap + the player's own stake, the rest is excess for the promotions account. The split
 * is decided once per cash-out, under a lock on the wager row, and stored in the cash-out's own
 * transaction (its wallet part, excess part and record commit with it or not at all), so a retried
 * cash-out is split the same way.
 */
export class WeeklyPayoutCap implements PayoutCap {
  readonly #now: Clock;

  constructor(deps: { clock: Clock }) {
    this.#now = deps.clock;
  }

  async split(tx: Db, cashOut: CashOutToSplit): Promise<CashOutSplit | null> {
    const [stored] = await tx.select().from(weeklyBonusPayouts).where(eq(weeklyBonusPayouts.transferId, cashOut.transferId));
    if (stored) {
      if (Number(stored.amount) !== cashOut.amount)
        throw new DomainError(ErrorCode.IdempotencyConflict, { idempotencyKey: cashOut.transferId });
      const [wager] = await tx.select().from(weeklyBonusWagers).where(eq(weeklyBonusWagers.id, stored.wagerId));
      return toSplit(stored.wagerId, Number(stored.toWallet), Number(stored.excess), Number(wager?.cap ?? 0), cashOut.transferId);
    }
    const [wager] = await tx
      .select()
      .from(weeklyBonusWagers)
      .where(and(eq(weeklyBonusWagers.playerId, cashOut.playerId), eq(weeklyBonusWagers.status, 'open')))
      .orderBy(desc(weeklyBonusWagers.id))
      .limit(1)
      .for('update');
    if (!wager) return null;
    // Already paid before any wager looked at it: a retry of an uncapped cash-out stays uncapped.
    if (await machineTransferRecorded(tx, cashOut.transferId)) return null;
    const now = this.#now();
    if (now >= wager.expiresAt) {
      await tx.update(weeklyBonusWagers).set({ status: 'closed', closedAt: now }).where(eq(weeklyBonusWagers.id, wager.id));
      return null;
    }
    if (cashOut.sessionStartedAt < wager.grantedAt) return null;

    const { toWallet, excess } = splitCashOut({
      amount: cashOut.amount,
      bonus: Number(wager.bonus),
      cap: Number(wager.cap),
      cashIn: await cashInSince(tx, cashOut.playerId, wager.grantedAt),
      paidOut: Number(wager.paidOut),
    });
    await tx.insert(weeklyBonusPayouts).values({
      transferId: cashOut.transferId,
      wagerId: wager.id,
      playerId: cashOut.playerId,
      amount: BigInt(cashOut.amount),
      toWallet: BigInt(toWallet),
      excess: BigInt(excess),
    });
    await tx
      .update(weeklyBonusWagers)
      .set({
        paidOut: sql`${weeklyBonusWagers.paidOut} + ${BigInt(toWallet)}`,
        excess: sql`${weeklyBonusWagers.excess} + ${BigInt(excess)}`,
      })
      .where(eq(weeklyBonusWagers.id, wager.id));
    return toSplit(wager.id, toWallet, excess, Number(wager.cap), cashOut.transferId);
  }
}

function toSplit(wagerId: number, toWallet: number, excess: number, cap: number, transferId: string): CashOutSplit {
  return {
    toWallet,
    excess,
    memo: `weekly bonus payout cap: excess of cash out ${transferId} over wager ${wagerId} (cap ${cap})`,
  };
}
