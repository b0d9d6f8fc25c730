import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { PromotionKind } from '@reelcast/protocol';
import { balanceQueryKey } from '@/shared/api/api-client';
import { translateAnswer } from '@/shared/api/translate-error';
import { useSettings } from '@/shared/config/settings';
import { formatMoney } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { showMessage } from '@/shared/toasts/toast-store';
import { claimInFlight, useClaimPromotion } from '../api/claim-promotion';
import { claimAttemptKeys, recordAttempt, withinWindow } from './claim-window';

const grantedKey = {
  discount: 'promotions.discountGranted',
  bonus: 'promotions.bonusGranted',
  weekly: 'promotions.weeklyGranted',
} as const;

/**
 * The client side of a promotion claim (SPEC §4, §5, §8): one request in flight (clicks meanwhile
 * are ignored), the client checks of its kind, the attempt time stored, then the toast for the answer.
 * The server enforces its own rules whatever happens here (docs/business-rules.md).
 */
export function usePromotionClaim(kind: PromotionKind) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const money = useMoney();
  const mutation = useClaimPromotion(kind);

  /** SPEC §5 client checks (discount and bonus); returns the message that blocks the claim, if any. */
  const blocked = (): string | null => {
    if (kind === 'weekly') return null;
    if (kind === 'discount' && settings.discountBalanceCheck) {
      const cached = queryClient.getQueryData(balanceQueryKey);
      if (cached && cached.balance / 100 >= settings.discountMinBalance) {
        return t('promotions.balanceMustBeBelow', {
          amount: formatMoney(Math.round(settings.discountMinBalance * 100), i18n.language, settings.currency),
        });
      }
    }
    if (withinWindow(claimAttemptKeys[kind])) return t('promotions.oncePerFiveMinutes');
    return null;
  };

  const claim = () => {
    if (claimInFlight(queryClient)) return;
    const message = blocked();
    if (message) {
      showMessage(message, 'warning');
      return;
    }
    recordAttempt(claimAttemptKeys[kind]);
    // The promise (not mutate's callbacks) so the answer is toasted even if the button unmounts meanwhile.
    mutation
      .mutateAsync()
      .then((answer) => {
        const amount = money(answer.Params.amount);
        if (answer.status) showMessage(t(grantedKey[kind], { amount }), 'success');
        else showMessage(translateAnswer({ ...answer, Params: { ...answer.Params, amount } }, t), 'error');
      })
      // A request error is reported once, by the query client's MutationCache.onError (a 401 logs out).
      .catch(() => {});
  };

  return { claim, pending: mutation.isPending };
}
