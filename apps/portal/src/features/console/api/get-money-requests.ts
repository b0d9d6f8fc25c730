import { queryOptions, useQuery } from '@tanstack/react-query';
import { moneyRequestList, type MoneyRequestList, type MoneyRequestListQuery } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/console/money-requests?status= (admin). */
export function getMoneyRequests(
  status: MoneyRequestListQuery['status'],
  { signal }: { signal?: AbortSignal } = {},
): Promise<MoneyRequestList> {
  return request(`/api/console/money-requests?status=${status}`, moneyRequestList, { signal });
}

export const moneyRequestsQueryOptions = (status: MoneyRequestListQuery['status']) =>
  queryOptions({
    queryKey: ['console', 'money-requests', status] as const,
    queryFn: ({ signal }) => getMoneyRequests(status, { signal }),
  });

export const useMoneyRequests = (status: MoneyRequestListQuery['status']) => useQuery(moneyRequestsQueryOptions(status));
