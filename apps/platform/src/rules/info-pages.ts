import type { InfoPage } from '@reelcast/protocol';
import type { PageLanguage } from './html-page.ts';

export const pageLanguages: readonly PageLanguage[] = ['en', 'tr', 'ar'];

/** The platform's settings a default page quotes, so it says what this installation really does. */
export interface InfoFacts {
  loginMaxFailures: number;
  loginWindowMinutes: number;
  loginBlockMinutes: number;
  minPasswordLength: number;
}

/** A language's default text of each page (the paytables page's is its introduction: the tables are generated). */
export type InfoDefaults = (facts: InfoFacts) => Record<InfoPage, string>;
