import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * The console's daily reports (docs/console.md "Reports"): per day, machine and brand, what was played
 * and paid, from the ledger and the slot sessions; and the ledger's reconciliation.
 *
 * @example
 * const report = reportAnswer.parse(await (await fetch('/api/console/reports?from=2026-11-01&to=2026-11-30&groupBy=brand')).json())
 */

/** The longest span one report covers, in days (a year and a day). */
export const MAX_REPORT_DAYS = 366;

/** How the rows of a report are grouped: one row per day, per machine, per brand, or per day and machine. */
export const reportGroupings = ['day', 'machine', 'brand', 'day-machine'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

const reportDay = z.iso.date();
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** GET /api/console/reports and /api/console/reports.csv query. */
export const reportQuery = z
  .strictObject({
    from: documented(reportDay, { description: "The first day of the report (YYYY-MM-DD, in the report's time zone)" }),
    to: documented(reportDay, { description: 'The last day of the report, included' }),
    groupBy: documented(z._default(z.enum(reportGroupings), 'day'), {
      description: 'One row per day, machine, brand, or day and machine',
    }),
  })
  .check(
    z.refine((query) => dayNumber(query.from) <= dayNumber(query.to), { message: '`from` must not be after `to`', path: ['from'] }),
    z.refine((query) => dayNumber(query.to) - dayNumber(query.from) < MAX_REPORT_DAYS, {
      message: `a report covers at most ${MAX_REPORT_DAYS} days`,
      path: ['to'],
    }),
  );
export type ReportQuery = z.infer<typeof reportQuery>;

const minor = (description: string) => documented(z.int(), { description: `${description} (minor units)` });

/** What a report adds up, for one row or for all of them. */
export const reportFigures = z.object({
  spins: documented(z.int(), { description: 'Games played in the slot sessions that ended in the row' }),
  bets: minor('What those sessions bet, as the machines counted it'),
  wins: minor('What they won, as the machines counted it (hand-paid wins included)'),
  grossGamingRevenue: minor('Bets less wins'),
  cashIn: minor('Money moved from wallets onto the machines (action 3)'),
  cashOut: minor('Money moved from the machines back to wallets (action 4)'),
  jackpotContributions: minor("The bets' share that went into the brand jackpot meters"),
  jackpotPayouts: minor('Jackpots paid into wallets: brand jackpot hits and the machines\u2019 own (action 6)'),
  handPays: minor('Hand pays settled into wallets (action 5)'),
  handPayCount: documented(z.int(), { description: 'How many hand pays' }),
  sessions: documented(z.int(), { description: 'Slot sessions that began in the row' }),
  playSeconds: documented(z.int(), { description: 'Their length in seconds (an open one up to now)' }),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** The money figures, in the order the console's table and the CSV show them. */
export const reportMoneyFigures = [
  'bets',
  'wins',
  'grossGamingRevenue',
  'cashIn',
  'cashOut',
  'jackpotContributions',
  'jackpotPayouts',
  'handPays',
] as const satisfies readonly (keyof ReportFigures)[];

/** Every figure, in the CSV's order. */
export const reportFigureNames = [
  'spins',
  ...reportMoneyFigures,
  'handPayCount',
  'sessions',
  'playSeconds',
] as const satisfies readonly (keyof ReportFigures)[];

/** A row with nothing in it: where the sums start. */
export const emptyReportFigures = (): ReportFigures => Object.fromEntries(reportFigureNames.map((name) => [name, 0])) as ReportFigures;

/** One row of a report: its day, machine and brand as far as `groupBy` names them, and its figures. */
export const reportRow = z.extend(reportFigures, {
  day: z.nullable(reportDay),
  brandId: z.nullable(z.int()),
  brand: z.nullable(z.string()),
  machineId: z.nullable(z.int()),
  machine: z.nullable(z.string()),
});
export type ReportRow = z.infer<typeof reportRow>;

/** `reelcast ledger verify` as the console shows it. */
export const ledgerCheck = z.object({
  reconciles: documented(z.boolean(), {
    description: 'Every cached balance equals its entries, every transfer has two entries summing to zero, all balances sum to zero',
  }),
  accounts: z.int(),
  transfers: z.int(),
  differences: z.array(z.object({ account: z.string(), cached: z.string(), fromEntries: z.string() })),
  unbalancedTransfers: z.array(z.string()),
  total: documented(z.string(), { description: 'The sum of every balance (minor units, as text): 0 when sound' }),
});
export type LedgerCheck = z.infer<typeof ledgerCheck>;

/** GET /api/console/reports */
export const reportAnswer = z.object({
  from: reportDay,
  to: reportDay,
  groupBy: z.enum(reportGroupings),
  timeZone: documented(z.string(), { description: 'The IANA zone whose midnights bound the days (REPORT_TIME_ZONE)' }),
  rows: z.array(reportRow),
  totals: reportFigures,
  ledger: ledgerCheck,
});
export type ReportAnswer = z.infer<typeof reportAnswer>;
