import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { pinLockTexts } from './pin-lock-texts';

/** The idle lock's texts load with its dialog, not with each language's first chunk. */
export const usePinLockTexts = defineLazyTexts('pinLock', pinLockTexts);
