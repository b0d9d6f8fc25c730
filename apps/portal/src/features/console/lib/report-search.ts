import { z } from 'zod/mini';
import { reportGroupings, reportQuery, type ReportQuery } from '@reelcast/protocol';

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last seven days, today included. */
export function defaultReportSearch(now = new Date()): ReportQuery {
  const from = new Date(now);
  from.setDate(from.getDate() - 6);
  return { from: localDay(from), to: localDay(now), groupBy: 'day' };
}

const loose = z.object({
  from: z.catch(z.optional(z.iso.date()), undefined),
  to: z.catch(z.optional(z.iso.date()), undefined),
  groupBy: z.catch(z.optional(z.enum(reportGroupings)), undefined),
});

/**
 * The report's days and grouping, in the URL (`?from=2026-11-01&to=2026-11-30&groupBy=brand`): a stale,
 * hand-typed or inconsistent value falls back to the last seven days per day.
 */
export function parseReportSearch(params: URLSearchParams, now = new Date()): ReportQuery {
  const fallback = defaultReportSearch(now);
  const asked = loose.parse(Object.fromEntries(params));
  const query = { from: asked.from ?? fallback.from, to: asked.to ?? fallback.to, groupBy: asked.groupBy ?? fallback.groupBy };
  return reportQuery.safeParse(query).success ? query : { ...fallback, groupBy: query.groupBy };
}
