import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { cspViolations, englishPage, platformAndBrowser, signIn, signedInPage } from './harness.ts';

/**
 * SPEC §2 /documentation in Chromium against the real platform: the repository's docs/ pages
 * (GET /api/documentation), reached from the toolbar's button, with their tables of contents, links
 * between pages and to anchors, tables and code blocks; the role checked by the server.
 */

const running = platformAndBrowser();

/** Console errors and uncaught exceptions of the page, from now on. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/** Serious and critical WCAG 2.1 A/AA violations of the page as it is now (the bar of e2e/accessibility.e2e.test.ts). */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${where}: ${violation.id} ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

const inViewport = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });

describe('documentation in Chromium', () => {
  it('a player opens it from the toolbar and reads a page: contents, a table, code, an anchor, a link to another page', async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url);
    const seen = problems(page);

    await page.getByRole('banner').getByRole('link', { name: 'Documentation' }).click();
    await page.waitForURL(/\/documentation$/);
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    const players = page.getByRole('region', { name: 'For players' });
    await players.getByRole('link', { name: 'Brand jackpots' }).waitFor();
    // A player's list holds no operator page.
    expect(await page.getByRole('region', { name: "For the operator's team" }).count()).toBe(0);
    expect(await violations(page, 'index')).toEqual([]);

    await players.getByRole('link', { name: 'Brand jackpots' }).click();
    await page.waitForURL(/\/documentation\/jackpots$/);
    const article = page.getByRole('article', { name: 'Brand jackpots' });
    await article.getByRole('heading', { level: 1, name: 'Brand jackpots' }).waitFor();
    const body = article.locator('div[lang="en"][dir="ltr"]');

    const contents = page.getByRole('navigation', { name: 'On this page' });
    const twoJackpots = "Two jackpots: the brand's and the machine's";
    expect(await contents.getByRole('link', { name: twoJackpots }).getAttribute('href')).toBe(
      '/documentation/jackpots#two-jackpots-the-brands-and-the-machines',
    );
    await contents.getByRole('link', { name: 'Meters' }).click();
    await page.waitForURL(/#meters$/);
    await expect.poll(() => inViewport(page, 'Meters')).toBe(true);

    // Tables and code blocks render as such.
    const tables = body.getByRole('region', { name: /^Table: / });
    expect(await tables.count()).toBeGreaterThan(0);
    expect(await tables.first().locator('table th').count()).toBeGreaterThan(0);
    expect(await body.locator('pre > code').count()).toBeGreaterThan(0);
    expect((await body.locator('pre > code').first().innerText()).length).toBeGreaterThan(0);
    expect(await violations(page, 'jackpots')).toEqual([]);

    // An anchor of the same page, as the file writes it: [Two jackpots](#two-jackpots-the-brands-and-the-machines).
    await page.evaluate(() => window.scrollTo(0, 0));
    await body.getByRole('link', { name: 'Two jackpots', exact: true }).click();
    await page.waitForURL(/\/documentation\/jackpots#two-jackpots-the-brands-and-the-machines$/);
    await expect.poll(() => inViewport(page, twoJackpots)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('doc-two-jackpots-the-brands-and-the-machines');

    // Another page, named in the text as docs/business-rules.md: the app navigates, no reload.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await body.getByRole('link', { name: 'docs/business-rules.md' }).first().click();
    await page.waitForURL(/\/documentation\/business-rules$/);
    await page.getByRole('heading', { level: 1, name: 'Business rules: discount, bonus and weekly bonus' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Operator pages named in a player page stay text for a player: docs/ledger.md is not a link.
    expect(await page.getByRole('article').getByRole('link', { name: 'docs/ledger.md' }).count()).toBe(0);

    expect(seen).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("a player who opens an operator page is told so: the server's 403 as a clear message", async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/documentation/deployment'));
    await page.goto('/documentation/deployment');
    expect((await answer).status()).toBe(403);
    await page.getByText("This page is for the operator's team (staff and admin). Your account can read the pages for players.").waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Deployment' }).count()).toBe(0);
    await page.getByRole('link', { name: 'All documentation' }).click();
    await page.waitForURL(/\/documentation$/);
    await page.getByRole('region', { name: 'For players' }).waitFor();
    await page.context().close();
  });

  it('staff read the operator pages, and a link written between them ([auth.md](auth.md)) opens the other page', async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url, 'staff', 'staff1234');
    const seen = problems(page);
    await page.getByRole('banner').getByRole('link', { name: 'Documentation' }).click();
    const operator = page.getByRole('region', { name: "For the operator's team" });
    await operator.getByRole('link', { name: 'Security at the edge' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security at the edge' }).waitFor();
    await page.getByRole('article').locator('div[lang="en"]').getByRole('link', { name: 'auth.md', exact: true }).click();
    await page.waitForURL(/\/documentation\/auth$/);
    await page.getByRole('heading', { level: 1, name: 'Authentication' }).waitFor();
    expect(seen).toEqual([]);
    await page.context().close();
  });

  it('in Arabic on a 390 px phone: right-to-left chrome, the English page left to right, contents folded, a wide table scrolling on its own', async () => {
    const { platform, browser } = running;
    const { page } = await englishPage(browser, platform.url, { width: 390, height: 844 });
    const seen = problems(page);
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/lobby$/);
    await page.evaluate(() => {
      window.localStorage.setItem('language', 'ar');
      window.localStorage.setItem('i18nextLng', 'ar');
    });
    // On a phone the button is in the menu's footer.
    await page.reload();
    await page.locator('button[aria-controls="navbar"]').click();
    await page.getByRole('link', { name: 'التوثيق' }).click();
    await page.waitForURL(/\/documentation$/);
    await page.getByRole('heading', { level: 1, name: 'التوثيق' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);

    await page.getByRole('region', { name: 'للاعبين' }).getByRole('link', { name: 'Brand jackpots' }).click();
    const article = page.getByRole('article', { name: 'Brand jackpots' });
    await article.waitFor();
    const body = article.locator('div[lang="en"]');
    expect(await body.getAttribute('dir')).toBe('ltr');
    expect(await body.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

    const contents = page.getByRole('navigation', { name: 'في هذه الصفحة' });
    const toggle = contents.getByRole('button', { name: 'في هذه الصفحة' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await contents.getByRole('link', { name: 'Meters' }).isVisible()).toBe(false);
    await toggle.click();
    await contents.getByRole('link', { name: 'Meters' }).click();
    await page.waitForURL(/#meters$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => inViewport(page, 'Meters')).toBe(true);

    // The page itself does not scroll sideways; a table wider than the phone scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const wide = await body
      .locator('.markdown-table')
      .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth).length);
    expect(wide).toBeGreaterThan(0);
    expect(await violations(page, 'jackpots, Arabic phone')).toEqual([]);
    expect(seen).toEqual([]);
    await page.context().close();
  });
});
