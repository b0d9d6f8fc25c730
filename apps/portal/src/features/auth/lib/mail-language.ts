import type { LanguageId } from '@reelcast/protocol';
import { languages } from '@/shared/i18n/languages';

/** The language the mails of a registration or a reset request are written in: the page's, when the platform has it. */
export const mailLanguage = (pageLanguage: string): LanguageId | undefined => languages.find(({ id }) => id === pageLanguage)?.id;
