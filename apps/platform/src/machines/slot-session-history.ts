import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { SessionListQuery, SessionPage } from '@reelcast/protocol';
import { likeContaining, type Db } from '../db/index.ts';
import { brands, machines, slotSessions } from '../db/schema.ts';

/** The player's Slot Sessions page: newest first, offset pages, only the asking player's sessions. */
export class SlotSessionHistory {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async page(playerId: number, query: SessionListQuery): Promise<SessionPage> {
    const where: SQL[] = [eq(slotSessions.playerId, playerId)];
    if (query.search) where.push(or(ilike(machines.name, likeContaining(query.search)), ilike(brands.name, likeContaining(query.search)))!);
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
}
