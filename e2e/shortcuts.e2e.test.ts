import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { englishPage, launchChromium, signIn, signedInPage, startTestPlatform, writeSettings, type TestPlatform } from './harness.ts';

/** SPEC §2 shortcut bar and admin bar, through the built portal in Chromium. */

let platform: TestPlatform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const shortcutBar = (page: Page) => page.getByRole('navigation', { name: 'Shortcuts' });
const star = (page: Page) => page.getByRole('button', { name: 'Click to add/remove shortcut' });

/** Opens the star's menu and toggles the page found by `search`; resolves once the server saved it. */
async function toggleShortcut(page: Page, search: string, title: string): Promise<void> {
  await star(page).click();
  const menu = page.getByRole('dialog', { name: 'Click to add/remove shortcut' });
  await menu.getByRole('searchbox', { name: 'Search for an app or page' }).fill(search);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/user/update') && response.request().method() === 'POST',
  );
  await menu.getByRole('button', { name: title }).click();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

describe('shortcut bar in Chromium', () => {
  it('adds a shortcut from the star menu, keeps it over a reload and a new login, and removes it', async () => {
    const page = await signedInPage(browser, platform.url);
    await expect.poll(() => shortcutBar(page).getByRole('link').count()).toBe(0);

    await toggleShortcut(page, 'rul', 'Rules');
    const rules = shortcutBar(page).getByRole('link', { name: 'Rules' });
    await rules.waitFor();
    expect(await rules.getAttribute('title')).toBe('Rules');

    await page.reload();
    await rules.waitFor();
    await rules.click();
    await page.waitForURL(/\/rules$/);
    // On its own page the shortcut is marked current (read after a load of /rules).
    await page.reload();
    await rules.waitFor();
    expect(await rules.getAttribute('aria-current')).toBe('page');

    // A password login (not only a token sign-in on reload) brings the saved shortcuts.
    const second = await signedInPage(browser, platform.url);
    await shortcutBar(second).getByRole('link', { name: 'Rules' }).waitFor();
    await second.context().close();

    await toggleShortcut(page, 'rul', 'Rules');
    await rules.waitFor({ state: 'detached' });
    await page.reload();
    await star(page).waitFor();
    expect(await shortcutBar(page).getByRole('link').count()).toBe(0);
    await page.context().close();
  });

  it("says 'No results..' for a search that finds nothing", async () => {
    const page = await signedInPage(browser, platform.url);
    await star(page).click();
    const menu = page.getByRole('dialog', { name: 'Click to add/remove shortcut' });
    await menu.getByRole('searchbox', { name: 'Search for an app or page' }).fill('zzz');
    await menu.getByText('No results..').waitFor();
    await page.context().close();
  });
});

describe('shortcut menu right to left', () => {
  it('opens under the star from its start edge, the right one in Arabic, with the Arabic texts', async () => {
    const { context, page } = await englishPage(browser, platform.url);
    await context.addInitScript(() => {
      window.localStorage.setItem('i18nextLng', 'ar');
      window.localStorage.setItem('language', 'ar');
    });
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('demo');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/lobby$/);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const starButton = page.getByRole('button', { name: 'انقر لإضافة/إزالة اختصار' });
    // Read before it opens: the modal popover then hides the rest of the page from the accessibility tree.
    const button = (await starButton.boundingBox())!;
    await starButton.click();
    const menu = page.getByRole('dialog', { name: 'انقر لإضافة/إزالة اختصار' });
    await menu.getByRole('searchbox', { name: 'ابحث عن تطبيق أو صفحة' }).waitFor();
    const box = (await menu.boundingBox())!;
    expect(Math.abs(button.x + button.width - (box.x + box.width))).toBeLessThan(2);
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
    await context.close();
  });
});

describe('admin bar in Chromium (Settings.json adminBar)', () => {
  const adminBar = (page: Page) => page.getByRole('navigation', { name: 'Operator bar' });

  it('is not there for staff while the setting is off', async () => {
    await writeSettings(platform, { adminBar: false });
    const page = await signedInPage(browser, platform.url, 'staff', 'staff1234');
    await star(page).waitFor();
    expect(await adminBar(page).count()).toBe(0);
    await page.context().close();
  });

  it('shows staff their links with the setting on, and never reaches a player, not even as a download', async () => {
    await writeSettings(platform, { adminBar: true });
    const staff = await signedInPage(browser, platform.url, 'staff', 'staff1234');
    const bar = adminBar(staff);
    await bar.waitFor();
    await bar.getByText('Signed in as staff').waitFor();
    expect(await bar.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe('/docs');
    const openApi = await staff.request.get(`${platform.url}${await bar.getByRole('link', { name: /OpenAPI/ }).getAttribute('href')}`);
    expect(openApi.status()).toBe(200);
    expect(((await openApi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    await staff.context().close();

    const chunks: string[] = [];
    const { page: player } = await englishPage(browser, platform.url);
    player.on('request', (request) => chunks.push(new URL(request.url()).pathname));
    await player.goto('/login');
    await signIn(player);
    await player.waitForURL(/\/lobby$/);
    await star(player).waitFor();
    expect(await adminBar(player).count()).toBe(0);
    expect(chunks.filter((file) => file.includes('admin-bar'))).toEqual([]);
    await player.context().close();
  });
});
