import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '@reelcast/protocol';
import { appPageFile, cookieLanguage, loginPageFile } from './login-page.ts';

const portalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-page-'));
for (const file of ['index.html', 'login.tr.html', 'login.en.html', 'splash.tr.html', 'splash.ar.html', 'splash-game.tr.html'])
  fs.writeFileSync(path.join(portalDir, file), '');
afterAll(() => fs.rmSync(portalDir, { recursive: true, force: true }));

const defaults = settingsSchema.parse({});

describe('cookieLanguage', () => {
  it('reads the language cookie among others and ignores anything but a language id', () => {
    expect(cookieLanguage('a=1; reelcast-language=ar; b=2')).toBe('ar');
    expect(cookieLanguage('reelcast-language=de')).toBeNull();
    expect(cookieLanguage('reelcast-language=../index')).toBeNull();
    expect(cookieLanguage(undefined)).toBeNull();
  });
});

describe('loginPageFile', () => {
  it("sends the prerendered page in the cookie's language, else in Settings.json's default", () => {
    expect(loginPageFile(portalDir, defaults, undefined)).toBe('login.tr.html');
    expect(loginPageFile(portalDir, defaults, 'reelcast-language=en')).toBe('login.en.html');
    expect(loginPageFile(portalDir, { ...defaults, defaultLanguage: 'en' }, undefined)).toBe('login.en.html');
  });

  it('sends index.html when the build has no page in that language, or Settings.json shows the page otherwise', () => {
    expect(loginPageFile(portalDir, defaults, 'reelcast-language=ar')).toBe('index.html');
    for (const change of [{ splash: true }, { languageSelect: false }, { tokenOnlyLogin: true }, { contactOnLogin: true }])
      expect(loginPageFile(portalDir, { ...defaults, ...change }, undefined)).toBe('index.html');
  });

  it('sends index.html to a browser whose look is not the default (its look cookie): the app paints it from the first frame', () => {
    const look = `reelcast-look=${encodeURIComponent(JSON.stringify({ themes: { main: 'ruby-night' } }))}`;
    expect(loginPageFile(portalDir, defaults, `reelcast-language=en; ${look}`)).toBe('index.html');
    expect(loginPageFile(portalDir, defaults, 'reelcast-language=en; reelcast-look=%7B%7D')).toBe('login.en.html');
    expect(loginPageFile(portalDir, defaults, 'reelcast-language=en; reelcast-look=nonsense')).toBe('login.en.html');
  });
});

describe('appPageFile', () => {
  it("sends the splash in the cookie's language, else in Settings.json's default, whatever Settings.json shows on /login", () => {
    expect(appPageFile(portalDir, defaults, undefined)).toBe('splash.tr.html');
    expect(appPageFile(portalDir, defaults, 'reelcast-language=ar')).toBe('splash.ar.html');
    expect(appPageFile(portalDir, { ...defaults, defaultLanguage: 'ar', splash: true }, undefined)).toBe('splash.ar.html');
  });

  it('sends index.html when the build has no splash in that language, or the look is not the default', () => {
    expect(appPageFile(portalDir, defaults, 'reelcast-language=en')).toBe('index.html');
    const look = `reelcast-look=${encodeURIComponent(JSON.stringify({ themes: { main: 'ruby-night' } }))}`;
    expect(appPageFile(portalDir, defaults, look)).toBe('index.html');
    expect(appPageFile(portalDir, defaults, look, '/game/3/Lucky%20Seven')).toBe('index.html');
  });

  it("sends the game screen's splash (the splash with the screen's styles) for /game/:gameId/:name where the build has it", () => {
    expect(appPageFile(portalDir, defaults, undefined, '/game/3/Lucky%20Seven')).toBe('splash-game.tr.html');
    // Not in Arabic in this build: the plain splash.
    expect(appPageFile(portalDir, defaults, 'reelcast-language=ar', '/game/3/Lucky%20Seven')).toBe('splash.ar.html');
    expect(appPageFile(portalDir, defaults, undefined, '/game')).toBe('splash.tr.html');
    expect(appPageFile(portalDir, defaults, undefined, '/transactions')).toBe('splash.tr.html');
  });
});
