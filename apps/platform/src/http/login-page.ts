import fs from 'node:fs';
import path from 'node:path';
import { languageCookie, languageId, type LanguageId, type Settings } from '@reelcast/protocol';

/**
 * The settings /login's prerendered pages were rendered with (apps/portal/src/app/login-prerender.tsx
 * renders the defaults): with any other value the page would show what Settings.json turns off, or
 * miss what it turns on, so index.html is sent instead and the app renders the page.
 */
const renderedWith = { splash: false, languageSelect: true, tokenOnlyLogin: false, contactOnLogin: false } as const;

/** The language a cookie header names (languageCookie), or null. */
export function cookieLanguage(cookieHeader: string | undefined): LanguageId | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === languageCookie) return languageId.safeParse(value).data ?? null;
  }
  return null;
}

/**
 * The file of the portal build that answers a browser's GET /login: `login.{language}.html` (the first
 * view rendered at build, `lang` and `dir` set) in the language the player chose (its cookie) or else
 * Settings.json's default, when the build has it and Settings.json shows the page as it was rendered;
 * else `index.html`.
 */
export function loginPageFile(portalDir: string, settings: Settings, cookieHeader: string | undefined): string {
  const asRendered = Object.entries(renderedWith).every(([key, value]) => settings[key as keyof typeof renderedWith] === value);
  const file = `login.${cookieLanguage(cookieHeader) ?? settings.defaultLanguage}.html`;
  return asRendered && fs.existsSync(path.join(portalDir, file)) ? file : 'index.html';
}
