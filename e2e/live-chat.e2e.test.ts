import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { Settings } from '@reelcast/protocol';
import { cspViolations, englishPage, platformAndBrowser, signIn, writeSettings } from './harness.ts';

/**
 * SPEC §1 live-chat widget in Chromium, without reaching either provider: the browser's request routing
 * answers the provider's script address with a stand-in that records what it saw, and every other
 * request leaving the platform is refused. The Settings.json edits follow one another on one platform:
 * the page served after each edit carries the policy for that provider alone.
 */

const running = platformAndBrowser();

const tawkProperty = '5f2b3c4d5e6f708192a3b4c5';
const providerScripts = /^https:\/\/(embed\.tawk\.to|cdn\.livechatinc\.com)\//;

/** What a stand-in script found when it ran: which provider's, and the global the page set for it. */
type StandIn = { provider: string; tawkApi?: boolean; license?: number };

/**
 * A page whose requests to the providers' script addresses get a stand-in (setting `window.__standIn`),
 * and whose requests to any other outside host fail. `requested` lists the stand-ins' URLs as asked for.
 */
async function pageWithStandIns(): Promise<{ context: BrowserContext; page: Page; requested: string[]; outside: string[] }> {
  const { context, page } = await englishPage(running.browser, running.platform.url);
  const requested: string[] = [];
  const outside: string[] = [];
  const platformOrigin = new URL(running.platform.url).origin;
  await context.route(
    (url) => url.origin !== platformOrigin,
    async (route) => {
      const url = route.request().url();
      if (!providerScripts.test(url)) {
        outside.push(url);
        return route.abort('blockedbyclient');
      }
      requested.push(url);
      const body = url.startsWith('https://embed.tawk.to/')
        ? `window.__standIn = { provider: 'tawk', tawkApi: typeof window.Tawk_API === 'object' };`
        : `window.__standIn = { provider: 'livechat', license: window.__lc && window.__lc.license };`;
      // tawk.to's embed is fetched in CORS mode (crossorigin): its CDN answers with the header.
      await route.fulfill({ status: 200, contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body });
    },
  );
  return { context, page, requested, outside };
}

const standIn = (page: Page) => page.evaluate(() => (window as unknown as { __standIn?: StandIn }).__standIn ?? null);

/** The directives of the policy a page was served with. */
function policyOf(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** Signs in on /login and waits in the lobby until the lobby's brands have answered (the first view's data). */
async function signInToLobby(page: Page): Promise<void> {
  const brands = page.waitForResponse((response) => response.url().endsWith('/machine/brands'));
  await signIn(page);
  await page.waitForURL(/\/lobby$/);
  await brands;
}

async function withLiveChat(liveChat: Settings['liveChat']): Promise<void> {
  await writeSettings(running.platform, { liveChat });
}

describe('live-chat widget in Chromium', () => {
  it("tawk.to: its embed for the configured property and widget, loaded once after the first view, allowed by the page's policy", async () => {
    await withLiveChat({ provider: 'tawk', id: `${tawkProperty}/1abcdef12` });
    const { context, page, requested, outside } = await pageWithStandIns();
    const order: string[] = [];
    page.on('request', (request: Request) => order.push(request.url()));

    const answer = await page.goto('/login');
    const policy = policyOf(answer?.headers()['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", 'https://*.tawk.to', 'https://cdn.jsdelivr.net']);
    expect(policy['connect-src']).toEqual(expect.arrayContaining(['https://*.tawk.to', 'wss://*.tawk.to']));
    expect(policy['script-src']).not.toContain('https://*.livechatinc.com');

    await expect.poll(() => standIn(page)).toEqual({ provider: 'tawk', tawkApi: true });
    expect(requested).toEqual([`https://embed.tawk.to/${tawkProperty}/1abcdef12`]);
    // After the app started: the settings and the login page's code came first.
    const scriptAt = order.indexOf(requested[0]!);
    expect(order.findIndex((url) => url.endsWith('/Settings.json'))).toBeLessThan(scriptAt);
    expect(order.findIndex((url) => /\/assets\/.*\.js$/.test(url))).toBeLessThan(scriptAt);

    // Signing in moves to the lobby without a reload: the widget is not loaded a second time.
    const socket = page.waitForEvent('websocket'); // the notification socket: the lobby's first view is over
    await signInToLobby(page);
    await socket;
    await page.waitForTimeout(500);
    expect(requested).toHaveLength(1);
    expect(await cspViolations(page)).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('LiveChat: tracking.js with window.__lc.license from the configured id, in the lobby of a signed-in player', async () => {
    await withLiveChat({ provider: 'livechat', id: '12345678' });
    const { context, page, requested, outside } = await pageWithStandIns();
    await page.goto('/login');
    await signInToLobby(page);
    // The lobby as a page of its own (served under the policy of this provider).
    const answer = await page.reload();
    const policy = policyOf(answer?.headers()['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(
      Object.values(policy)
        .flat()
        .filter((source) => source.includes('tawk')),
    ).toEqual([]);

    await expect.poll(() => standIn(page)).toEqual({ provider: 'livechat', license: 12345678 });
    expect(requested.every((url) => url === 'https://cdn.livechatinc.com/tracking.js')).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('script[src="https://cdn.livechatinc.com/tracking.js"]').length)).toBe(1);
    expect(await cspViolations(page)).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('an id of the wrong shape loads nothing and the console says why', async () => {
    await withLiveChat({ provider: 'tawk', id: 'not-a-tawk-id' });
    const { context, page, requested } = await pageWithStandIns();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/login');
    await expect.poll(() => warnings.find((text) => text.startsWith('Live chat (tawk) not loaded'))).toMatch(/not-a-tawk-id/);
    expect(requested).toEqual([]);
    await context.close();
  });

  it("'none': no provider is asked for, and the policy names neither", async () => {
    await withLiveChat({ provider: 'none', id: '12345678' });
    const { context, page, requested, outside } = await pageWithStandIns();
    const answer = await page.goto('/login');
    const policy = policyOf(answer?.headers()['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(
      Object.values(policy)
        .flat()
        .filter((source) => /tawk|livechat/.test(source)),
    ).toEqual([]);

    const socket = page.waitForEvent('websocket');
    await signInToLobby(page);
    await socket;
    await page.waitForTimeout(1_000);
    expect(requested).toEqual([]);
    expect(await standIn(page)).toBeNull();
    expect(await page.evaluate(() => document.querySelectorAll('script[data-live-chat]').length)).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  });
});
