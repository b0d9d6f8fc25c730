import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { playerSearchAnswer, type PlayerSearchAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/console/players?q=: a part of the username or the first digits of the id (staff, admin). */
export function findPlayers(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<PlayerSearchAnswer> {
  return request(`/api/console/players?${new URLSearchParams({ q })}`, playerSearchAnswer, { signal });
}

export const findPlayersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['console', 'players', 'find', q] as const,
    queryFn: ({ signal }) => findPlayers(q, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

export const useFindPlayers = (q: string) => useQuery(findPlayersQueryOptions(q));
