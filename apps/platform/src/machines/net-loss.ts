import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { ActionCode } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { slotSessions } from '../db/schema.ts';
import { machineAccountSql, walletAccountSql } from '../wallet/index.ts';

/**
 * The player's net loss on machines over the slot sessions that ended in (after, until]:
 * cash-ins − cash-outs − hand pays − jackpots (the machine's own and the brand's), never negative
 * (docs/business-rules.md).
 *
 * A session's cash-in and cash-out are its own counters. Hand pays and jackpots carry no session, so a
 * settlement counts for a session when it went from that session's machine to the player's wallet
 * after the session's first machine transfer and before the first machine transfer of the machine's
 * next session (a machine seats one player at a time, so these windows never overlap). A brand jackpot's
 * hit names its session (docs/jackpots.md).
 */
export async function netLoss(db: Db, playerId: number, after: Date | null, until: Date): Promise<number> {
  const settlements = sql`coalesce((
    select sum(t.amount) from transfers t
    where t.action in (${ActionCode.HandPay}, ${ActionCode.Jackpot})
      and t.from_account_id = (select a.id from accounts a where a.code = ${machineAccountSql(slotSessions.machineId)})
      and t.to_account_id = (select a.id from accounts a where a.code = ${walletAccountSql(slotSessions.playerId)})
      and t.created_at >= (select min(mt.created_at) from machine_transfers mt where mt.session_id = ${slotSessions.id})
      and t.created_at < coalesce((
        select min(mt2.created_at) from machine_transfers mt2
        join slot_sessions s2 on s2.id = mt2.session_id
        where s2.machine_id = ${slotSessions.machineId} and s2.started_at > ${slotSessions.startedAt}
      ), 'infinity'::timestamptz)
  ), 0) + coalesce((select sum(h.amount) from jackpot_hits h where h.session_id = ${slotSessions.id}), 0)`;
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${slotSessions.cashIn} - ${slotSessions.cashOut} - ${settlements}), 0)::text` })
    .from(slotSessions)
    .where(
      and(
        eq(slotSessions.playerId, playerId),
        isNotNull(slotSessions.endedAt),
        after ? gt(slotSessions.endedAt, after) : undefined,
        lte(slotSessions.endedAt, until),
      ),
    );
  const net = Number(row?.net ?? 0);
  return net > 0 ? net : 0;
}
