import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { firstLoadFiles } from '../apps/portal/scripts/first-load.mjs';
import { launchChromium, startTestPlatform, type TestPlatform } from './harness.ts';

let platform: TestPlatform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The scripts a fresh browser downloads for a first visit, until the page shows its content and the network is quiet. */
async function downloadedScripts(path: string, token?: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript((stored) => window.localStorage.setItem('jwt_access_token', stored), token);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  await page.goto(path);
  if (token) await page.getByTestId(/^machine-card-/).first().waitFor();
  else await page.getByRole('button', { name: 'Giriş' }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...scripts].sort();
}

// The bundle budget (apps/portal/scripts/check-bundle.mjs) weighs what it reads from the manifest: it
// must be what a browser really downloads, lazy chunks included.
describe('first visit in Chromium', () => {
  const expected: Record<string, string[]> = firstLoadFiles();

  it('downloads exactly the scripts the bundle budget counts for /login', async () => {
    expect(await downloadedScripts('/login')).toEqual([...expected['/login']!].sort());
  });

  it('downloads exactly the scripts the bundle budget counts for /lobby', async () => {
    expect(await downloadedScripts('/lobby', await platform.login())).toEqual([...expected['/lobby']!].sort());
  });
});
