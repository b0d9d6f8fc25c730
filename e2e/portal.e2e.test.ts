import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { en } from '../apps/portal/src/shared/i18n/locales/en.ts';
import { ar } from '../apps/portal/src/shared/i18n/locales/ar.ts';
import {
  englishPage,
  launchChromium,
  openSelect,
  pollRead,
  signIn,
  signedInPage,
  startTestPlatform,
  type TestPlatform,
} from './harness.ts';

let platform: TestPlatform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function freshPage(viewport?: { width: number; height: number }): Promise<Page> {
  return (await englishPage(browser, platform.url, viewport)).page;
}

describe('portal in Chromium', () => {
  it('sends a guest to /login and back to the page asked for after login', async () => {
    const page = await freshPage();
    const brands = await platform.services.machines.brands();
    const dragon = brands.find((b) => b.name === 'Dragon')!;
    await page.goto(`/lobby/${dragon.id}/Dragon`);
    await page.waitForURL(/\/login/);
    await signIn(page);
    await page.waitForURL(new RegExp(`/lobby/${dragon.id}/Dragon$`));
    await expect.poll(() => page.getByTestId(/^machine-card-/).count()).toBe(4);
    await page.context().close();
  });

  it('shows the validation message and keeps the login button disabled until the form is valid', async () => {
    const page = await freshPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: /^login$/i });
    await page.getByLabel(/email or username/i).fill('abc');
    await page.getByLabel(/^password/i).fill('abc');
    await page.getByLabel(/^password/i).blur();
    await expect.poll(() => page.getByText('Min character length is 4').count()).toBeGreaterThan(0);
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(/email or username/i).fill('demo');
    await page.getByLabel(/^password/i).fill('demo1234');
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.context().close();
  });

  it('shows left_count on a wrong password, then the login block', async () => {
    await platform.services.players.create({ username: 'e2e-lock', email: 'e2e-lock@x.test', password: 'right-pass' });
    const page = await freshPage();
    await page.goto('/login');
    await signIn(page, 'e2e-lock', 'wrong-pass');
    await expect.poll(() => page.getByText(/2 attempts left/).count()).toBeGreaterThan(0);
    await signIn(page, 'e2e-lock', 'wrong-pass');
    await expect.poll(() => page.getByText(/1 attempt left/).count()).toBeGreaterThan(0);
    await signIn(page, 'e2e-lock', 'wrong-pass');
    await expect.poll(() => page.getByText(/too many false attempts/i).count()).toBeGreaterThan(0);
    await signIn(page, 'e2e-lock', 'right-pass');
    await expect.poll(() => page.getByText(/too many false attempts/i).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('logs in to a lobby with the seeded brands, machines, name and balance', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await signIn(page);
    await page.waitForURL(/\/lobby$/);
    for (const brand of ['Aurora', 'Dragon', 'Tropic']) {
      await expect.poll(() => page.getByRole('heading', { name: brand }).count()).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByTestId(/^machine-card-/).count()).toBe(12);
    expect(await page.getByTestId('user-username').first().textContent()).toContain('demo');
    await expect.poll(() => page.getByText(/1[.,]000[.,]00/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('v2.4.5').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toMatch(/^ey/);
    await page.context().close();
  });

  it('shows a machine status change in an open lobby without a reload', async () => {
    const page = await signedInPage(browser, platform.url, 'demo2');
    const chip = page.getByTestId('machine-status-5');
    await expect.poll(() => chip.textContent(pollRead)).toMatch(/idle|available/i);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await platform.call('PUT', '/machine-api/machines/5/status', { token: platform.services.machineApiToken, body: { status: 'error' } });
    await expect.poll(() => chip.textContent(pollRead)).toMatch(/error|malfunction/i);
    expect(navigations).toEqual([]);
    await page.context().close();
  });

  it('updates the balance live when the wallet changes', async () => {
    const page = await signedInPage(browser, platform.url, 'demo2');
    await expect.poll(() => page.getByText(/1[.,]000[.,]00/).count()).toBeGreaterThan(0);
    const demo2 = await platform.services.players.require('demo2');
    await platform.services.ledger.transfer({
      idempotencyKey: 'e2e-live-balance',
      action: 1,
      from: 'system:cashier',
      to: `player:${demo2.id}:wallet`,
      amount: 2550,
    });
    await expect.poll(() => page.getByText(/1[.,]025[.,]50/).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  // Screenshots of the phone toolbar are kept as artefacts (not compared): test-results/screens/.
  it.each([
    ['en', en.promotions],
    ['ar', ar.promotions],
  ])(
    'on a 390 px phone (%s) the promotions and the balance take one row of their own under the toolbar, inside the window',
    async (language, texts) => {
      const context = await browser.newContext({
        baseURL: platform.url,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      const page = await context.newPage();
      await page.goto('/login');
      await page.locator('input[name="username"]').fill('demo');
      await page.locator('input[name="password"]').fill('demo1234');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(/\/lobby$/);
      const buttons = [texts.discount, texts.bonus, texts.weeklyBonus].map((name) => page.getByRole('button', { name, exact: true }));
      for (const button of buttons) await button.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      const header = (await page.getByRole('banner').boundingBox())!;
      const moneyRow = (await page.getByTestId('toolbar-money-row').boundingBox())!;
      const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!));
      for (const box of boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
        expect(box.y).toBeGreaterThanOrEqual(moneyRow.y);
      }
      expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `test-results/screens/phone-toolbar-${language}.png` });
      await context.close();
    },
  );

  it('the toolbar search finds a page by the start of a word and opens it from the keyboard; Esc closes it', async () => {
    const page = await signedInPage(browser, platform.url);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.fill('zzz');
    await page.getByText('No results..').waitFor();
    await input.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await input.fill('slot');
    expect(await page.getByRole('option').allTextContents()).toEqual(['Slot Sessions']);
    await input.press('Enter');
    await page.waitForURL(/\/slot-sessions$/);
    await page.context().close();
  });

  it('sends an unknown path to the error-404 page', async () => {
    const page = await freshPage();
    await page.goto('/no/such/page');
    await page.waitForURL(/\/pages\/errors\/error-404$/);
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('logs out: the token is revoked on the server and removed, and the guard applies again', async () => {
    const page = await signedInPage(browser, platform.url);
    const token = await page.evaluate(() => localStorage.getItem('jwt_access_token'));
    await page.goto('/logout');
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBeNull();
    expect((await platform.call('GET', '/player/balance', { token: token! })).status).toBe(401);
    await page.goto('/lobby');
    await page.waitForURL(/\/login/);
    await page.context().close();
  });

  it('logging out closes the notification socket; the next player signs in to a socket of their own', async () => {
    const next = await platform.services.players.create({ username: 'e2e-next', email: 'e2e-next@x.test', password: 'next-pass' });
    const page = await freshPage();
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) sockets.push(ws);
    });
    const openSockets = () => sockets.filter((ws) => !ws.isClosed()).length;
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/lobby$/);
    await expect.poll(openSockets).toBe(1);

    // The logout call is held: the socket must close as logging out starts, not only with the reload.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/player/logout', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
    await expect.poll(() => page.getByText('Logging out..').count()).toBeGreaterThan(0);
    await expect.poll(openSockets).toBe(0);
    release();
    await page.waitForURL(/\/login/);

    await signIn(page, 'e2e-next', 'next-pass');
    await page.waitForURL(/\/lobby$/);
    await expect.poll(openSockets).toBe(1);
    const demo = await platform.services.players.require('demo');
    await platform.services.ledger.transfer({
      idempotencyKey: 'e2e-old-player',
      action: 1,
      from: 'system:cashier',
      to: `player:${demo.id}:wallet`,
      amount: 700,
    });
    await platform.services.ledger.transfer({
      idempotencyKey: 'e2e-next-player',
      action: 1,
      from: 'system:cashier',
      to: `player:${next.id}:wallet`,
      amount: 1234,
    });
    await expect.poll(() => page.getByText(/12[.,]34/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/1[.,]007[.,]00/).count()).toBe(0);
    await page.context().close();
  });

  it("applies the player's saved theme: at once when saved on /profile, after a reload and at the next sign-in", async () => {
    await platform.services.players.create({ username: 'e2e-theme', email: 'e2e-theme@x.test', password: 'theme-pass' });
    const colourScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const page = await signedInPage(browser, platform.url, 'e2e-theme', 'theme-pass');
    await expect.poll(() => page.getByTestId('user-username').count()).toBeGreaterThan(0);
    expect(await colourScheme(page)).toBe('dark');
    const darkBackground = await background(page);

    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
    await openSelect(page.getByRole('combobox', { name: 'Colour scheme' }));
    await page.getByRole('option', { name: 'Daylight' }).click();
    await expect.poll(() => colourScheme(page)).toBe('light');
    // Sent after 400 ms without another change: the next sign-in below reads the server's copy.
    const savedScheme = () =>
      page.evaluate(async () => {
        const response = await fetch('/player/profile', {
          headers: { Authorization: `Bearer ${localStorage.getItem('jwt_access_token')}` },
        });
        return ((await response.json()) as { settings: { themes?: { main?: string } } }).settings.themes?.main;
      });
    await expect.poll(savedScheme).toBe('daylight');
    expect(await background(page)).not.toBe(darkBackground);

    await page.reload();
    await expect.poll(() => colourScheme(page)).toBe('light');
    await page.context().close();

    const elsewhere = await freshPage();
    await elsewhere.goto('/login');
    await expect.poll(() => elsewhere.getByRole('button', { name: /^login$/i }).count()).toBe(1);
    expect(await colourScheme(elsewhere)).toBe('dark');
    await signIn(elsewhere, 'e2e-theme', 'theme-pass');
    await elsewhere.waitForURL(/\/lobby$/);
    await expect.poll(() => colourScheme(elsewhere)).toBe('light');
    await elsewhere.context().close();
  });

  it("signs in from ?access_token= in the page address (operators' links)", async () => {
    const token = await platform.login('demo2', 'demo1234');
    const page = await freshPage();
    await page.goto(`/lobby?access_token=${token}`);
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => page.getByTestId(/^machine-card-/).count()).toBe(12);
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBe(token);
    await page.context().close();
  });
});
