import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { attemptLimits } from '../db/schema.ts';
import type { Clock } from '../shared/index.ts';

const MINUTE = 60_000;

export interface AttemptRule {
  /** Attempts allowed within the window; the one that fails at this count starts the block. */
  max: number;
  windowMinutes: number;
  /** How long the block lasts from the failure that starts it; null: until the window ends. */
  blockMinutes: number | null;
}

/** A granted attempt carries its number in the window; a refused one the end of the block, if one is set. */
export type Claim = { granted: true; attempt: number } | { granted: false; blockedUntil: Date | null };

export interface Failure {
  /** Wrong attempts in the window, this one included. */
  failures: number;
  blockedUntil: Date | null;
}

/**
 * Counts attempts at something a person may get wrong only so often (docs/auth.md "Login protection"):
 * an attempt is counted *before* it is checked, in one statement on the shared database, so however many
 * arrive at once, on however many platform instances, at most `max` are ever checked in a window.
 *
 *   claim → check the password → failed (may start the block) or succeeded (gives back the attempts up to
 *   this one, unless a block started meanwhile: a success during a burst cannot lift the burst's block).
 *
 * A crash between claim and outcome leaves the attempt holding its place until the window ends (safe: it
 * is never checked, and starts no block).
 */
export class AttemptLimiter {
  readonly #db: Db;
  readonly #now: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#now = clock;
  }

  async claim(key: string, rule: AttemptRule): Promise<Claim> {
    const now = this.#now();
    const t = attemptLimits;
    // A window that has ended, or a block that has, starts the count afresh.
    const fresh = sql`(${t.windowStart} <= ${new Date(now.getTime() - rule.windowMinutes * MINUTE)} or ${t.blockedUntil} <= ${now})`;
    const [counted] = await this.#db
      .insert(t)
      .values({ key, attempts: 1, windowStart: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          attempts: sql`case when ${fresh} then 1 else ${t.attempts} + 1 end`,
          failures: sql`case when ${fresh} then 0 else ${t.failures} end`,
          windowStart: sql`case when ${fresh} then ${now} else ${t.windowStart} end`,
          blockedUntil: sql`case when ${fresh} then null else ${t.blockedUntil} end`,
        },
        setWhere: and(or(isNull(t.blockedUntil), lte(t.blockedUntil, now)), or(fresh, lt(t.attempts, rule.max))),
      })
      .returning({ attempts: t.attempts });
    if (counted) return { granted: true, attempt: counted.attempts };
    const [row] = await this.#db.select({ blockedUntil: t.blockedUntil }).from(t).where(eq(t.key, key));
    const blockedUntil = row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
    return { granted: false, blockedUntil };
  }

  /**
   * The claimed attempt was wrong: it stays counted, and the `max`-th wrong one starts the block. Attempts
   * still being checked do not count towards the block: a right password among them must not be blocked
   * by fewer than `max` wrong ones.
   */
  async failed(key: string, rule: AttemptRule): Promise<Failure> {
    const t = attemptLimits;
    const until =
      rule.blockMinutes === null
        ? sql`${t.windowStart} + ${rule.windowMinutes * 60} * interval '1 second'`
        : sql`${new Date(this.#now().getTime() + rule.blockMinutes * MINUTE)}::timestamptz`;
    const [row] = await this.#db
      .update(t)
      .set({
        failures: sql`${t.failures} + 1`,
        blockedUntil: sql`case when ${t.failures} + 1 >= ${rule.max} and ${t.blockedUntil} is null then ${until} else ${t.blockedUntil} end`,
      })
      .where(eq(t.key, key))
      .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
    return { failures: row?.failures ?? rule.max, blockedUntil: row?.blockedUntil ?? null };
  }

  /**
   * The claimed attempt was right: it and the attempts counted before it are given back, and the wrong
   * ones forgotten. False when a block started while it was being checked; the caller refuses it like any
   * attempt during the block.
   */
  async succeeded(key: string, claim: Extract<Claim, { granted: true }>): Promise<boolean> {
    const t = attemptLimits;
    const now = this.#now();
    const rows = await this.#db
      .update(t)
      .set({ attempts: sql`greatest(${t.attempts} - ${claim.attempt}, 0)`, failures: 0 })
      .where(and(eq(t.key, key), or(isNull(t.blockedUntil), lte(t.blockedUntil, now))))
      .returning({ key: t.key });
    return rows.length > 0;
  }

  /** Until when the key is blocked, or null (the console's player page). */
  async blockedUntil(key: string, now: Date): Promise<Date | null> {
    const [row] = await this.#db.select({ until: attemptLimits.blockedUntil }).from(attemptLimits).where(eq(attemptLimits.key, key));
    return row?.until && row.until > now ? row.until : null;
  }

  /** Forgets the count and any block (an operator's `reelcast player unlock`). */
  async clear(key: string): Promise<void> {
    await this.#db.delete(attemptLimits).where(eq(attemptLimits.key, key));
  }
}

export const loginAttempts = (playerId: number) => `login:${playerId}`;
