import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPage, type AuditPage } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** The audit screen's filters as the query string takes them (empty ones left out). */
export type AuditFilters = Record<string, string>;

/** GET /api/console/audit (staff, admin). */
export function getAudit(filters: AuditFilters, { signal }: { signal?: AbortSignal } = {}): Promise<AuditPage> {
  return request(`/api/console/audit?${new URLSearchParams(filters)}`, auditPage, { signal });
}

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['console', 'audit', filters] as const,
    queryFn: ({ signal }) => getAudit(filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQueryOptions(filters));
