import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyRequestAnswer, type MoneyRequest, type MoneyRequestAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /api/console/players/{id}/money (admin): posts at once, or waits for a second admin above the configured amount. */
export function requestMoney(playerId: number, body: MoneyRequest): Promise<MoneyRequestAnswer> {
  return request(`/api/console/players/${playerId}/money`, moneyRequestAnswer, { method: 'POST', body });
}

export function useRequestMoney(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoneyRequest) => requestMoney(playerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console'] }),
  });
}
