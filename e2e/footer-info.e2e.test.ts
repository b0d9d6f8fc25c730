import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchChromium, signedInPage, startTestPlatform, type TestPlatform } from './harness.ts';

/** SPEC §2 footer: the six info pages in a full-size modal with the platform's page in a frame. */

let platform: TestPlatform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const titles = [
  'Password Reset Procedure',
  'Game Rules and Content',
  'Player Protection Information',
  'Terms of Use',
  'Privacy Policy',
  'Paytables',
];

const footerLinks = (page: Page) => page.getByRole('navigation', { name: 'Information pages' });

describe('footer info pages in Chromium', () => {
  it('opens each page framed in a full-size dialog, without a CSP violation; Esc closes it and the focus returns to its link', async () => {
    const page = await signedInPage(browser, platform.url);
    for (const title of titles) {
      const link = footerLinks(page).getByRole('link', { name: title });
      await link.click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(1279);
      expect(box.height).toBeGreaterThanOrEqual(799);
      const frame = page.frameLocator(`iframe[title="${title}"]`);
      await frame.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await frame.locator('html').getAttribute('lang')).toBe('en');
      expect(await frame.locator('html').getAttribute('data-theme')).toMatch(/^(dark|light)$/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("shows the machines' game on the paytables page, and Esc closes the dialog while the frame has the focus", async () => {
    const page = await signedInPage(browser, platform.url);
    await footerLinks(page).getByRole('link', { name: 'Paytables' }).click();
    const frame = page.frameLocator('iframe[title="Paytables"]');
    await frame.getByRole('heading', { level: 2, name: 'Reelcast Classic' }).waitFor();
    const machines = await platform.services.machines.all();
    expect(machines.length).toBeGreaterThan(0);
    const text = await frame.locator('main').innerText();
    for (const machine of machines) expect(text).toContain(machine.name);
    expect(await frame.getByRole('row', { name: /^WILD 100 500 5,000$/ }).count()).toBe(1);
    expect(text).toMatch(/Theoretical return to player of the reels: 95\.52%/);

    await frame.getByRole('heading', { level: 2, name: 'Reelcast Classic' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("frames the page in the portal's language: Arabic, right to left", async () => {
    const page = await signedInPage(browser, platform.url);
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByRole('navigation', { name: 'صفحات المعلومات' }).getByRole('link', { name: 'جداول الدفع' }).click();
    const frame = page.frameLocator('iframe[title="جداول الدفع"]');
    await frame.getByRole('heading', { level: 1, name: 'جداول الدفع' }).waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('ar');
    expect(await frame.locator('html').getAttribute('dir')).toBe('rtl');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the info pages on one line on a phone (390 px), scrolling sideways', async () => {
    const page = await signedInPage(browser, platform.url, 'demo', 'demo1234', { width: 390, height: 844 });
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    const links = footerLinks(page).getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBe(6);
    const tops = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await footer.getByText('UI Version v2.4.5').isVisible()).toBe(true);
    expect((await footer.boundingBox())!.height).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const nav = footerLinks(page);
    expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    fs.mkdirSync('test-results/screens', { recursive: true });
    await footer.screenshot({ path: 'test-results/screens/footer-390.png' });

    const link = footerLinks(page).getByRole('link', { name: 'Terms of Use' });
    await link.click();
    const frame = page.frameLocator('iframe[title="Terms of Use"]');
    await frame.getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
    const dialog = (await page.getByRole('dialog', { name: 'Terms of Use' }).boundingBox())!;
    expect(dialog.width).toBe(390);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});
