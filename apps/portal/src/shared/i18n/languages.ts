import type { LanguageId } from '@reelcast/protocol';

export type { LanguageId };

/** SPEC §3 Language: id, title, flag; plus the writing direction. */
export type Language = { id: LanguageId; title: string; flag: string; rtl: boolean };

export const languages: readonly Language[] = [
  { id: 'en', title: 'English', flag: 'us', rtl: false },
  { id: 'tr', title: 'Türkçe', flag: 'tr', rtl: false },
  { id: 'ar', title: 'العربية', flag: 'sa', rtl: true },
];

/** SPEC §9: the language lists of the login and the chat offer Turkish and English (the simpler switcher). */
export const simplerLanguages: readonly LanguageId[] = ['tr', 'en'];

export const isLanguageId = (value: unknown): value is LanguageId => languages.some((language) => language.id === value);

export const isRtl = (id: string): boolean => languages.find((language) => language.id === id)?.rtl ?? false;
