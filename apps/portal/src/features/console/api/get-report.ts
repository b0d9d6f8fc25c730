import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportAnswer, type ReportAnswer, type ReportQuery } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** The query string of a report, for the JSON and the CSV alike. */
export const reportSearch = ({ from, to, groupBy }: ReportQuery) => new URLSearchParams({ from, to, groupBy }).toString();

/** GET /api/console/reports: per day, machine or brand, and the ledger's verify (staff, admin; docs/console.md "Reports"). */
export function getReport(query: ReportQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ReportAnswer> {
  return request(`/api/console/reports?${reportSearch(query)}`, reportAnswer, { signal });
}

export const reportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', query] as const,
    queryFn: ({ signal }) => getReport(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useReport = (query: ReportQuery) => useQuery(reportQueryOptions(query));
