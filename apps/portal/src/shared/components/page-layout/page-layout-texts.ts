import { defineLazyTexts } from '@/shared/i18n/lazy-texts';

/** The page layouts' own texts (the sidebar buttons on phones), loaded with the pages that use them. */
export const usePageLayoutTexts = defineLazyTexts('pageLayout', {
  en: { openSidebar: 'Open {{name}}', close: 'Close' },
  tr: { openSidebar: '{{name}} aç', close: 'Kapat' },
  ar: { openSidebar: 'افتح {{name}}', close: 'إغلاق' },
});
