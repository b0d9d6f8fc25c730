/**
 * The footer's info pages (SPEC §2 "Main layout"): the platform serves each at `/{page}.html`
 * (`?lang=en|tr|ar`), the portal links them.
 *
 * @example
 * infoPages.map((page) => `/${page}.html`) // ['/password-reset.html', …, '/paytables.html']
 */
export const infoPages = [
  'password-reset',
  'game-rules-and-content',
  'player-protection-information',
  'terms-of-use',
  'privacy-policy',
  'paytables',
] as const;
export type InfoPage = (typeof infoPages)[number];
