import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { afterFirstViewFiles, chunkFile, firstLoadFiles } from '../apps/portal/scripts/first-load.mjs';
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

/** A fresh browser context at a desktop's size, signed in with `token` when one is given (the stored token). */
async function freshContext(token?: string) {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript((stored) => window.localStorage.setItem('jwt_access_token', stored), token);
  return context;
}

const dataAnswered = '(data answered)';

/**
 * What a fresh browser downloads for a first visit, in order, until the page shows its content, the
 * scripts meant for after the first view (`later`) have been asked for (at most 15 s) and the network
 * is quiet: each script, and the moment the page's data (`dataPath`) has answered.
 *
 * Waiting for `later` by name, not for `networkidle` alone: the portal asks for them only after the
 * network has been quiet for 300 ms and the browser is idle (shared/lib/after-first-view.ts), which on
 * a busy machine comes after Playwright's 500 ms of quiet.
 */
async function firstVisit(path: string, dataPath: string, later: string[], token?: string): Promise<string[]> {
  const context = await freshContext(token);
  const page = await context.newPage();
  const events: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) events.push(pathname.slice(1));
  });
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === dataPath && !events.includes(dataAnswered)) events.push(dataAnswered);
  });
  await page.goto(path);
  if (token)
    await page
      .getByTestId(/^machine-card-/)
      .first()
      .waitFor();
  else await page.getByRole('button', { name: 'Giriş' }).waitFor();
  const deadline = Date.now() + 15_000;
  while (!later.every((file) => events.includes(file)) && Date.now() < deadline) await page.waitForTimeout(50);
  await page.waitForLoadState('networkidle');
  await context.close();
  return events;
}

// The bundle budget (apps/portal/scripts/check-bundle.mjs) weighs what it reads from the manifest: it
// must be what a browser really downloads, lazy chunks included.
/** Exactly the counted scripts, then, after the page's data answered, exactly the ones fetched after the first view. */
function expectFirstThenLater(events: string[], first: string[], later: string[]) {
  const scripts = events.filter((event) => event !== dataAnswered);
  expect([...scripts].sort()).toEqual([...first, ...later].sort());
  const answeredAt = events.indexOf(dataAnswered);
  expect(answeredAt).toBeGreaterThan(-1);
  const firstLaterAt = Math.min(...later.map((file) => events.indexOf(file)));
  expect(firstLaterAt).toBeGreaterThan(answeredAt);
  for (const file of first) expect(events.indexOf(file), file).toBeLessThan(firstLaterAt);
}

describe('first visit in Chromium', () => {
  const expected: Record<string, string[]> = firstLoadFiles();
  const later: Record<string, string[]> = afterFirstViewFiles();

  it('downloads exactly the scripts the bundle budget counts for /login, then the toast bar', async () => {
    expectFirstThenLater(await firstVisit('/login', '/Settings.json', later['/login']!), expected['/login']!, later['/login']!);
  });

  it('downloads exactly the scripts the bundle budget counts for /lobby, then socket.io-client once the lobby has its machines', async () => {
    const token = await platform.login();
    expectFirstThenLater(await firstVisit('/lobby', '/machine/all', later['/lobby']!, token), expected['/lobby']!, later['/lobby']!);
  });

  /**
   * The game screen's code comes after the lobby's first view by the browser's own module loading
   * (src/app/preload-game.ts): Vite's preload helper inserted a link for each of its ~20 files in one go,
   * a task of 110-186 ms at 4x CPU (docs/benchmarks.md).
   */
  it("loads the game screen's code after the lobby's first view without a preload link per file", async () => {
    const context = await freshContext(await platform.login());
    const page = await context.newPage();
    const gameRoute = chunkFile('src/app/game-route.tsx');
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === `/${gameRoute}`, { timeout: 60_000 });
    await page.goto('/lobby');
    await asked;
    await page.waitForLoadState('networkidle');
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname.slice(1)),
    );
    await context.close();
    expect(linked.length).toBeGreaterThan(0);
    expect(linked).not.toContain(gameRoute);
  });

  /**
   * A first visit to /lobby on a slow network: each request below must go out while an earlier part of
   * the start is still on its way (held here until it does, at most 10 s). Before, each waited for it:
   * the lobby's code for the app's router to run, the lobby's data for the lobby's code
   * (docs/benchmarks.md, phone).
   */
  it('asks for the lobby code and the lobby data without waiting for the scripts before them', async () => {
    const context = await freshContext(await platform.login());
    const page = await context.newPage();
    const holds = [
      { held: chunkFile('src/app/app.tsx'), until: chunkFile('src/features/lobby/pages/lobby-page.tsx') },
      { held: chunkFile('src/features/lobby/pages/lobby-page.tsx'), until: 'machine/all' },
    ];
    const requested = new Set<string>();
    const waiters = new Map<string, () => void>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname.slice(1);
      requested.add(path);
      waiters.get(path)?.();
    });
    const seenWhileHeld: Record<string, boolean> = {};
    for (const { held, until } of holds) {
      await page.route(
        (url) => url.pathname === `/${held}`,
        async (route) => {
          const seen =
            requested.has(until) ||
            (await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), 10_000);
              waiters.set(until, () => {
                clearTimeout(timer);
                resolve(true);
              });
            }));
          seenWhileHeld[`${until} while ${held} was on its way`] = seen;
          await route.continue();
        },
      );
    }
    await page.goto('/lobby');
    // The app's cards: the platform's HTML has the same ones before the app has started (the page is inert until the app takes it over).
    await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('inert') === false, undefined, { timeout: 60_000 });
    await page
      .getByTestId(/^machine-card-/)
      .first()
      .waitFor({ timeout: 60_000 });
    await context.close();
    expect(seenWhileHeld).toEqual(Object.fromEntries(holds.map(({ held, until }) => [`${until} while ${held} was on its way`, true])));
  });
});
