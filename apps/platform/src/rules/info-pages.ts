import type { PageLanguage } from './html-page.ts';

/** The footer's info pages (SPEC §2 "Main layout"), at the paths the SPEC names. */
export const infoPageNames = [
  'password-reset',
  'game-rules-and-content',
  'player-protection-information',
  'terms-of-use',
  'privacy-policy',
  'paytables',
] as const;
export type InfoPageName = (typeof infoPageNames)[number];

export const pageLanguages: readonly PageLanguage[] = ['en', 'tr', 'ar'];

/** The platform's settings a default page quotes, so it says what this installation really does. */
export interface InfoFacts {
  loginMaxFailures: number;
  loginWindowMinutes: number;
  loginBlockMinutes: number;
  minPasswordLength: number;
}

/** A language's default text of each page (the paytables page's is its introduction: the tables are generated). */
export type InfoDefaults = (facts: InfoFacts) => Record<InfoPageName, string>;
