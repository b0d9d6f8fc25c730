import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { languageCookie } from '@reelcast/protocol';
import { consoleErrors, platformAndBrowser, writeSettings } from './harness.ts';

/**
 * /login's and /lobby's first views are in the platform's HTML (/login rendered at build, /lobby per
 * request: vite.config.ts prerenderFirstViews), in the language the player chose (its cookie) or
 * Settings.json's default, and the app takes them over without a console error or a layout shift
 * (docs/architecture.md "First view").
 */

const running = platformAndBrowser();

const texts = {
  tr: { title: 'Giriş yap', subtitle: 'Gerçek slot makinelerini bulunduğunuz yerden oynayın.', dir: 'ltr' },
  en: { title: 'Sign in', subtitle: 'Play real slot machines from wherever you are.', dir: 'ltr' },
  ar: { title: 'تسجيل الدخول', subtitle: 'العب على آلات سلوت حقيقية من أي مكان.', dir: 'rtl' },
} as const;

/** The HTML the platform sends a browser for `route`, with its Content-Security-Policy. */
async function pageHtml(route: string, cookie?: string) {
  const response = await fetch(`${running.platform.url}${route}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(response.status).toBe(200);
  return { html: await response.text(), csp: response.headers.get('content-security-policy') ?? '' };
}

/** Records, from the first byte, what #root held once parsed, CSP violations and layout shifts as CLS counts them. */
function watchFirstView(context: BrowserContext) {
  return context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { __parsed: string }).__parsed = document.getElementById('root')!.dataset.prerendered ?? 'none';
      // Where the page's first card heading was drawn: the app's replaces the element, which the browser's
      // layout-shift entries do not follow.
      const { x, y } = document.querySelector('#root h3')?.getBoundingClientRect() ?? { x: -1, y: -1 };
      (window as unknown as { __firstCard: string }).__firstCard = `${x},${y}`;
    });
    const violations: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    // Not a shift that follows the player's own input (the sign-in's move to /lobby); each with what moved, from where to where.
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const place = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}x${rect.height}`;
    const named = (node?: Node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 2).join('.')}`
        : String(node?.nodeName);
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean; sources: Source[] };
        if (shift.hadRecentInput) return;
        const moved = shift.sources.map((source) => `${named(source.node)} ${place(source.previousRect)} -> ${place(source.currentRect)}`);
        shifts.push(`${shift.value.toFixed(3)}: ${moved.join('; ')}`);
      }),
    ).observe({ type: 'layout-shift', buffered: true });
  });
}

const recorded = <T>(page: Page, name: '__parsed' | '__csp' | '__shifts' | '__firstCard') =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<T>;

/** A 390 px phone's page with scripts off: what the platform's HTML shows before any script runs. */
async function phoneWithoutScripts() {
  const context = await running.browser.newContext({
    baseURL: running.platform.url,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** Every script is a file of the origin or data (script-src 'self' stays without a hash or nonce). */
function expectNoInlineScript(html: string, csp: string) {
  for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/|type="application\/json"/);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

describe('/login rendered ahead of time', () => {
  it.each(Object.entries(texts))('the HTML sent for %s has the page, its lang and dir, and no inline script', async (language, text) => {
    const { html, csp } = await pageHtml('/login', language === 'tr' ? undefined : `${languageCookie}=${language}`);
    expect(html).toContain(`<html lang="${language}" dir="${text.dir}">`);
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain(`>${text.title}</h1>`);
    expect(root).toContain(text.subtitle);
    expect(root).toMatch(/<button[^>]*type="submit"/);
    expectNoInlineScript(html, csp);
  });

  it('without scripts a phone already sees the form', async () => {
    const { context, page } = await phoneWithoutScripts();
    await page.goto('/login');
    await expect.poll(() => page.locator('h1').textContent()).toBe(texts.tr.title);
    expect(await page.locator('button[type="submit"]').isVisible()).toBe(true);
    expect(await page.locator('input[type="password"]').isVisible()).toBe(true);
    await context.close();
  });

  it('the app takes the page over: no console error, no layout shift, no CSP violation, and the form signs in', async () => {
    const context = await running.browser.newContext({ baseURL: running.platform.url, viewport: { width: 390, height: 844 } });
    await watchFirstView(context);
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/login');
    // The app has replaced the prerendered page once the container is no longer inert.
    await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
    expect(await recorded(page, '__parsed')).toBe('/login tr');
    expect(await page.evaluate(() => document.getElementById('root')!.dataset.prerendered)).toBeUndefined();
    await page.getByLabel(/kullanıcı adı/i).fill('demo');
    await page.locator('input[type="password"]').fill('demo1234');
    // The takeover's shifts, taken before the sign-in: the lobby that follows it is not this page (under load it
    // renders more than 500 ms after the click, past what hadRecentInput covers: CI once saw a 0.07 shift there).
    const shifts = [...(await recorded<string[]>(page, '__shifts'))];
    await page.getByRole('button', { name: 'Giriş' }).click();
    await page.waitForURL(/\/lobby$/);
    expect(shifts).toEqual([]);
    expect(errors).toEqual([]);
    expect(await recorded(page, '__csp')).toEqual([]);
    await context.close();
  });

  it('a page that arrives in two pieces is not drawn until the second: then whole, where it stays', async () => {
    const { html } = await pageHtml('/login');
    const cut = html.indexOf(texts.tr.subtitle);
    expect(cut).toBeGreaterThan(html.indexOf('<div id="root"'));
    // A line that stops halfway through the sign-in card, until the test lets the rest through (only the page: its
    // scripts are not served, so what is drawn is the platform's HTML alone).
    let rest!: () => void;
    const held = new Promise<void>((resolve) => (rest = resolve));
    const line = http.createServer((request, response) => {
      if (request.url !== '/login') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(html.slice(0, cut));
      void held.then(() => response.end(html.slice(cut)));
    });
    await new Promise<void>((resolve) => line.listen(0, '127.0.0.1', resolve));
    const context = await running.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      await watchFirstView(context);
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(line.address() as AddressInfo).port}/login`, { waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => document.querySelector('#root h1')?.textContent)).toBe(texts.tr.title);
      const drawn = () =>
        page.evaluate(() => ({
          loading: document.readyState === 'loading',
          display: getComputedStyle(document.getElementById('root')!).display,
          title: document.querySelector('#root h1')!.getBoundingClientRect().height,
        }));
      expect(await drawn()).toEqual({ loading: true, display: 'none', title: 0 });
      rest();
      await page.waitForLoadState('domcontentloaded');
      const whole = await drawn();
      expect(whole.display).toBe('block');
      expect(whole.title).toBeGreaterThan(0);
      expect(await page.locator('button[type="submit"]').isVisible()).toBe(true);
      expect(await recorded(page, '__shifts')).toEqual([]);
    } finally {
      rest();
      await context.close();
      await new Promise((resolve) => line.close(resolve));
    }
  });

  it('with settings that change the page (the splash), the platform sends the app to render it', async () => {
    await writeSettings(running.platform, { splash: true });
    try {
      const { html } = await pageHtml('/login');
      expect(html).toContain('<div id="root"></div>');
    } finally {
      await writeSettings(running.platform, {});
    }
  });
});

/** A phone's User-Agent (which the platform does not read: it guesses no width, docs/architecture.md "First view"). */
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

async function signInAnswer() {
  const response = await fetch(`${running.platform.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A 412 px phone with `token` stored, its first view watched and its console errors collected. */
async function signedInPhone(token: string) {
  const context = await running.browser.newContext({
    baseURL: running.platform.url,
    viewport: { width: 412, height: 823 },
    userAgent: phone,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((stored) => window.localStorage.setItem('jwt_access_token', stored), token);
  await watchFirstView(context);
  const page = await context.newPage();
  return { context, page, errors: consoleErrors(page) };
}

describe('/lobby rendered by the platform', () => {
  async function machineNames(token: string) {
    const response = await fetch(`${running.platform.url}/machine/all`, { headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { name: string }[]).map((machine) => machine.name);
  }

  const lobby = { tr: { title: 'Lobi', dir: 'ltr' }, en: { title: 'Lobby', dir: 'ltr' }, ar: { title: 'الردهة', dir: 'rtl' } } as const;

  it.each(Object.entries(lobby))('the HTML sent for %s, without a token, has the shell and every machine card', async (language, text) => {
    const names = await machineNames(await signInAnswer());
    expect(names.length).toBeGreaterThan(0);
    const response = await fetch(`${running.platform.url}/lobby`, {
      headers: { accept: 'text/html', 'user-agent': phone, ...(language === 'tr' ? {} : { cookie: `${languageCookie}=${language}` }) },
    });
    const html = await response.text();
    expect(html).toContain(`<html lang="${language}" dir="${text.dir}">`);
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(new RegExp(`^<div id="root" data-prerendered="/lobby ${language}" inert>`));
    expect(root).toContain(`>${text.title}</h1>`);
    for (const name of names) expect(root).toContain(`>${name}</h3>`);
    // The money's row has its place on a narrow screen (a media query), not the player's data: none was sent.
    expect(root).toContain('data-testid="toolbar-money-row"');
    expectNoInlineScript(html, response.headers.get('content-security-policy') ?? '');
  });

  const screens = {
    'a signed-in phone': { viewport: { width: 412, height: 823 }, userAgent: phone, isMobile: true, hasTouch: true },
    // Nothing says it is narrow but its width.
    'a 390 px desktop window': { viewport: { width: 390, height: 844 } },
    'a 1280 px desktop window': { viewport: { width: 1280, height: 800 } },
  };

  it.each(Object.entries(screens))(
    '%s sees the cards before any script, and the app takes them over in place: no console error, no shift, no CSP violation',
    async (_screen, options) => {
      const token = await signInAnswer();
      const context = await running.browser.newContext({ baseURL: running.platform.url, ...options });
      await context.addInitScript((stored) => window.localStorage.setItem('jwt_access_token', stored), token);
      await watchFirstView(context);
      const page = await context.newPage();
      const errors = consoleErrors(page);
      await page.goto('/lobby');
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
      expect(await recorded(page, '__parsed')).toBe('/lobby tr');
      // The app's own lobby, with the player's balance.
      await page.getByRole('banner').getByTestId('balance-amount').waitFor();
      // Every card: the first ones come in the takeover's commit, the others in a deferred one (MachineGrid).
      const names = await machineNames(token);
      await page
        .locator('h3')
        .nth(names.length - 1)
        .waitFor();
      expect(await page.locator('h3').allTextContents()).toEqual(names);
      const { x, y } = (await page.locator('#root h3').first().boundingBox())!;
      expect(await recorded(page, '__firstCard')).toBe(`${x},${y}`);
      expect(await recorded(page, '__shifts')).toEqual([]);
      expect(errors).toEqual([]);
      expect(await recorded(page, '__csp')).toEqual([]);
      // The app adopted the page's styles (app/prerender.tsx): the first card heading's classes are
      // styled by the platform's style element alone, not inserted again by the app, and no style of the
      // page that nothing adopted (a Global's with its names) is left.
      expect(
        await page.evaluate(() => {
          const rulesOf = (style: Element) => [...(style as HTMLStyleElement).sheet!.cssRules].map((rule) => rule.cssText);
          const styles = [...document.querySelectorAll('style[data-emotion]')];
          const fromPage = styles.filter((style) => /^mui /.test(style.getAttribute('data-emotion')!)).flatMap(rulesOf);
          const fromApp = styles.filter((style) => style.getAttribute('data-emotion') === 'mui').flatMap(rulesOf);
          const classes = [...document.querySelector('#root h3')!.classList].filter((name) => name.startsWith('mui-'));
          const definedIn = (rules: string[]) => classes.filter((name) => rules.some((rule) => rule.startsWith(`.${name}`)));
          const leftover = styles.filter(
            (style) => / /.test(style.getAttribute('data-emotion')!) && !/^mui /.test(style.getAttribute('data-emotion')!),
          );
          return {
            classes: classes.length,
            fromPage: definedIn(fromPage).length,
            fromApp: definedIn(fromApp).length,
            leftover: leftover.length,
          };
        }),
      ).toEqual({ classes: 1, fromPage: 1, fromApp: 0, leftover: 0 });
      await context.close();
    },
  );

  it('without a stored token the app sends the visitor to /login, as before', async () => {
    const context = await running.browser.newContext({ baseURL: running.platform.url, userAgent: phone });
    const page = await context.newPage();
    await page.goto('/lobby');
    await page.waitForURL(/\/login/);
    await context.close();
  });
});

describe("every other page starts with the platform's splash", () => {
  const splash = {
    tr: { logo: 'Reelcast logosu', dir: 'ltr' },
    en: { logo: 'Reelcast logo', dir: 'ltr' },
    ar: { logo: 'شعار Reelcast', dir: 'rtl' },
  };

  it.each(Object.entries(splash))('the HTML sent for %s has the splash, its lang and dir, and no inline script', async (language, text) => {
    for (const route of ['/', '/game/1/Northern%20Lights', '/transactions', '/callback']) {
      const { html, csp } = await pageHtml(route, language === 'tr' ? undefined : `${languageCookie}=${language}`);
      expect(html).toContain(`<html lang="${language}" dir="${text.dir}">`);
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root).toMatch(
        new RegExp(`^<div id="root" data-prerendered="splash ${language}" inert><div [^>]*role="status" aria-label="Loading\\.\\.\\."`),
      );
      expect(root).toContain(`<img src="/assets/logo.svg" width="96" height="96" alt="${text.logo}"/>`);
      expectNoInlineScript(html, csp);
    }
  });

  it('a browser with a look of its own gets the app, which paints that look from its first frame', async () => {
    const look = `reelcast-look=${encodeURIComponent(JSON.stringify({ themes: { main: 'ruby-night' } }))}`;
    expect((await pageHtml('/transactions', look)).html).toContain('<div id="root"></div>');
  });

  it('a client that does not ask for HTML gets index.html at /, as before; / is a page, not in the API document', async () => {
    const response = await fetch(`${running.platform.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
    const api = (await (await fetch(`${running.platform.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(api.paths)).toContain('/login');
    expect(Object.keys(api.paths)).not.toContain('/');
  });

  it('without scripts a phone already sees the splash', async () => {
    const { context, page } = await phoneWithoutScripts();
    await page.goto('/transactions');
    const logo = page.getByRole('img', { name: splash.tr.logo });
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const box = (await logo.boundingBox())!;
    // In the middle of the screen, as the app's splash draws it.
    expect(Math.round(box.x + box.width / 2)).toBe(195);
    expect(Math.abs(box.y + box.height / 2 - 422)).toBeLessThan(40);
    await context.close();
  });

  it("without scripts the game screen's splash shows only the splash: its hidden screen is neither seen nor hit", async () => {
    const { context, page } = await phoneWithoutScripts();
    await page.goto('/game/1/Northern%20Lights');
    await page.getByRole('img', { name: splash.tr.logo }).waitFor();
    const hidden = await page.evaluate(() => {
      const screen = document.querySelector('#root > [aria-hidden="true"]')!;
      const controls = [...screen.querySelectorAll('button')].map((button) => button.getBoundingClientRect());
      return {
        visibility: getComputedStyle(screen).visibility,
        controls: controls.length,
        hit: controls.filter((box) => screen.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).length,
        scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
      };
    });
    expect(hidden).toEqual({ visibility: 'hidden', controls: hidden.controls, hit: 0, scrolls: false });
    expect(hidden.controls).toBeGreaterThan(5);
    await context.close();
  });

  it("the game screen's splash carries the screen's styles, which the app adopts: its first commit does not insert them", async () => {
    const token = await signInAnswer();
    const machines = await fetch(`${running.platform.url}/machine/all`, { headers: { authorization: `Bearer ${token}` } });
    const [machine] = (await machines.json()) as { id: number; name: string }[];
    const route = `/game/${machine!.id}/${encodeURIComponent(machine!.name)}`;
    const ids = (html: string) => /<style data-emotion="mui ([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    const screenHtml = (await pageHtml(route)).html;
    const screenIds = ids(screenHtml);
    // The plain splash's styles and the game screen's.
    expect(screenIds.length).toBeGreaterThan(ids((await pageHtml('/transactions')).html).length + 20);
    // And the screen itself, laid out unseen under the splash (its fonts found while the scripts download).
    expect(screenHtml).toMatch(/<div aria-hidden="true" style="visibility:hidden;[^"]*">.*data-testid="game-balance"/s);
    const { context, page, errors } = await signedInPhone(token);
    await page.goto(route);
    // At the game screen's first frame (its video element comes in its first commit): later, with no
    // seat to take, the app may send the player back to the lobby.
    const styled = (await (
      await page.waitForFunction((adopted) => {
        // The app's screen: the splash's hidden copy of it has a video element too.
        if (document.getElementById('root')!.hasAttribute('data-prerendered') || !document.querySelector('#root video')) return null;
        const rulesOf = (style: Element) => [...(style as HTMLStyleElement).sheet!.cssRules].map((rule) => rule.cssText);
        const fromApp = [...document.querySelectorAll('style[data-emotion="mui"]')].flatMap(rulesOf);
        const used = new Set([...document.querySelectorAll('#root [class*="mui-"]')].flatMap((node) => [...node.classList]));
        const names = [...used].filter((name) => name.startsWith('mui-')).map((name) => name.slice('mui-'.length));
        return {
          path: location.pathname,
          // The hidden copy went with the splash: one balance button, the app's.
          balances: document.querySelectorAll('[data-testid="game-balance"]').length,
          fromPage: names.filter((name) => adopted.includes(name)).length,
          compiledByApp: fromApp.length,
          insertedAgain: names.filter((name) => adopted.includes(name) && fromApp.some((rule) => rule.startsWith(`.mui-${name}`))).length,
        };
      }, screenIds)
    ).jsonValue())!;
    expect(await recorded(page, '__parsed')).toBe('splash tr');
    expect(styled.path).toBe(route);
    expect(styled.balances).toBe(1);
    // The emotion classes on the screen styled by the platform's element (adopted), none inserted again.
    expect(styled.fromPage).toBeGreaterThan(10);
    expect(styled.insertedAgain).toBe(0);
    // Every layer's styles came with the page (prerender.tsx `everyStyle`), not only the classes on the
    // elements (an IconButton's own layer, under the class its ButtonBase merges): the one rule the app
    // compiles itself is the bare layout's, around the screen, which the splash does not render.
    expect(styled.compiledByApp).toBe(1);
    expect(errors).toEqual([]);
    expect(await recorded(page, '__csp')).toEqual([]);
    await context.close();
  });

  it('a signed-in phone: the app takes the splash over and shows the page, with no console error and no CSP violation', async () => {
    const token = await signInAnswer();
    const { context, page, errors } = await signedInPhone(token);
    await page.goto('/transactions');
    await page.getByRole('banner').getByTestId('balance-amount').waitFor();
    expect(await recorded(page, '__parsed')).toBe('splash tr');
    expect(
      await page.evaluate(() => [
        document.getElementById('root')!.hasAttribute('inert'),
        document.querySelectorAll('style[data-prerendered-styles]').length,
      ]),
    ).toEqual([false, 0]);
    expect(errors).toEqual([]);
    expect(await recorded(page, '__csp')).toEqual([]);
    await context.close();
  });
});
