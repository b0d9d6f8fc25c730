/**
 * Issue 13's demo pages and the team's navigation, through the whole product in Chromium: the
 * modern search finds a seeded machine and opens it (a real seat, so a real slot session), the
 * public profile then shows the player's name and that session; /pages/coming-soon counts down to
 * the date the operator writes in Settings.json; staff get the Pages and UI groups in the menu, a
 * player neither sees nor downloads them; the error pages stand alone in en, tr and ar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  consoleErrors,
  englishPage,
  explained,
  launchChromium,
  pageJournal,
  signedInPage,
  startTestStack,
  pollRead,
  within,
  writeSettings,
  type TestStack,
} from './harness.ts';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('search and public profile', () => {
  it('the modern search finds a seeded machine and opens it; the profile then shows the player and the session', async () => {
    const machines = await stack.platform.services.machines.all();
    const polar = machines.find((machine) => machine.name === 'Polar Gold')!;
    const host = stack.agent.hosts.get(polar.id)!;
    const page = await signedInPage(browser, stack.platform.url);
    const errors = consoleErrors(page);
    const journal = pageJournal(page);

    // Each step fails on its own, with a message naming it, well within the test's 60 s: Playwright's
    // actions at their 30 s, polls at theirs (their reads bounded, see pollRead), the agent's call within 20 s.
    await page.goto('/pages/search/modern');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Search' }).count(), { message: 'the modern search page opens' })
      .toBe(1);
    await page.getByRole('searchbox', { name: 'Search machines, brands, rules and help' }).fill('POLAR');
    await expect.poll(() => new URL(page.url()).search, { message: 'the query goes into the address' }).toBe('?q=POLAR');
    // The query sits between isolates (its own direction in any sentence).
    await expect
      .poll(() => page.getByTestId('search-status').textContent(pollRead), { message: 'the search says what it found' })
      .toMatch(/^\d+ results? for “\u2068POLAR\u2069”$/);
    const machinesTab = page.getByRole('tab', { name: /^Machines \(\d+\)$/ });
    expect(await machinesTab.textContent()).toBe('Machines (1)');
    const result = page.getByRole('link', { name: 'Polar Gold', exact: true });
    expect(await result.locator('mark').textContent()).toBe('Polar');
    expect(errors).toEqual([]);
    await result.click();
    await page.waitForURL(new RegExp(`/game/${polar.id}/Polar%20Gold$`));
    await expect.poll(() => host.seatedPlayerId, { timeout: 15_000, message: 'the game page takes the seat' }).not.toBeNull();
    // The player leaves for the lobby: the game socket closes; an empty seat left on purpose ends at once
    // (docs/reconnect.md "Leaving"), any other is given up here (the game's own journeys are game.e2e's).
    await page.goto('/lobby');
    await expect.poll(() => host.seatSocketId, { message: 'the game socket closes when the page leaves' }).toBeNull();
    await within('the agent gives the seat up (host.cashout)', 20_000, host.cashout(null, 'left'));

    errors.length = 0;
    await page.goto('/pages/profile');
    await explained(page, journal, () =>
      expect
        .poll(() => page.getByTestId('public-profile-name').textContent(pollRead), { message: "the profile shows the player's name" })
        .toBe('Deniz Yılmaz'),
    );
    await expect
      .poll(() => page.getByTestId('activity-sessions').locator('dd').first().textContent(pollRead), {
        message: 'the profile counts the session',
      })
      .toBe('1');
    await expect
      .poll(() => page.getByTestId('recent-sessions').getByRole('listitem').first().textContent(pollRead), {
        message: 'the profile lists the session',
      })
      .toMatch(/^Polar Gold · Aurora/);
    expect(await page.getByTestId('activity-favourite').locator('dd').first().textContent()).toBe('Aurora');
    // The seeded deposit is the wallet's one movement.
    expect(await page.getByTestId('activity-transactions').locator('dd').first().textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the classic search lists a brand with its count and opens its lobby page', async () => {
    const page = await signedInPage(browser, stack.platform.url);
    const errors = consoleErrors(page);
    await page.goto('/pages/search/classic?q=dragon');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Brands (1)' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: /^Machines \(\d+\)$/ }).textContent()).toBe('Machines (4)');
    await page.getByTestId('search-group-brands').getByRole('link', { name: 'Dragon', exact: true }).click();
    await page.waitForURL(/\/lobby\/\d+\/Dragon$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('coming soon', () => {
  afterAll(async () => {
    await writeSettings(stack.platform, {});
  });

  it('counts down to the date set in Settings.json, and says so once it has passed', async () => {
    const target = new Date(Date.now() + ((2 * 24 + 5) * 60 + 7) * 60_000);
    await writeSettings(stack.platform, { comingSoonDate: target.toISOString() });
    const { context, page } = await englishPage(browser, stack.platform.url);
    const errors = consoleErrors(page);
    await page.goto('/pages/coming-soon');
    const timer = page.getByRole('timer', { name: 'Time left' });
    await expect.poll(() => timer.count()).toBe(1);
    expect(await page.getByTestId('countdown-days').textContent()).toBe('02');
    expect(await page.getByTestId('countdown-hours').textContent()).toBe('05');
    const seconds = await page.getByTestId('countdown-seconds').textContent();
    await expect
      .poll(() => page.getByTestId('countdown-seconds').textContent(pollRead), { timeout: 5000, message: 'the clock ticks' })
      .not.toBe(seconds);
    expect(await page.getByTestId('countdown-announcement').textContent()).toMatch(/^2 days, 5 hours, and [67] minutes left$/);
    // No shell: the page stands alone, one main landmark.
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);

    // In Arabic: right to left, the clock's digits still left to right.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(pollRead), { message: 'the page is in Arabic' })
      .toBe('قريبًا!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('timer').getAttribute('dir')).toBe('ltr');
    expect(await page.getByTestId('countdown-announcement').textContent()).toMatch(/^بقي /);
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));

    await writeSettings(stack.platform, { comingSoonDate: new Date(Date.now() - 60_000).toISOString() });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('coming-soon-when').textContent(pollRead), { message: 'the page says the date has passed' })
      .toMatch(/^The wait is over: it opened on /);
    expect(await timer.count()).toBe(0);

    await writeSettings(stack.platform, { comingSoonDate: '' });
    await page.reload();
    await expect.poll(() => page.getByText('No opening date has been set yet. Check back later.').count()).toBe(1);
    expect(await timer.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the team’s navigation', () => {
  it('staff get the Pages and UI groups and can open their pages', async () => {
    const page = await signedInPage(browser, stack.platform.url, 'staff', 'staff1234');
    const errors = consoleErrors(page);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect.poll(() => menu.getByText('Pages', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await menu.getByText('UI', { exact: true }).count()).toBe(1);
    await menu.getByRole('button', { name: 'Search' }).click();
    // The group opens with MUI's Collapse (a few hundred ms). Clicked while it still grows, the link is
    // scrolled into view and then drifts under the pointer as Chromium's scroll anchoring follows the
    // growing list: the press and the release land on two links, and nothing is clicked (CI, 2026-11-30).
    // A person clicks the list once it has opened; so does this test.
    const modern = menu.locator('.MuiCollapse-entered').getByRole('link', { name: 'Modern search' });
    await modern.waitFor();
    await modern.click();
    await page.waitForURL(/\/pages\/search\/modern$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Search' }).count()).toBe(1);
    // The toolbar's navigation search offers them too.
    await page.getByRole('banner').first().getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('carded left');
    await expect.poll(() => page.getByRole('option').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a player sees the six SPEC §2 items and never downloads the groups', async () => {
    const { context, page } = await englishPage(browser, stack.platform.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await page.getByLabel(/email or username/i).fill('demo');
    await page.getByLabel(/^password/i).fill('demo1234');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.waitForURL(/\/lobby$/);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    // The shortcut bar comes after the first view, as the groups would: once it is there, they would be too.
    await expect.poll(() => page.getByRole('button', { name: 'Click to add/remove shortcut' }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Lobby',
      'Profile',
      'Slot Sessions',
      'Transactions',
      'Rules',
      'Logout',
    ]);
    expect(scripts.filter((url) => url.includes('team-navigation'))).toEqual([]);
    await context.close();
  });
});

describe('error pages', () => {
  const texts = {
    en: { 404: 'Sorry but we could not find the page you are looking for', 500: 'Well, you broke the internet!' },
    tr: { 404: 'Üzgünüz, aradığınız sayfayı bulamadık', 500: 'Bir şeyler ters gitti!' },
    ar: { 404: 'عذراً، لم نتمكن من العثور على الصفحة التي تبحث عنها', 500: 'حدث خطأ ما!' },
  } as const;
  for (const language of ['en', 'tr', 'ar'] as const) {
    it(`error-404 and error-500 stand alone, without the shell, in ${language}`, async () => {
      const { context, page } = await englishPage(browser, stack.platform.url);
      await context.addInitScript((id) => {
        window.localStorage.setItem('language', id);
        window.localStorage.setItem('i18nextLng', id);
      }, language);
      const errors = consoleErrors(page);
      for (const code of [404, 500] as const) {
        await page.goto(`/pages/errors/error-${code}`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent(pollRead), { message: `${code} in ${language}` })
          .toBe(texts[language][code]);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
          language,
          language === 'ar' ? 'rtl' : 'ltr',
        ]);
        expect(await page.getByRole('navigation', { name: /./ }).count()).toBe(0);
        expect(await page.getByText(String(code), { exact: true }).count()).toBe(1);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
