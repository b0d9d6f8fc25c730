import type { AuditType } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';

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
}
