import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { noticeTexts } from '../apps/portal/src/features/door/lib/notice-texts.ts';
import { ipCheckTexts } from '../apps/portal/src/features/door/lib/ip-check-texts.ts';
import { platformAndBrowser, pollRead, writeSettings } from './harness.ts';

/**
 * SPEC §4 app start in Debian's Chromium against the real platform (issue 12): the browser notices,
 * and the IP check with the country simulated through a trusted proxy's X-Forwarded-For (the
 * platform believes loopback's header here, TRUST_PROXY=loopback).
 */
const running = platformAndBrowser({ trustProxy: ['loopback'] });

/** Placed by the shipped DB-IP database (46.4.0.0/15 in DE, 85.96.0.0–85.111.0.23 in TR). */
const GERMAN_ADDRESS = '46.4.1.1';
const TURKISH_ADDRESS = '85.100.1.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const phone = { width: 360, height: 740 };

type PageOptions = {
  language?: 'en' | 'tr' | 'ar';
  viewport?: { width: number; height: number };
  userAgent?: string;
  forwardedFor?: string;
  token?: string;
};

/** A fresh context and page in `language`, as a browser at `forwardedFor` behind the trusted proxy would be. */
async function openPage(browser: Browser, { language = 'en', viewport = phone, userAgent, forwardedFor, token }: PageOptions = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: running.platform.url,
    viewport,
    locale: 'en-US',
    userAgent,
    extraHTTPHeaders: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : undefined,
  });
  await context.addInitScript(
    ({ language, token }) => {
      window.localStorage.setItem('language', language);
      if (token && !window.localStorage.getItem('jwt_access_token')) window.localStorage.setItem('jwt_access_token', token);
    },
    { language, token },
  );
  // Chromium keeps its userAgentData (brand 'Chromium') under another user agent; Firefox has none.
  if (userAgent?.includes('Firefox')) await context.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'userAgentData'));
  const page = await context.newPage();
  return { context, page };
}

/** Serious and critical axe violations (WCAG 2.1 A and AA), one line each, as e2e/accessibility.e2e.test.ts reads them. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Whether anything wider than the viewport makes the page scroll sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The API calls the page makes, in order. */
function apiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() !== 'fetch') return;
    const { pathname } = new URL(request.url());
    if (['/check', '/login', '/login/token', '/validate', '/machine/all', '/nowhere/check'].includes(pathname))
      paths.push(`${request.method()} ${pathname}`);
  });
  return paths;
}

describe('the browser notices (IP check off)', () => {
  it('Chromium without WebRTC: WebRTC unsupported, check that it is enabled, some VPNs do not support the protocol; nothing signs in', async () => {
    await writeSettings(running.platform, {});
    const token = await running.platform.login();
    const { context, page } = await openPage(running.browser, { token });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'RTCPeerConnection');
      Reflect.deleteProperty(window, 'webkitRTCPeerConnection');
    });
    const requests = apiRequests(page);
    await page.goto('/login');
    const texts = noticeTexts.en.noWebrtc;
    await expect.poll(() => page.getByRole('heading', { level: 1, name: texts.title }).isVisible()).toBe(true);
    expect(await page.getByText(texts.enable).isVisible()).toBe(true);
    expect(await page.getByText(texts.vpn).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^login$/i }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => window.localStorage.getItem('jwt_access_token'))).toBe(token);
    await context.close();
  });

  it('a Firefox desktop user agent: the notice recommending Chrome or Safari, with links to download them', async () => {
    const { context, page } = await openPage(running.browser, { userAgent: FIREFOX_WINDOWS });
    await page.goto('/lobby');
    const texts = noticeTexts.en.recommend;
    await expect.poll(() => page.getByRole('heading', { level: 1, name: texts.title }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: texts.chrome }).getAttribute('href')).toBe('https://www.google.com/chrome/');
    expect(await page.getByRole('link', { name: texts.safari }).getAttribute('href')).toBe('https://www.apple.com/safari/');
    expect(page.url()).toMatch(/\/lobby$/);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('in Arabic, right to left, on a phone', async () => {
    const { context, page } = await openPage(running.browser, { language: 'ar', userAgent: FIREFOX_WINDOWS });
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: noticeTexts.ar.recommend.title }).isVisible()).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
  it('from 320 px each download link keeps its text on one line, in every language (issue 24: it wrapped beside the other from 600 px)', async () => {
    for (const language of ['en', 'tr', 'ar'] as const)
      for (const width of [320, 600]) {
        const { context, page } = await openPage(running.browser, {
          language,
          viewport: { width, height: 640 },
          userAgent: FIREFOX_WINDOWS,
        });
        await page.goto('/login');
        const texts = noticeTexts[language].recommend;
        await expect.poll(() => page.getByRole('heading', { level: 1, name: texts.title }).isVisible()).toBe(true);
        for (const name of [texts.chrome, texts.safari]) {
          // One line: the text's height is one line's.
          const lines = await page.getByRole('link', { name }).evaluate((link) => {
            const range = document.createRange();
            range.selectNodeContents(link);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          });
          expect(lines, `${width} px, ${language}: ${name}`).toBe(1);
        }
        expect(await scrollsSideways(page)).toBe(false);
        await context.close();
      }
  });
});

describe('the IP check (ipCheck on, PERMITTED_COUNTRIES=TR)', () => {
  it('a German address: the blocked screen with the country and the address; no sign-in, and the server refuses one too', async () => {
    await writeSettings(running.platform, { ipCheck: true });
    const token = await running.platform.login();
    const { context, page } = await openPage(running.browser, { forwardedFor: GERMAN_ADDRESS, token });
    const requests = apiRequests(page);
    await page.goto('/lobby');
    const blocked = `We see that you are connecting from Germany with ${GERMAN_ADDRESS} address. Unfortunately, you are not among the permitted countries.`;
    expect(blocked).toBe(ipCheckTexts.en.blocked.replace('{{country}}', 'Germany').replace('{{ip}}', GERMAN_ADDRESS));
    await expect.poll(() => page.getByText(blocked, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ipCheckTexts.en.blockedTitle);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await page.waitForLoadState('networkidle');
    // The stored token is neither used nor dropped: a blocked visitor sees why, not a logout.
    expect(requests).toEqual(['GET /check']);
    expect(await page.evaluate(() => window.localStorage.getItem('jwt_access_token'))).toBe(token);

    // Skipping the screen gains nothing: the same header signs in nowhere.
    const login = await context.request.post('/login', { data: { username: 'demo', password: 'demo1234' } });
    expect(login.status()).toBe(403);
    expect(((await login.json()) as { code: number }).code).toBe(10703);
    await context.close();
  });

  it('the blocked screen in Arabic names the country in Arabic, right to left', async () => {
    const { context, page } = await openPage(running.browser, { language: 'ar', forwardedFor: GERMAN_ADDRESS });
    await page.goto('/login');
    const blocked = ipCheckTexts.ar.blocked.replace('{{country}}', 'ألمانيا').replace('{{ip}}', GERMAN_ADDRESS);
    await expect.poll(() => page.getByText(blocked, { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it("a Turkish address: 'Your IP address is being checked', then the app; the stored token signs in only after the check", async () => {
    const token = await running.platform.login();
    const { context, page } = await openPage(running.browser, {
      forwardedFor: TURKISH_ADDRESS,
      token,
      viewport: { width: 1280, height: 800 },
    });
    const requests = apiRequests(page);
    // The real answer, held until the checking screen has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/check',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/lobby');
    await expect.poll(() => page.getByRole('status').filter({ hasText: ipCheckTexts.en.checking }).isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(requests).toEqual(['GET /check']);
    release();
    await expect.poll(() => page.getByTestId(/^machine-card-/).count()).toBeGreaterThan(0);
    expect(requests.slice(0, 2)).toEqual(['GET /check', 'POST /login/token']);
    await context.close();
  });

  it('a Turkish guest gets the login page', async () => {
    const { context, page } = await openPage(running.browser, { forwardedFor: TURKISH_ADDRESS });
    await page.goto('/login');
    await expect.poll(() => page.getByRole('button', { name: /^login$/i }).isVisible()).toBe(true);
    await context.close();
  });

  it("a non-200 answer (the API base's ../check is a 404): the alert 'error on network connection please reflesh your page'; Reload asks again", async () => {
    await writeSettings(running.platform, { ipCheck: true, apiBaseUrl: `${running.platform.url}/nowhere/api/` });
    const { context, page } = await openPage(running.browser, { forwardedFor: TURKISH_ADDRESS });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/nowhere/check') answers.push(response.status());
    });
    await page.goto('/login');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(pollRead)).toBe('error on network connection please reflesh your page');
    expect(answers).toEqual([404]);
    expect(await page.getByRole('button', { name: /^login$/i }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: ipCheckTexts.en.reload }).click();
    await expect.poll(() => answers).toEqual([404, 404]);
    await expect.poll(() => alert.textContent(pollRead)).toBe('error on network connection please reflesh your page');
    await context.close();
  });
});
