import { ErrorCode, errorMessages } from '@reelcast/protocol';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';

/**
 * The texts of the codes only the console's money requests answer (`ConsoleOnlyCode` of the English
 * locale), added to `errors.codes` when the console's money pages load, so translateError finds them
 * there and a player's first chunk does not carry them. Registering is the point: the hook goes unused.
 */
defineLazyTexts('errors', {
  en: {
    codes: {
      [ErrorCode.OwnMoneyRequest]: errorMessages[ErrorCode.OwnMoneyRequest],
      [ErrorCode.MoneyRequestDecided]: errorMessages[ErrorCode.MoneyRequestDecided],
    },
  },
  tr: {
    codes: {
      [ErrorCode.OwnMoneyRequest]: 'Bu talebi ikinci bir yönetici onaylamalı: talebi siz yaptınız.',
      [ErrorCode.MoneyRequestDecided]: 'Bu talep zaten karara bağlandı.',
    },
  },
  ar: {
    codes: {
      [ErrorCode.OwnMoneyRequest]: 'يجب أن يوافق مشرف ثانٍ على هذا الطلب: أنت من قدّمه.',
      [ErrorCode.MoneyRequestDecided]: 'تم البتّ في هذا الطلب بالفعل.',
    },
  },
});
