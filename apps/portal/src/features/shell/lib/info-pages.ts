/** SPEC §2 footer: the operator's info pages, served by the platform at `/{page}.html`; titles under `footer.{page}`. */
export const infoPages = [
  'password-reset',
  'game-rules-and-content',
  'player-protection-information',
  'terms-of-use',
  'privacy-policy',
  'paytables',
] as const;

export type InfoPage = (typeof infoPages)[number];

/** The page in the portal's language (the platform falls back to English for a language it has no text in). */
export const infoPageHref = (page: InfoPage, language: string) => `/${page}.html?lang=${language}`;
