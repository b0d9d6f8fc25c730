import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { balanceAnswer, type BalanceAnswer } from '@reelcast/protocol';
import { balanceQueryKey, request } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/session-store';

/** GET /player/balance: { balance } in cents. */
export function getBalance({ signal }: { signal?: AbortSignal } = {}): Promise<BalanceAnswer> {
  return request('/player/balance', balanceAnswer, { signal });
}

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: balanceQueryKey,
    queryFn: getBalance,
  });

export function useBalance() {
  const signedIn = useSession((state) => state.status === 'authenticated');
  return useQuery({ ...balanceQueryOptions(), enabled: signedIn });
}

/**
 * A balance push replaces the cached answer (no second copy). A GET /player/balance still in flight
 * is cancelled first: its answer is older than the push and would overwrite it.
 */
export async function setBalanceInCache(queryClient: QueryClient, balance: number): Promise<void> {
  await queryClient.cancelQueries({ queryKey: balanceQueryKey });
  queryClient.setQueryData(balanceQueryKey, { balance });
}
