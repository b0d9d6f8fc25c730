import { useTranslation } from 'react-i18next';
import { i18n, whenTextsReady } from './i18n';
import type { LanguageId } from './languages';

/** The same keys as `T`, every text a string: what tr and ar must provide for en's texts. */
export type SameTexts<T> = { [K in keyof T]: T[K] extends string ? string : SameTexts<T[K]> };

/** 'a' | 'b.c' for { a: string; b: { c: string } }. */
type TextKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TextsFunction<T> = (key: TextKey<T>, options?: Record<string, unknown>) => string;

/**
 * Texts that travel with a part loaded on first use (a drawer, a menu, a dialog) instead of with each
 * language's first chunk, which every first visit downloads (docs/benchmarks.md first load). Calling
 * it registers the three languages under `namespace` (missing keys fail as any other's do) and
 * returns the part's typed hook: `const t = useTexts(); t('title')` reads `namespace.title`.
 *
 * @example
 * export const useSettingsTexts = defineLazyTexts('settingsPanel', { en: { title: 'Theme Settings' }, tr: {…}, ar: {…} });
 */
export function defineLazyTexts<T extends object>(namespace: string, texts: { en: T } & Record<Exclude<LanguageId, 'en'>, SameTexts<T>>) {
  const register = () => {
    for (const language of ['en', 'tr', 'ar'] as const) {
      i18n.addResourceBundle(language, 'translation', { [namespace]: texts[language] }, true, true);
    }
  };
  // A part loaded while the app starts (before i18next is set up) registers once it is.
  if (i18n.isInitialized) register();
  else void whenTextsReady().then(register);
  return function useTexts(): TextsFunction<T> {
    // Subscribes the part to language changes, as useTranslation does for the first chunk's texts.
    const { t } = useTranslation();
    return (key, options) => t(`${namespace}.${String(key)}` as never, options as never) as unknown as string;
  };
}
