import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery, AuditType } from '@reelcast/protocol';
import { likeContaining, type Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEvent {
  type: AuditType;
  username: string;
  ip: string;
  playerId?: number | null;
  detail?: Record<string, unknown>;
}

/** NUL and lone surrogates: text PostgreSQL cannot store (text or jsonb), so the insert would fail. */
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text as it can be stored: what cannot be becomes U+FFFD, so an attempt is always recorded. */
export function storable(text: string): string {
  return text.replace(unstorable, '\uFFFD');
}

function storableDetail(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableDetail);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableDetail(v)]));
  return value;
}

/**
 * The audit log of SPEC §8 log types: every login attempt, check, logout and block. Whatever a client
 * sent is stored as it can be (see `storable`): writing an attempt never fails on its content.
 */
export class AuditLog {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Writes one event, in the caller's transaction when given (so it commits with what it records). */
  async write(event: AuditEvent, now: Date, db: Db = this.#db): Promise<void> {
    await db.insert(auditLog).values({
      type: event.type,
      username: storable(event.username.slice(0, 128)),
      ip: storable(event.ip),
      playerId: event.playerId ?? null,
      detail: storableDetail(event.detail ?? {}) as Record<string, unknown>,
      createdAt: now,
    });
  }

  /** The newest entries about one player (the console's player page). */
  about(playerId: number, limit: number): Promise<AuditRow[]> {
    return this.#db.select().from(auditLog).where(eq(auditLog.playerId, playerId)).orderBy(desc(auditLog.id)).limit(limit);
  }

  /**
   * The console's audit log screen: newest first, offset pages. `username` matches who acted (part of the
   * name), `machineId` the machine the detail names (a console action, a hand pay).
   */
  async page(query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
    const where: SQL[] = [];
    if (query.username) where.push(ilike(auditLog.username, likeContaining(query.username)));
    if (query.type) where.push(eq(auditLog.type, query.type));
    if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
    if (query.to) where.push(lt(auditLog.createdAt, new Date(query.to)));
    if (query.playerId !== undefined) where.push(eq(auditLog.playerId, query.playerId));
    if (query.machineId !== undefined) where.push(sql`${auditLog.detail}->>'machineId' = ${String(query.machineId)}`);
    const condition = where.length ? and(...where) : undefined;
    const [counted] = await this.#db.select({ total: count() }).from(auditLog).where(condition);
    const rows = await this.#db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);
    return { rows, total: counted?.total ?? 0 };
  }
}
