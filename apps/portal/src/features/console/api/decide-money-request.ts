import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyRequestAnswer, type MoneyRequestAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

export type MoneyDecision = { id: number; approve: true } | { id: number; approve: false; reason: string };

/** POST /api/console/money-requests/{id}/approve, or /reject with a reason (admin; not the requester's own approval). */
export function decideMoneyRequest(decision: MoneyDecision): Promise<MoneyRequestAnswer> {
  return decision.approve
    ? request(`/api/console/money-requests/${decision.id}/approve`, moneyRequestAnswer, { method: 'POST' })
    : request(`/api/console/money-requests/${decision.id}/reject`, moneyRequestAnswer, {
        method: 'POST',
        body: { reason: decision.reason },
      });
}

export function useDecideMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMoneyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console'] }),
  });
}
