import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ar } from '../apps/portal/src/shared/i18n/locales/ar.ts';
import { launchChromium, pollRead, signIn, signedInPage, startTestPlatform, type TestPlatform } from './harness.ts';

// SPEC §2 settings panel: the Theme Settings and Theme Color Schemes drawers, in Chromium against the
// built portal. Screenshots of both drawers in LTR and RTL are kept as artefacts: test-results/screens/.

let platform: TestPlatform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  await platform.services.players.create({ username: 'e2e-settings', email: 'e2e-settings@x.test', password: 'settings-pass' });
  await platform.services.players.create({ username: 'e2e-settings-ar', email: 'e2e-settings-ar@x.test', password: 'settings-pass' });
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const RUBY_NIGHT_BACKGROUND = 'rgb(20, 8, 12)';
const MIDNIGHT_GOLD_BACKGROUND = 'rgb(11, 18, 32)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

/** The settings the server keeps for the signed-in player of the page (GET /player/profile). */
const serverSettings = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('jwt_access_token');
    const response = await fetch('/player/profile', { headers: { Authorization: `Bearer ${token}` } });
    return ((await response.json()) as { settings: unknown }).settings;
  });

/**
 * Records the page's background at the first render of the app (the first time #root gets content),
 * before anything the server answers after it: a reload that flashed the default would show here.
 */
async function recordFirstPaintBackground(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = () => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0 || 'firstBackground' in window) return;
      (window as unknown as { firstBackground: string }).firstBackground = getComputedStyle(document.body).backgroundColor;
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });
}

const firstBackground = (page: Page) => page.evaluate(() => (window as unknown as { firstBackground?: string }).firstBackground);

describe('settings panel in Chromium', () => {
  it('opens both drawers from their edge buttons, applies a scheme and a layout style at once, keeps them over a reload and on another browser', async () => {
    const page = await signedInPage(browser, platform.url, 'e2e-settings', 'settings-pass');
    await recordFirstPaintBackground(page);
    expect(await background(page)).toBe(MIDNIGHT_GOLD_BACKGROUND);

    // Theme Settings: from the button on the right edge, 380 px wide, from the right; Esc closes it.
    const settingsButton = page.getByRole('button', { name: 'Theme Settings' });
    const settingsBox = (await settingsButton.boundingBox())!;
    expect(settingsBox.x + settingsBox.width).toBeGreaterThan(1270);
    await settingsButton.click();
    const settings = page.getByRole('dialog', { name: 'Theme Settings' });
    await settings.getByText('*Not all option combinations are available').waitFor();
    await expect.poll(async () => (await settings.boundingBox())?.x).toBe(1280 - 380);
    expect((await settings.boundingBox())!.width).toBe(380);
    expect(await page.evaluate(settingsDialogHasFocus)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/theme-settings-ltr.png' });

    await settings.getByRole('radio', { name: 'Horizontal navigation' }).check();
    await expect.poll(() => settings.getByRole('radio', { name: 'Container' }).isChecked(pollRead)).toBe(true);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Theme Settings');

    // Theme Color Schemes: a grid; picking one applies it to the page and every part at once.
    await page.getByRole('button', { name: 'Theme Color Schemes' }).click();
    const schemes = page.getByRole('dialog', { name: 'Theme Color Schemes' });
    await schemes.getByRole('button', { name: 'Ruby Night' }).click();
    await expect.poll(() => background(page)).toBe(RUBY_NIGHT_BACKGROUND);
    expect(await schemes.getByRole('button', { name: 'Ruby Night' }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: 'test-results/screens/theme-color-schemes-ltr.png' });
    await page.keyboard.press('Escape');
    await schemes.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Theme Color Schemes');

    // The server keeps them (sent after 400 ms without another change).
    await expect
      .poll(() => serverSettings(page))
      .toEqual({
        layout: { style: 'layout2' },
        themes: { main: 'ruby-night', navbar: 'ruby-night', toolbar: 'ruby-night', footer: 'ruby-night' },
      });

    // A reload paints the player's scheme from its first render (no flash of the default).
    await page.reload();
    await page.getByRole('button', { name: 'Theme Settings' }).waitFor();
    expect(await firstBackground(page)).toBe(RUBY_NIGHT_BACKGROUND);
    expect(await background(page)).toBe(RUBY_NIGHT_BACKGROUND);
    await page.getByRole('button', { name: 'Theme Settings' }).click();
    await expect
      .poll(() =>
        page.getByRole('dialog', { name: 'Theme Settings' }).getByRole('radio', { name: 'Horizontal navigation' }).isChecked(pollRead),
      )
      .toBe(true);
    await page.context().close();

    // Another browser: the server's copy once signed in.
    const { page: elsewhere } = await freshEnglishPage();
    await elsewhere.goto('/login');
    await elsewhere.getByRole('button', { name: /^login$/i }).waitFor();
    expect(await background(elsewhere)).toBe(MIDNIGHT_GOLD_BACKGROUND);
    await signIn(elsewhere, 'e2e-settings', 'settings-pass');
    await elsewhere.waitForURL(/\/lobby$/);
    await expect.poll(() => background(elsewhere)).toBe(RUBY_NIGHT_BACKGROUND);
    await elsewhere.getByRole('button', { name: 'Theme Settings' }).click();
    const elsewhereSettings = elsewhere.getByRole('dialog', { name: 'Theme Settings' });
    expect(await elsewhereSettings.getByRole('radio', { name: 'Horizontal navigation' }).isChecked()).toBe(true);
    expect(await elsewhereSettings.getByRole('combobox', { name: 'Navbar' }).textContent()).toBe('Ruby Night');
    await elsewhere.context().close();
  });

  it('the direction can be set against the language, and both drawers open from the end side in Arabic (RTL)', async () => {
    // English, forced right-to-left: <html dir> follows, the drawer comes from the left; auto gives it back.
    const page = await signedInPage(browser, platform.url, 'e2e-settings-ar', 'settings-pass');
    await page.getByRole('button', { name: 'Theme Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Theme Settings' });
    await settings.getByRole('radio', { name: 'RTL', exact: true }).check();
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'rtl']);
    await expect.poll(async () => (await settings.boundingBox())?.x).toBe(0);
    await settings.getByRole('radio', { name: 'Language default (LTR)' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.keyboard.press('Escape');
    await page.context().close();

    // Arabic: right-to-left from the language; buttons on the left edge, drawers from the left.
    const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 }, locale: 'ar' });
    await context.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    const arabic = await context.newPage();
    await arabic.goto('/login');
    await arabic.locator('input[name="username"]').fill('e2e-settings-ar');
    await arabic.locator('input[name="password"]').fill('settings-pass');
    await arabic.locator('button[type="submit"]').click();
    await arabic.waitForURL(/\/lobby$/);
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');

    for (const [title, file] of [
      [ar.shell.themeSettings, 'theme-settings-rtl'],
      [ar.shell.colorSchemes, 'theme-color-schemes-rtl'],
    ] as const) {
      const button = arabic.getByRole('button', { name: title });
      expect((await button.boundingBox())!.x).toBeLessThan(10);
      await button.click();
      const drawer = arabic.getByRole('dialog', { name: title });
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      expect((await drawer.boundingBox())!.width).toBe(380);
      await arabic.screenshot({ path: `test-results/screens/${file}.png` });
      await arabic.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await focusedName(arabic)).toBe(title);
    }
    await context.close();
  });
});

/** Whether focus is inside the open settings drawer (evaluated in the page). */
function settingsDialogHasFocus(): boolean {
  return document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false;
}

async function freshEnglishPage() {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
  });
  return { context, page: await context.newPage() };
}
