import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ChatStatus } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { chatPresence, presenceConnections } from '../db/schema.ts';

export interface PresenceTiming {
  /** How often an instance marks its rows as still alive and sweeps the rows of instances that stopped. */
  heartbeatMs: number;
  /** A row not refreshed for this long counts for nothing (its instance stopped without closing). */
  graceSeconds: number;
}

export const defaultPresenceTiming: PresenceTiming = { heartbeatMs: 10_000, graceSeconds: 30 };

/** Told when what others see of a user may have changed (the chat service tells their audience). */
export type PresenceChange = (playerId: number, seen: ChatStatus) => Promise<void>;

/**
 * Presence (docs/chat.md "Presence"): a user's chosen status (`chat_presence`, default online) and
 * whether a notification socket of theirs is live on any instance (`presence_connections`, a row per
 * instance and user). Others see the chosen status while the user is connected, else 'offline'.
 *
 * Each instance counts its own sockets in memory and writes a row when a user's first socket connects
 * here and deletes it when the last one goes; the other instances' rows are read from the database,
 * in database time, so clocks of different hosts do not matter. The checks run before a row is
 * written and after it is deleted: when two instances race, both announce (twice the same) rather
 * than neither.
 */
export class ChatPresence {
  /** This instance's rows in `presence_connections`. */
  readonly instanceId = randomUUID();
  readonly #db: Db;
  readonly #changed: PresenceChange;
  readonly #timing: PresenceTiming;
  /** Live sockets on this instance, per user. */
  readonly #sockets = new Map<number, number>();
  /** Each user's connects and disconnects, in the order they happened. */
  readonly #queues = new Map<number, Promise<void>>();
  #heartbeat: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(db: Db, changed: PresenceChange, timing: PresenceTiming = defaultPresenceTiming) {
    this.#db = db;
    this.#changed = changed;
    this.#timing = timing;
  }

  /** A notification socket of the user connected to this instance. */
  socketConnected(playerId: number): void {
    this.#enqueue(playerId, async () => {
      const sockets = (this.#sockets.get(playerId) ?? 0) + 1;
      this.#sockets.set(playerId, sockets);
      const first = sockets === 1 && !(await this.#liveElsewhere(playerId));
      await this.#writeRows([playerId]);
      this.#startHeartbeat();
      if (first) await this.#announce(playerId);
    });
  }

  /** A notification socket of the user on this instance closed. */
  socketDisconnected(playerId: number): void {
    this.#enqueue(playerId, async () => {
      const sockets = (this.#sockets.get(playerId) ?? 0) - 1;
      if (sockets > 0) {
        this.#sockets.set(playerId, sockets);
        return this.#writeRows([playerId]);
      }
      this.#sockets.delete(playerId);
      await this.#db
        .delete(presenceConnections)
        .where(and(eq(presenceConnections.instanceId, this.instanceId), eq(presenceConnections.playerId, playerId)));
      if (!(await this.#liveElsewhere(playerId))) await this.#announce(playerId);
    });
  }

  /** What others see of each user: the chosen status while a socket of theirs is live, else 'offline'. */
  async seen(playerIds: readonly number[]): Promise<Map<number, ChatStatus>> {
    const [chosen, connected] = await Promise.all([this.chosen(playerIds), this.connected(playerIds)]);
    return new Map(playerIds.map((id) => [id, connected.has(id) ? chosen.get(id)! : 'offline']));
  }

  /** Each user's own choice ('online' until they choose). */
  async chosen(playerIds: readonly number[]): Promise<Map<number, ChatStatus>> {
    const rows = playerIds.length
      ? await this.#db
          .select({ playerId: chatPresence.playerId, status: chatPresence.status })
          .from(chatPresence)
          .where(inArray(chatPresence.playerId, [...playerIds]))
      : [];
    const chosen = new Map<number, ChatStatus>(playerIds.map((id) => [id, 'online']));
    for (const row of rows) chosen.set(row.playerId, row.status);
    return chosen;
  }

  /** The users among `playerIds` with a live socket on some instance. */
  async connected(playerIds: readonly number[]): Promise<Set<number>> {
    if (!playerIds.length) return new Set();
    const rows = await this.#db
      .selectDistinct({ playerId: presenceConnections.playerId })
      .from(presenceConnections)
      .where(and(inArray(presenceConnections.playerId, [...playerIds]), this.#live()));
    return new Set(rows.map((row) => row.playerId));
  }

  /** The user chooses a status; their audience hears of it when what they see changes. */
  async choose(playerId: number, status: ChatStatus): Promise<void> {
    const before = (await this.seen([playerId])).get(playerId);
    await this.#db
      .insert(chatPresence)
      .values({ playerId, status })
      .onConflictDoUpdate({ target: chatPresence.playerId, set: { status, updatedAt: sql`now()` } });
    const after = (await this.seen([playerId])).get(playerId)!;
    if (after !== before) await this.#changed(playerId, after);
  }

  /**
   * Refreshes this instance's rows and deletes the rows of instances that stopped refreshing theirs;
   * a user left with no live row turns 'offline' for their audience. Runs on the heartbeat.
   */
  async sweep(): Promise<void> {
    const refreshed = await this.#db
      .update(presenceConnections)
      .set({ seenAt: sql`now()` })
      .where(eq(presenceConnections.instanceId, this.instanceId))
      .returning({ playerId: presenceConnections.playerId });
    // Rows another instance swept while this one stalled longer than the grace period: written again,
    // in each user's queue so that a disconnect meanwhile is not undone.
    const kept = new Set(refreshed.map((row) => row.playerId));
    for (const playerId of this.#sockets.keys()) {
      if (!kept.has(playerId)) this.#enqueue(playerId, () => this.#writeRows([playerId]));
    }
    const stale = await this.#db
      .delete(presenceConnections)
      .where(lt(presenceConnections.seenAt, sql`now() - make_interval(secs => ${this.#timing.graceSeconds})`))
      .returning({ playerId: presenceConnections.playerId });
    const gone = [...new Set(stale.map((row) => row.playerId))];
    const still = await this.connected(gone);
    for (const playerId of gone) if (!still.has(playerId)) await this.#announce(playerId);
  }

  /** Waits for the connects and disconnects under way (tests). */
  async settled(): Promise<void> {
    while (this.#queues.size) await Promise.all([...this.#queues.values()]);
  }

  /** Stops the heartbeat and removes this instance's rows; later socket events are ignored. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.settled();
    this.#sockets.clear();
    await this.#db
      .delete(presenceConnections)
      .where(eq(presenceConnections.instanceId, this.instanceId))
      .catch(() => {});
  }

  #live() {
    return gt(presenceConnections.seenAt, sql`now() - make_interval(secs => ${this.#timing.graceSeconds})`);
  }

  async #liveElsewhere(playerId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ playerId: presenceConnections.playerId })
      .from(presenceConnections)
      .where(and(eq(presenceConnections.playerId, playerId), ne(presenceConnections.instanceId, this.instanceId), this.#live()))
      .limit(1);
    return !!row;
  }

  /** Writes (or refreshes) this instance's row of each user with sockets here. */
  async #writeRows(playerIds: number[]): Promise<void> {
    const rows = playerIds
      .map((playerId) => ({ instanceId: this.instanceId, playerId, sockets: this.#sockets.get(playerId) ?? 0 }))
      .filter((row) => row.sockets > 0);
    if (!rows.length) return;
    await this.#db
      .insert(presenceConnections)
      .values(rows)
      .onConflictDoUpdate({
        target: [presenceConnections.instanceId, presenceConnections.playerId],
        set: { sockets: sql`excluded.sockets`, seenAt: sql`now()` },
      });
  }

  async #announce(playerId: number): Promise<void> {
    const chosen = (await this.chosen([playerId])).get(playerId)!;
    // A user who chose 'offline' looks the same connected or not: nothing changed for anyone.
    if (chosen === 'offline') return;
    const connected = (await this.connected([playerId])).has(playerId);
    await this.#changed(playerId, connected ? chosen : 'offline');
  }

  #startHeartbeat(): void {
    if (this.#heartbeat || this.#closed) return;
    this.#heartbeat = setInterval(() => {
      this.sweep().catch(() => {}); // the database is away: the next beat tries again
    }, this.#timing.heartbeatMs);
    this.#heartbeat.unref();
  }

  #enqueue(playerId: number, work: () => Promise<void>): void {
    if (this.#closed) return;
    const previous = this.#queues.get(playerId) ?? Promise.resolve();
    const next = previous
      .then(work)
      // Presence is best effort: a failed write is mended by the next heartbeat.
      .catch(() => {})
      .finally(() => {
        if (this.#queues.get(playerId) === next) this.#queues.delete(playerId);
      });
    this.#queues.set(playerId, next);
  }
}
