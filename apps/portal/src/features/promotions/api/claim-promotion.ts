import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { promotionAnswer, type PromotionAnswer, type PromotionKind } from '@reelcast/protocol';
import { balanceQueryKey, request } from '@/shared/api/api-client';

/**
 * Where each promotion is claimed (docs/business-rules.md). Discount: a rebate on the net loss since
 * the last discount. Bonus: a rebate on today's net loss since the last bonus. Weekly: a share of last
 * week's net loss, once per week, with a payout cap.
 */
const claimPaths = {
  discount: '/player/discount',
  bonus: '/player/bonus',
  weekly: '/player/bonus/weekly',
} as const satisfies Record<PromotionKind, string>;

/** Every claim's mutation key starts with this. */
const promotionsMutationKey = ['promotions'] as const;

/** GET the claim of `kind`. A refusal is an answer too: status false with its code. */
export function claimPromotion(kind: PromotionKind): Promise<PromotionAnswer> {
  return request(claimPaths[kind], promotionAnswer);
}

export function useClaimPromotion(kind: PromotionKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...promotionsMutationKey, kind],
    mutationFn: () => claimPromotion(kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
  });
}

/** SPEC §4: a claim of any kind is on its way (from the click until it settles, whatever the answer). */
export function claimInFlight(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: promotionsMutationKey }) > 0;
}
