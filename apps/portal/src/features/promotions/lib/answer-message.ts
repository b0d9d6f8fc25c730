import type { TFunction } from 'i18next';
import type { PromotionAnswer } from '@reelcast/protocol';
import { i18n } from '@/shared/i18n/i18n';
import { formatMoney } from '@/shared/lib/format';

/**
 * SPEC §8 for a refusal: the translated text of its code with its Params (amount shown in currency
 * units), else the server's ErrorMessage.
 */
export function refusalMessage(answer: PromotionAnswer, currency: string, t: TFunction = i18n.t): string {
  const key = `errors.codes.${answer.code}` as 'errors.codes.10';
  if (!i18n.exists(key)) return answer.ErrorMessage;
  return String(t(key, { ...answer.Params, amount: formatMoney(answer.Params.amount, i18n.language, currency) }));
}
