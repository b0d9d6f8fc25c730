import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { quickPanelTexts } from './quick-panel-texts';

/** The quick panel's texts load with its toolbar button, after the first view, not with each language's first chunk. */
export const useQuickPanelTexts = defineLazyTexts('quickPanel', quickPanelTexts);
