import type { InfoPage } from '@reelcast/protocol';

/** SPEC §2 footer: the operator's info pages (@reelcast/protocol infoPages); titles under `footer.{page}`. */
export { infoPages, type InfoPage } from '@reelcast/protocol';

/** The page in the portal's language (the platform falls back to English for a language it has no text in). */
export const infoPageHref = (page: InfoPage, language: string) => `/${page}.html?lang=${language}`;
