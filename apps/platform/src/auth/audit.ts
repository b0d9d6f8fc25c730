import type { AuditType } from '@reelcast/protocol';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEvent {
  type: AuditType;
  username: string;
  ip: string;
  playerId?: number | null;
  detail?: Record<string, unknown>;
}

/** The audit log of SPEC §8 log types: every login attempt, check, logout and block. */
export class AuditLog {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async write(event: AuditEvent, now: Date): Promise<void> {
    await this.#db.insert(auditLog).values({
      type: event.type,
      username: event.username.slice(0, 128),
      ip: event.ip,
      playerId: event.playerId ?? null,
      detail: event.detail ?? {},
      createdAt: now,
    });
  }
}
