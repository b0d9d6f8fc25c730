import { z } from 'zod/mini';
import { decimalText } from './integers.ts';
import { documented } from './meta.ts';
import { ActionCode, actionCodeNames } from './money.ts';

/**
 * The player's history lists: slot sessions (GET /player/sessions) and wallet transactions
 * (GET /player/transactions). Both page the same way: `page` from 1, `perPage` from
 * {@link PER_PAGE_OPTIONS}, newest first, with `total` for "Load more".
 *
 * @example
 * const answer = transactionPage.parse(await (await fetch('/player/transactions?perPage=50')).json())
 */

/** SPEC §9 items-per-page values of the list screens. */
export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 20;
/** A search longer than this is refused: it cannot match a name. */
export const MAX_SEARCH_LENGTH = 100;
/** Deepest page a list answers; offset paging past it is refused (use the date filters). */
export const MAX_PAGE = 10_000;

const isPerPage = (value: number): value is PerPage => (PER_PAGE_OPTIONS as readonly number[]).includes(value);

/** A moment or a day: `2025-03-04T10:00:00+03:00` or `2025-03-04` (midnight UTC). */
const instant = documented(z.union([z.iso.datetime({ offset: true }), z.iso.date()]), {
  description: 'ISO 8601 date-time with offset, or a date (midnight UTC)',
});

export const listQueryShape = {
  page: documented(z._default(decimalText(z.int().check(z.minimum(1), z.maximum(MAX_PAGE))), 1), {
    description: 'Page number, from 1',
  }),
  perPage: documented(
    z._default(
      decimalText(z.int().check(z.refine(isPerPage, { message: `perPage must be one of ${PER_PAGE_OPTIONS.join(', ')}` }))),
      DEFAULT_PER_PAGE,
    ),
    { description: `Items per page: one of ${PER_PAGE_OPTIONS.join(', ')}` },
  ),
  search: z._default(
    z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed')),
    '',
  ),
  from: documented(z.optional(instant), { description: 'Only rows at or after this moment' }),
  to: documented(z.optional(instant), { description: 'Only rows before this moment (exclusive)' }),
};

const fromBeforeTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || new Date(query.from).getTime() <= new Date(query.to).getTime();
const fromBeforeToIssue = { message: '`from` must not be after `to`', path: ['from'] };

/** GET /player/sessions query. Search matches the machine or brand name. */
export const sessionListQuery = z.strictObject(listQueryShape).check(z.refine(fromBeforeTo, fromBeforeToIssue));
export type SessionListQuery = z.infer<typeof sessionListQuery>;

/** The `action` filter of the query: an action code's decimal digits. */
export const actionCode = decimalText(
  z.int().check(z.refine((value): value is ActionCode => value in actionCodeNames, { message: 'unknown action code' })),
);

/** GET /player/transactions query. Search matches the memo or the action name. */
export const transactionListQuery = z
  .strictObject({
    ...listQueryShape,
    action: documented(z.optional(actionCode), { description: 'Only this action code (1–9)' }),
  })
  .check(z.refine(fromBeforeTo, fromBeforeToIssue));
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.int(),
    perPage: z.int(),
    total: documented(z.int(), { description: 'Rows matching the filters, over all pages' }),
  });

/** One seat of the player at a machine. Amounts in minor units. */
export const sessionItem = z.object({
  id: z.string(),
  machineId: z.int(),
  machineName: z.string(),
  brand: z.string(),
  startedAt: z.string(),
  endedAt: documented(z.nullable(z.string()), { description: 'null while the session is open' }),
  endReason: z.nullable(z.string()),
  cashIn: z.int(),
  cashOut: z.int(),
  net: documented(z.int(), { description: 'cashOut − cashIn' }),
  spins: z.int(),
  totalBet: z.int(),
  totalWon: z.int(),
});
export type SessionItem = z.infer<typeof sessionItem>;

export const sessionPage = pageOf(sessionItem);
export type SessionPage = z.infer<typeof sessionPage>;

/**
 * SPEC §9 balance colours by kind: discount yellow, bonus cyan, credit red, cash green.
 * credit = money between the wallet and a machine (cash in, cash out); cash = money entering or
 * leaving the platform or paid by the house (deposit, withdraw, hand pay, jackpot).
 */
export const transactionKind = z.enum(['cash', 'credit', 'discount', 'bonus']);
export type TransactionKind = z.infer<typeof transactionKind>;

export function kindOfAction(action: number): TransactionKind {
  switch (action) {
    case ActionCode.CashIn:
    case ActionCode.CashOut:
      return 'credit';
    case ActionCode.Discount:
      return 'discount';
    case ActionCode.Bonus:
    case ActionCode.WeeklyBonus:
      return 'bonus';
    default:
      return 'cash';
  }
}

/** One ledger movement on the player's wallet, seen from the wallet. */
export const transactionItem = z.object({
  id: documented(z.string(), { description: 'The transfer id' }),
  action: z.int(),
  actionName: documented(z.string(), { description: 'SPEC §3 name of the action code' }),
  amount: documented(z.int(), { description: 'Signed, minor units: + into the wallet, − out of it' }),
  balanceAfter: documented(z.int(), { description: 'Wallet balance right after this movement, minor units' }),
  createdAt: z.string(),
  memo: z.string(),
  kind: transactionKind,
});
export type TransactionItem = z.infer<typeof transactionItem>;

export const transactionPage = pageOf(transactionItem);
export type TransactionPage = z.infer<typeof transactionPage>;

/** GET /api/rules and GET /api/information: an operator's page ({DATA_DIR}/rules.md or information.md, or its .{lang}.md). */
export const rulesQuery = z.strictObject({
  lang: documented(z.optional(z.enum(['en', 'tr', 'ar'])), { description: 'Prefer the .{lang}.md file when the operator wrote one' }),
});
export const rulesAnswer = z.object({
  content: z.string(),
  format: z.literal('markdown'),
  language: documented(z.nullable(z.string()), { description: 'The language of the file served; null for the default file' }),
  updatedAt: documented(z.string(), { description: 'When the operator last changed the file' }),
});
export type RulesAnswer = z.infer<typeof rulesAnswer>;
