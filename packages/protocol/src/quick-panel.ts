import { z } from 'zod/mini';
import { ErrorCode } from './codes.ts';
import { decimalText, jsonId } from './integers.ts';
import { documented } from './meta.ts';

/**
 * The quick panel (SPEC §2 Quick panel, §3 "Quick panel data", §7 GET /api/quick-panel/data): the
 * operator's events (`reelcast event add`) and the player's own notes, each `{ id, title, detail }`.
 * Notes are written with POST /api/quick-panel/notes and PUT / DELETE /api/quick-panel/notes/:id. The
 * rules (limits, who sees what): docs/quick-panel.md.
 *
 * @example
 * const { events, notes } = quickPanelData.parse(await api.get('/api/quick-panel/data'))
 * await api.post('/api/quick-panel/notes', { title: 'Ask about the weekly bonus', detail: '' })
 */

/** Longest title of a note or an event, in characters after trimming. */
export const QUICK_PANEL_TITLE_MAX_LENGTH = 100;
/** Longest detail of a note or an event, in characters after trimming. */
export const QUICK_PANEL_DETAIL_MAX_LENGTH = 2000;
/** Notes one player may keep; one more is refused (400, 40000) until one is deleted. */
export const NOTES_PER_PLAYER_MAX = 100;

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

export const quickPanelItem = z.object({
  id,
  title: z.string(),
  detail: documented(z.string(), { description: 'Plain text (may hold line breaks): shown as text, never as HTML' }),
});
export type QuickPanelItem = z.infer<typeof quickPanelItem>;

/** GET /api/quick-panel/data: events published and not expired (newest first), the caller's notes (newest first). */
export const quickPanelData = z.object({
  events: z.array(quickPanelItem),
  notes: z.array(quickPanelItem),
});
export type QuickPanelData = z.infer<typeof quickPanelData>;

/** A title: not empty after trimming, one line. */
export const quickPanelTitle = documented(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(QUICK_PANEL_TITLE_MAX_LENGTH),
      z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed'),
    ),
  { description: `Required; at most ${QUICK_PANEL_TITLE_MAX_LENGTH} characters after trimming, one line` },
);

/** A detail: may be empty, may hold line breaks and tabs. */
export const quickPanelDetail = documented(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(QUICK_PANEL_DETAIL_MAX_LENGTH),
      z.regex(/^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u, 'control characters other than line breaks and tabs are not allowed'),
    ),
  { description: `At most ${QUICK_PANEL_DETAIL_MAX_LENGTH} characters after trimming; line breaks allowed` },
);

/** POST /api/quick-panel/notes and PUT /api/quick-panel/notes/:id (the whole note: what is left out of `detail` is empty). */
export const noteRequest = z.strictObject({
  title: quickPanelTitle,
  detail: z._default(quickPanelDetail, ''),
});
export type NoteRequest = z.input<typeof noteRequest>;

/** The `:id` of /api/quick-panel/notes/:id. */
export const noteParams = z.strictObject({
  id: documented(decimalText(jsonId), { description: 'The note id' }),
});

export const noteDeleteAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
});
export type NoteDeleteAnswer = z.infer<typeof noteDeleteAnswer>;

/** Notification socket push to every signed-in player when the operator publishes an event. */
export const operatorEventPush = quickPanelItem;
export type OperatorEventPush = z.infer<typeof operatorEventPush>;
