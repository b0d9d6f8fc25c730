import { describe, expect, it } from 'vitest';
import { languageCookie } from '@reelcast/protocol';
import { consoleErrors, platformAndBrowser, writeSettings } from './harness.ts';

/**
 * /login's first view is in the platform's HTML (rendered at build: vite.config.ts prerenderLogin), in
 * the language the player chose (its cookie) or Settings.json's default, and the app takes it over
 * without a console error or a layout shift (docs/architecture.md "First view").
 */

const running = platformAndBrowser();

const texts = {
  tr: { title: 'Giriş yap', subtitle: 'Gerçek slot makinelerini bulunduğunuz yerden oynayın.', dir: 'ltr' },
  en: { title: 'Sign in', subtitle: 'Play real slot machines from wherever you are.', dir: 'ltr' },
  ar: { title: 'تسجيل الدخول', subtitle: 'العب على آلات سلوت حقيقية من أي مكان.', dir: 'rtl' },
} as const;

async function loginHtml(cookie?: string) {
  const response = await fetch(`${running.platform.url}/login`, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(200);
  return { html: await response.text(), csp: response.headers.get('content-security-policy') ?? '' };
}

describe('/login rendered ahead of time', () => {
  it.each(Object.entries(texts))('the HTML sent for %s has the page, its lang and dir, and no inline script', async (language, text) => {
    const { html, csp } = await loginHtml(language === 'tr' ? undefined : `${languageCookie}=${language}`);
    expect(html).toContain(`<html lang="${language}" dir="${text.dir}">`);
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain(`>${text.title}</h1>`);
    expect(root).toContain(text.subtitle);
    expect(root).toMatch(/<button[^>]*type="submit"/);
    // Every script is a file of the origin or data (script-src 'self' stays without a hash or nonce).
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/|type="application\/json"/);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('without scripts a phone already sees the form', async () => {
    const context = await running.browser.newContext({
      baseURL: running.platform.url,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await expect.poll(() => page.locator('h1').textContent()).toBe(texts.tr.title);
    expect(await page.locator('button[type="submit"]').isVisible()).toBe(true);
    expect(await page.locator('input[type="password"]').isVisible()).toBe(true);
    await context.close();
  });

  it('the app takes the page over: no console error, no layout shift, no CSP violation, and the form signs in', async () => {
    const context = await running.browser.newContext({ baseURL: running.platform.url, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      // What the page held once parsed, before any of its scripts ran.
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __parsed: string }).__parsed = document.getElementById('root')!.dataset.prerendered ?? 'none';
      });
      const violations: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      // As CLS counts them: not a shift that follows the player's own input (the sign-in's move to /lobby).
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => {
          const shift = entry as unknown as { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) shifts.push(shift.value);
        }),
      ).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/login');
    // The app has replaced the prerendered page once the container is no longer inert.
    await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
    expect(await page.evaluate(() => (window as unknown as { __parsed: string }).__parsed)).toBe('/login tr');
    expect(await page.evaluate(() => document.getElementById('root')!.dataset.prerendered)).toBeUndefined();
    await page.getByLabel(/kullanıcı adı/i).fill('demo');
    await page.locator('input[type="password"]').fill('demo1234');
    await page.getByRole('button', { name: 'Giriş' }).click();
    await page.waitForURL(/\/lobby$/);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await context.close();
  });

  it('with settings that change the page (the splash), the platform sends the app to render it', async () => {
    await writeSettings(running.platform, { splash: true });
    try {
      const { html } = await loginHtml();
      expect(html).toContain('<div id="root"></div>');
    } finally {
      await writeSettings(running.platform, {});
    }
  });
});
