import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionAnswer, type PromotionAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { balanceQueryKey } from './balance-query-key';

/** GET /player/discount: a rebate on the net loss since the last discount (docs/business-rules.md). A refusal is an answer too: status false with its code. */
export function claimDiscount(): Promise<PromotionAnswer> {
  return request('/player/discount', promotionAnswer);
}

export function useClaimDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['promotions', 'discount'],
    mutationFn: claimDiscount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
  });
}
