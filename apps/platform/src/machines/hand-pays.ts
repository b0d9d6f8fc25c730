import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, type SettlementRequest } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { handPays } from '../db/schema.ts';
import { type Clock, DomainError } from '../shared/index.ts';

export type HandPayRow = typeof handPays.$inferSelect;

/**
 * The hand pays that wait for staff (docs/console.md "Hand pay"): a machine set to hand pay asks for
 * its settlement with `confirm: 'staff'`; it is kept here, and paid only once a member confirms it.
 * The confirm is one conditional update: of any number of confirms at once, exactly one finds the row
 * unconfirmed, and only that one pays.
 */
export class HandPays {
  readonly #db: Db;
  readonly #now: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#now = clock;
  }

  /** Keeps the hand pay (a repeat keeps nothing new): `confirmed` once a member confirmed it, `created` when this call kept it. */
  async hold(request: SettlementRequest, machineId: number): Promise<{ confirmed: boolean; created: boolean }> {
    const created = await this.#db
      .insert(handPays)
      .values({ id: request.settlementId, machineId, sessionId: request.sessionId, amount: BigInt(request.amount), createdAt: this.#now() })
      .onConflictDoNothing()
      .returning({ id: handPays.id });
    const [row] = await this.#db.select().from(handPays).where(eq(handPays.id, request.settlementId));
    return { confirmed: row?.confirmedAt != null, created: created.length > 0 };
  }

  /** Marks the machine's waiting hand pay confirmed by `username`; refused (409 / 40901) when none waits, a confirm before this one included. */
  async confirm(machineId: number, username: string): Promise<HandPayRow> {
    const [row] = await this.#db
      .update(handPays)
      .set({ confirmedAt: this.#now(), confirmedBy: username })
      .where(and(inArray(handPays.id, this.#oldestWaiting(machineId)), isNull(handPays.confirmedAt)))
      .returning();
    if (!row) throw new DomainError(ErrorCode.TransferResolved, undefined, 'No hand pay waits at this machine.');
    return row;
  }

  /** The machine's oldest waiting hand pay (a machine locks on one, so there is one at most). */
  #oldestWaiting(machineId: number) {
    return this.#db
      .select({ id: handPays.id })
      .from(handPays)
      .where(and(eq(handPays.machineId, machineId), isNull(handPays.confirmedAt)))
      .orderBy(asc(handPays.createdAt))
      .limit(1);
  }

  /** Every hand pay still waiting for staff. */
  waiting(): Promise<HandPayRow[]> {
    return this.#db.select().from(handPays).where(isNull(handPays.confirmedAt));
  }
}
