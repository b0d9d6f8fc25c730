import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  playerDetailAnswer,
  sessionPage,
  transactionPage,
  type PlayerDetailAnswer,
  type SessionPage,
  type TransactionPage,
} from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/console/players/{id}: the player page (staff, admin). */
export function getPlayer(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<PlayerDetailAnswer> {
  return request(`/api/console/players/${id}`, playerDetailAnswer, { signal });
}

/** GET /api/console/players/{id}/sessions and /transactions: their first page of 10. */
export function getPlayerSessions(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<SessionPage> {
  return request(`/api/console/players/${id}/sessions?perPage=10`, sessionPage, { signal });
}
export function getPlayerTransactions(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionPage> {
  return request(`/api/console/players/${id}/transactions?perPage=10`, transactionPage, { signal });
}

export const playerQueryKey = (id: number) => ['console', 'player', id] as const;

export const playerQueryOptions = (id: number) =>
  queryOptions({ queryKey: playerQueryKey(id), queryFn: ({ signal }) => getPlayer(id, { signal }) });

export const usePlayer = (id: number) => useQuery(playerQueryOptions(id));
export const usePlayerSessions = (id: number) =>
  useQuery({ queryKey: [...playerQueryKey(id), 'sessions'] as const, queryFn: ({ signal }) => getPlayerSessions(id, { signal }) });
export const usePlayerTransactions = (id: number) =>
  useQuery({ queryKey: [...playerQueryKey(id), 'transactions'] as const, queryFn: ({ signal }) => getPlayerTransactions(id, { signal }) });
