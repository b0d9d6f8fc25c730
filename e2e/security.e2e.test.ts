import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, freeSeats, launchChromium, signedInPage, startTestStack, type TestStack } from './harness.ts';

/**
 * The portal under its own Content-Security-Policy (docs/security.md): a player's whole path — sign-in,
 * lobby, a game with live video over WHEP and the game socket to the machine agent, profile — runs
 * without one violation, and the page is served with the policy.
 */

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('Content-Security-Policy in Chromium', () => {
  it('sign-in, lobby, a game with live video and the profile page report no violation', async () => {
    const page = await signedInPage(browser, stack.platform.url);
    const policy = (await page.request.get(`${stack.platform.url}/lobby`, { headers: { accept: 'text/html' } })).headers()[
      'content-security-policy'
    ];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(new URL(stack.agent.url).origin);
    expect(await cspViolations(page)).toEqual([]);

    await page
      .getByRole('button', { name: /^Play / })
      .or(page.getByRole('link', { name: /^Play / }))
      .first()
      .click();
    await page.waitForURL(/\/game\//);
    await expect.poll(() => page.evaluate(() => (document.querySelector('video')?.videoWidth ?? 0) > 0), { timeout: 20_000 }).toBe(true);
    expect(await cspViolations(page)).toEqual([]);

    await page.goto('/profile');
    await page.getByRole('heading').first().waitFor();
    expect(await cspViolations(page)).toEqual([]);
    await freeSeats(stack.agent);
  });
});
