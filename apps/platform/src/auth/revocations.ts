import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/index.ts';
import { authSessions } from '../db/schema.ts';
import type { Clock } from '../shared/index.ts';

/** The machine agents, as a revocation reaches them (machines/machine-agents.ts). */
export interface RevocationAgents {
  revoke(playerId: number, authSessionIds: readonly string[], options?: { cashOut?: boolean }): Promise<void>;
}

/**
 * Where an ended sign-in session ends everywhere at once (docs/auth.md "Sessions"): the bus's `revoked`
 * topic closes notification sockets on every platform instance, and the agents of the machines where
 * the player holds a seat end its game sockets and video. Only the instance (or CLI) that revoked
 * calls the agents; an agent that cannot be reached catches up at its own re-check.
 */
export class Revocations {
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #agents: RevocationAgents;
  readonly #now: Clock;

  constructor(deps: { db: Db; bus: Bus; agents: RevocationAgents; clock: Clock }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
    this.#agents = deps.agents;
    this.#now = deps.clock;
  }

  /** These sessions of the player were revoked (logout, password change). */
  async ended(playerId: number, authSessionIds: readonly string[]): Promise<void> {
    if (!authSessionIds.length) return;
    this.#bus.publish('revoked', { sessionIds: [...authSessionIds] });
    await this.#agents.revoke(playerId, authSessionIds);
  }

  /**
   * Revokes every live session of the player but `keep` (a password change keeps the session that made
   * it; a reset by mail keeps none: null), in the caller's transaction when given; answers the revoked ids
   * for `ended`.
   */
  async revokeOthers(playerId: number, keep: string | null, now: Date, db: Db = this.#db): Promise<string[]> {
    const revoked = await db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(authSessions.playerId, playerId), keep === null ? undefined : ne(authSessions.id, keep), isNull(authSessions.revokedAt)),
      )
      .returning({ id: authSessions.id });
    return revoked.map((row) => row.id);
  }

  /**
   * The player was banned: every session of theirs is revoked (an unban does not bring them back), and
   * their seats are cashed out to the wallet at once.
   */
  async banned(playerId: number): Promise<void> {
    const now = this.#now();
    const revoked = await this.#db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.playerId, playerId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id, expiresAt: authSessions.expiresAt });
    const ids = revoked.filter((r) => r.expiresAt > now).map((r) => r.id);
    if (ids.length) this.#bus.publish('revoked', { sessionIds: ids });
    await this.#agents.revoke(playerId, ids, { cashOut: true });
  }
}
