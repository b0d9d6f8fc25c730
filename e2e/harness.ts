import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../apps/platform/test/harness.ts';

export { startTestPlatform, type TestPlatform };

/** Debian's Chromium with the flags ARCHITECTURE.md lists (Playwright's own browsers cannot be downloaded here). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
}

/** A fresh browser context whose portal speaks English (the tests read English texts). */
export async function englishPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('i18nextLng')) window.localStorage.setItem('i18nextLng', 'en');
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
  });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, username = 'demo', password = 'demo1234'): Promise<void> {
  await page.getByLabel(/email or username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}
