import fs from 'node:fs';
import path from 'node:path';
import {
  languageCookie,
  languageId,
  lookCookie,
  userSettings,
  type LanguageId,
  type Settings,
  type UserSettings,
} from '@reelcast/protocol';

/**
 * The settings /login's prerendered pages were rendered with (apps/portal/src/app/login-prerender.tsx
 * renders the defaults): with any other value the page would show what Settings.json turns off, or
 * miss what it turns on, so index.html is sent instead and the app renders the page.
 */
const renderedWith = { splash: false, languageSelect: true, tokenOnlyLogin: false, contactOnLogin: false } as const;

/** The value of the cookie `name` in a Cookie header, or null. */
function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** The language a cookie header names (languageCookie), or null. */
export function cookieLanguage(cookieHeader: string | undefined): LanguageId | null {
  return languageId.safeParse(cookieValue(cookieHeader, languageCookie)).data ?? null;
}

/**
 * The look a cookie header names (lookCookie: the browser's saved layout, colour schemes, direction…),
 * or null for the defaults: no cookie, an empty look, or one that does not parse.
 */
export function cookieLook(cookieHeader: string | undefined): UserSettings | null {
  const value = cookieValue(cookieHeader, lookCookie);
  if (!value) return null;
  try {
    const look = userSettings.safeParse(JSON.parse(decodeURIComponent(value))).data;
    return look && Object.keys(look).length > 0 ? look : null;
  } catch {
    return null;
  }
}

/**
 * The file of the portal build that answers a browser's GET /login: `login.{language}.html` (the first
 * view rendered at build, `lang` and `dir` set) in the language the player chose (its cookie) or else
 * Settings.json's default, when the build has it, Settings.json shows the page as it was rendered and
 * the browser shows the default look (no look cookie: the page was rendered in it); else `index.html`,
 * whose app renders the browser's look from its first paint.
 */
export function loginPageFile(portalDir: string, settings: Settings, cookieHeader: string | undefined): string {
  const asRendered =
    Object.entries(renderedWith).every(([key, value]) => settings[key as keyof typeof renderedWith] === value) &&
    cookieLook(cookieHeader) === null;
  return (asRendered && builtInLanguage(portalDir, 'login', settings, cookieHeader)) || 'index.html';
}

/**
 * The file of the portal build that answers a browser's GET of any other page of the app:
 * `splash.{language}.html` (index.html with the splash the app starts with, SPEC §4, rendered at build
 * in the default look, `lang` and `dir` set), in the language as for /login, when the build has it and
 * the browser shows the default look; else `index.html`, whose app paints the browser's look. For the game
 * screen (`/game/:gameId/:name`), `splash-game.{language}.html` where the build has it: the same splash
 * with the game screen's styles, which the app adopts (apps/portal/src/app/login-prerender.tsx).
 */
export function appPageFile(portalDir: string, settings: Settings, cookieHeader: string | undefined, route = ''): string {
  if (cookieLook(cookieHeader) !== null) return 'index.html';
  const game = gameScreen.test(route) ? builtInLanguage(portalDir, 'splash-game', settings, cookieHeader) : null;
  return game ?? builtInLanguage(portalDir, 'splash', settings, cookieHeader) ?? 'index.html';
}

/** The game screen's path (SPEC §2 `/game/:gameId/:name`). */
const gameScreen = /^\/game\/[^/]+\/[^/]+$/;

/**
 * `{name}.{language}.html` in the language the player chose (its cookie), else Settings.json's default,
 * when the build has it; else null.
 */
function builtInLanguage(portalDir: string, name: string, settings: Settings, cookieHeader: string | undefined): string | null {
  const file = `${name}.${cookieLanguage(cookieHeader) ?? settings.defaultLanguage}.html`;
  return fs.existsSync(path.join(portalDir, file)) ? file : null;
}
