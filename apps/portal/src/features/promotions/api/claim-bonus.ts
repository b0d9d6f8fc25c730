import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionAnswer, type PromotionAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { balanceQueryKey } from './balance-query-key';

/** GET /player/bonus: a rebate on today's net loss since the last bonus (docs/business-rules.md). A refusal is an answer too: status false with its code. */
export function claimBonus(): Promise<PromotionAnswer> {
  return request('/player/bonus', promotionAnswer);
}

export function useClaimBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['promotions', 'bonus'],
    mutationFn: claimBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
  });
}
