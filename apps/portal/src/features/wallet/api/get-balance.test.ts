import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '@/shared/api/api-client';
import { setBalanceInCache } from './get-balance';

describe('setBalanceInCache (a balance push)', () => {
  it('wins over a GET /player/balance that was in flight when the push came', async () => {
    const queryClient = new QueryClient();
    let answer: (value: { balance: number }) => void = () => {};
    const fetching = queryClient
      .fetchQuery({ queryKey: balanceQueryKey, queryFn: () => new Promise<{ balance: number }>((resolve) => (answer = resolve)) })
      .catch(() => {});
    await setBalanceInCache(queryClient, 1234);
    answer({ balance: 0 }); // the older answer arrives after the push
    await fetching;
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 1234 });
  });
});
