import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { machineTransfers, slotSessions } from '../db/schema.ts';

/** Whether a machine transfer with this id is recorded (a cash-out that was already paid). */
export async function machineTransferRecorded(db: Db, transferId: string): Promise<boolean> {
  const [row] = await db.select({ id: machineTransfers.id }).from(machineTransfers).where(eq(machineTransfers.id, transferId));
  return row !== undefined;
}

/** What the player put on machines in the slot sessions that started at `since` or later (minor units). */
export async function cashInSince(db: Db, playerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ cashIn: sql<string>`coalesce(sum(${slotSessions.cashIn}), 0)::text` })
    .from(slotSessions)
    .where(and(eq(slotSessions.playerId, playerId), gte(slotSessions.startedAt, since)));
  return Number(row?.cashIn ?? 0);
}
