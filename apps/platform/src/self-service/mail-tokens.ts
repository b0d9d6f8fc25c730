import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../db/index.ts';
import { mailTokens, type MailTokenKind, type PendingRegistration } from '../db/schema.ts';
import type { Clock } from '../shared/index.ts';

const MINUTE = 60_000;
/** Rows that stopped working are kept this long (what happened to a link can still be looked up), then deleted. */
const KEEP_SPENT_MS = 7 * 24 * 60 * MINUTE;

export type MailTokenRow = typeof mailTokens.$inferSelect;

/** What a link carries: 32 random bytes, base64url (43 characters). */
const newToken = () => randomBytes(32).toString('base64url');
/** What is stored of it: its SHA-256, so the table's rows open nothing. */
const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The links of the self-service mails (the `mail_tokens` table). A link works once, until it expires:
 * `spend` checks and marks it in one UPDATE, so of any number of uses at once, on any number of
 * instances, exactly one gets the row.
 */
export class MailTokens {
  readonly #db: Db;
  readonly #now: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#now = clock;
  }

  /**
   * A new reset link for the player, valid `minutes`; the player's older reset links stop working. Two
   * requests at once cannot both leave a live link: the partial unique index refuses the second insert,
   * which then tries again and replaces the first.
   */
  async issueReset(player: { id: number; email: string }, minutes: number): Promise<{ token: string; expiresAt: Date }> {
    for (let attempt = 1; ; attempt++) {
      const now = this.#now();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + minutes * MINUTE);
      try {
        await this.#db.transaction(async (tx) => {
          await tx
            .update(mailTokens)
            .set({ usedAt: now })
            .where(and(eq(mailTokens.kind, 'reset'), eq(mailTokens.playerId, player.id), isNull(mailTokens.usedAt)));
          await tx
            .insert(mailTokens)
            .values({ kind: 'reset', tokenHash: tokenHashOf(token), playerId: player.id, email: player.email, expiresAt });
        });
        return { token, expiresAt };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** A confirmation link for a registration, valid `hours`; earlier pending registrations of the address stop working. */
  async issueRegistration(email: string, registration: PendingRegistration, hours: number): Promise<{ token: string; expiresAt: Date }> {
    const now = this.#now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + hours * 60 * MINUTE);
    await this.#db.transaction(async (tx) => {
      await tx
        .update(mailTokens)
        .set({ usedAt: now })
        .where(and(eq(mailTokens.kind, 'register'), sql`lower(${mailTokens.email}) = ${email.toLowerCase()}`, isNull(mailTokens.usedAt)));
      await tx.insert(mailTokens).values({ kind: 'register', tokenHash: tokenHashOf(token), email, registration, expiresAt });
    });
    return { token, expiresAt };
  }

  /** The link's row while it works (unused, unexpired); else undefined. Reads only: `spend` decides. */
  async live(kind: MailTokenKind, token: string): Promise<MailTokenRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(mailTokens)
      .where(this.#works(kind, token, this.#now()));
    return row;
  }

  /** Marks the link used if it still works, in `db`'s transaction when given, and answers its row; else undefined. */
  async spend(kind: MailTokenKind, token: string, db: Db = this.#db): Promise<MailTokenRow | undefined> {
    const now = this.#now();
    const [row] = await db
      .update(mailTokens)
      .set({ usedAt: now })
      .where(this.#works(kind, token, now))
      .returning();
    return row;
  }

  /** Forgets links that stopped working more than a week ago. */
  async prune(): Promise<void> {
    const before = new Date(this.#now().getTime() - KEEP_SPENT_MS);
    await this.#db.delete(mailTokens).where(lt(mailTokens.expiresAt, before));
  }

  #works(kind: MailTokenKind, token: string, now: Date) {
    return and(
      eq(mailTokens.tokenHash, tokenHashOf(token)),
      eq(mailTokens.kind, kind),
      isNull(mailTokens.usedAt),
      gt(mailTokens.expiresAt, now),
    );
  }
}
