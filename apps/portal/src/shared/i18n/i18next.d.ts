import 'i18next';
import type { en } from './locales/en';
import type { enPages } from './locales/en-pages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enPages };
    returnNull: false;
    keySeparator: '.';
    nsSeparator: false;
  }
}
