import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { chatTexts } from './chat-texts';

/** The chat's texts load with its code, not with each language's first chunk. */
export const useChatTexts = defineLazyTexts('teamChat', chatTexts);
