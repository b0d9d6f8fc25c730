import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { sessionPage, type SessionPage, type PerPage } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { listQueryParams } from '@/shared/lib/list-search-params';
import { nextPageOf } from '@/shared/lib/use-paged-list';

export type SessionsFilters = { perPage: PerPage; search: string; from?: string; to?: string };

/** GET /player/sessions: one page of the player's slot sessions, newest first. */
export function getSessions(filters: SessionsFilters, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<SessionPage> {
  return request(`/player/sessions?${listQueryParams(filters, page)}`, sessionPage, { signal });
}

export const sessionsQueryOptions = (filters: SessionsFilters) =>
  infiniteQueryOptions({
    queryKey: ['player', 'sessions', filters] as const,
    queryFn: ({ pageParam, signal }) => getSessions(filters, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useSessions = (filters: SessionsFilters) =>
  useInfiniteQuery({ ...sessionsQueryOptions(filters), placeholderData: keepPreviousData });
