import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { transactionPage, type ActionCode, type PerPage, type TransactionPage } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { listQueryParams } from '@/shared/lib/list-search-params';
import { nextPageOf } from '@/shared/lib/use-paged-list';

export type TransactionsFilters = { perPage: PerPage; search: string; action?: ActionCode; from?: string; to?: string };

/** GET /player/transactions: one page of the wallet's movements, newest first. */
export function getTransactions(
  filters: TransactionsFilters,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TransactionPage> {
  const params = listQueryParams(filters, page);
  if (filters.action !== undefined) params.set('action', String(filters.action));
  return request(`/player/transactions?${params}`, transactionPage, { signal });
}

export const transactionsQueryOptions = (filters: TransactionsFilters) =>
  infiniteQueryOptions({
    queryKey: ['player', 'transactions', filters] as const,
    queryFn: ({ pageParam, signal }) => getTransactions(filters, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useTransactions = (filters: TransactionsFilters) =>
  useInfiniteQuery({ ...transactionsQueryOptions(filters), placeholderData: keepPreviousData });
