import { and, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  NOTES_PER_PLAYER_MAX,
  quickPanelDetail,
  quickPanelTitle,
  type QuickPanelData,
  type QuickPanelItem,
} from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/index.ts';
import { operatorEvents, playerNotes } from '../db/schema.ts';
import { type Clock, DomainError, invalidRequest, notFound } from '../shared/index.ts';

/** What a note or an event is made of, as the routes hand it over (already checked by the protocol schema). */
export interface NoteInput {
  title: string;
  detail: string;
}

export interface EventInput {
  title: string;
  detail?: string;
  /** When it stops showing; none: until it is removed. */
  until?: Date | null;
}

export type OperatorEvent = typeof operatorEvents.$inferSelect;

/** Events a player is shown at most: the newest. */
export const EVENTS_SHOWN_MAX = 50;

/** Key space of the advisory lock that serialises one player's note creations (the cap). */
const NOTE_CAP_LOCK = 0x6e6f7465; // 'note'

/** A title or detail as the schema leaves it (trimmed), or the refusal saying what is wrong with it. */
function checked(schema: typeof quickPanelTitle, value: string, name: string): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const why =
    issue?.code === 'too_small'
      ? 'is required'
      : issue?.code === 'too_big'
        ? `is longer than ${String(issue.maximum)} characters`
        : 'contains characters that are not allowed';
  throw invalidRequest(`The ${name} ${why}.`);
}

const toItem = ({ id, title, detail }: { id: number; title: string; detail: string }): QuickPanelItem => ({ id, title, detail });

/**
 * The quick panel (docs/quick-panel.md): the operator's events, published with `reelcast event add`
 * and shown to every signed-in account until they expire, and each account's own notes. A note of
 * another account is "not found", whatever it is: ids reveal nothing.
 */
export class QuickPanelService {
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #now: Clock;

  constructor(deps: { db: Db; bus: Bus; clock: Clock }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
    this.#now = deps.clock;
  }

  /** GET /api/quick-panel/data: the events showing now (newest first) and the account's notes (newest first). */
  async data(playerId: number): Promise<QuickPanelData> {
    const now = this.#now();
    const [events, notes] = await Promise.all([
      this.#db
        .select()
        .from(operatorEvents)
        .where(and(lte(operatorEvents.publishedAt, now), or(isNull(operatorEvents.expiresAt), gt(operatorEvents.expiresAt, now))))
        .orderBy(desc(operatorEvents.publishedAt), desc(operatorEvents.id))
        .limit(EVENTS_SHOWN_MAX),
      this.#db.select().from(playerNotes).where(eq(playerNotes.playerId, playerId)).orderBy(desc(playerNotes.id)),
    ]);
    return { events: events.map(toItem), notes: notes.map(toItem) };
  }

  /**
   * Adds a note; the account's `NOTES_PER_PLAYER_MAX + 1`th is refused (40000). Creations of one account
   * wait for each other on an advisory lock (on every platform instance: it is the database's), so
   * racing requests cannot pass the cap together.
   */
  async addNote(playerId: number, note: NoteInput): Promise<QuickPanelItem> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${NOTE_CAP_LOCK}, ${playerId})`);
      const [kept] = await tx.select({ n: count() }).from(playerNotes).where(eq(playerNotes.playerId, playerId));
      if ((kept?.n ?? 0) >= NOTES_PER_PLAYER_MAX) {
        throw new DomainError(
          ErrorCode.InvalidRequest,
          { max: NOTES_PER_PLAYER_MAX },
          `You can keep at most ${NOTES_PER_PLAYER_MAX} notes: delete one first.`,
        );
      }
      const now = this.#now();
      const [row] = await tx
        .insert(playerNotes)
        .values({ playerId, title: note.title, detail: note.detail, createdAt: now, updatedAt: now })
        .returning();
      return toItem(row!);
    });
  }

  /** Replaces a note's title and detail; another account's note, or none, is 404. */
  async updateNote(playerId: number, id: number, note: NoteInput): Promise<QuickPanelItem> {
    const [row] = await this.#db
      .update(playerNotes)
      .set({ title: note.title, detail: note.detail, updatedAt: this.#now() })
      .where(and(eq(playerNotes.id, id), eq(playerNotes.playerId, playerId)))
      .returning();
    if (!row) throw notFound('Note not found.');
    return toItem(row);
  }

  /** Deletes a note; another account's note, or none, is 404. */
  async deleteNote(playerId: number, id: number): Promise<void> {
    const deleted = await this.#db
      .delete(playerNotes)
      .where(and(eq(playerNotes.id, id), eq(playerNotes.playerId, playerId)))
      .returning({ id: playerNotes.id });
    if (!deleted.length) throw notFound('Note not found.');
  }

  /**
   * Publishes an event now (`reelcast event add`): checked as a note is (title 1–100 characters, detail
   * up to 2000), `until` in the future. Signed-in players are told over the notification socket.
   */
  async addEvent(input: EventInput): Promise<OperatorEvent> {
    const title = checked(quickPanelTitle, input.title, 'title');
    const detail = checked(quickPanelDetail, input.detail ?? '', 'detail');
    const now = this.#now();
    if (input.until && input.until.getTime() <= now.getTime())
      throw invalidRequest('The end time is in the past: the event would never show.');
    const [row] = await this.#db
      .insert(operatorEvents)
      .values({ title, detail, publishedAt: now, expiresAt: input.until ?? null, createdAt: now })
      .returning();
    this.#bus.publish('operatorEvent', toItem(row!));
    return row!;
  }

  /** Every event, newest first, expired ones included (`reelcast event list`). */
  async allEvents(): Promise<OperatorEvent[]> {
    return this.#db.select().from(operatorEvents).orderBy(desc(operatorEvents.publishedAt), desc(operatorEvents.id));
  }

  /** Removes an event (`reelcast event remove`); an unknown id is 404. */
  async removeEvent(id: number): Promise<void> {
    const deleted = await this.#db.delete(operatorEvents).where(eq(operatorEvents.id, id)).returning({ id: operatorEvents.id });
    if (!deleted.length) throw notFound(`No event ${id}.`);
  }
}
