import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionAnswer, type PromotionAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { balanceQueryKey } from './balance-query-key';

/** GET /player/bonus/weekly: a share of last week's net loss, once per week, with a payout cap (docs/business-rules.md). A refusal is an answer too: status false with its code. */
export function claimWeeklyBonus(): Promise<PromotionAnswer> {
  return request('/player/bonus/weekly', promotionAnswer);
}

export function useClaimWeeklyBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['promotions', 'weekly'],
    mutationFn: claimWeeklyBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
  });
}
