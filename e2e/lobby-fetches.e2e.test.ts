import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { englishPage, platformAndBrowser, pollRead, signIn, writeSettings } from './harness.ts';

// A lobby load asks for each of its data once (issue 24): the notification socket opens after the first
// view, and instead of fetching everything again when it connects it is sent the pushes it missed since
// the sign-in answer (docs/api.md "Notification socket"). Checked in Chromium with a machine that changes
// while the page has its data and no socket yet.
const running = platformAndBrowser();

/** Counts the page's GETs of these paths. */
function countGets(page: Page, paths: string[]): Record<string, number> {
  const counts = Object.fromEntries(paths.map((path) => [path, 0]));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname in counts) counts[pathname]! += 1;
  });
  return counts;
}

/** Holds the notification socket's requests until the returned function is called. */
async function holdSocket(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/socket.io/'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** A machine's status as a machine agent reports it: the platform pushes it to every lobby. */
async function report(status: 'playing' | 'idle', machineId: number) {
  const { platform } = running;
  const { status: code } = await platform.call('PUT', `/machine-api/machines/${machineId}/status`, {
    token: platform.services.machineApiToken,
    body: { status, reservation: status === 'playing' ? { playerId: 2, until: null } : null },
  });
  expect(code).toBe(200);
}

describe('a lobby load asks for each of its data once', () => {
  it('signed in through /login: brands, machines and balance once; a change before the socket still shows', async () => {
    const { browser, platform } = running;
    const { context, page } = await englishPage(browser, platform.url);
    const counts = countGets(page, ['/machine/brands', '/machine/all', '/player/balance']);
    const releaseSocket = await holdSocket(page);
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/lobby$/);
    const chip = page.getByTestId('machine-status-6');
    await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('idle');
    await expect.poll(() => ({ ...counts })).toEqual({ '/machine/brands': 1, '/machine/all': 1, '/player/balance': 1 });

    // The page has its data; the machine changes before the socket is there to hear it.
    await report('playing', 6);
    releaseSocket();
    await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('playing');
    // A push once connected: the socket's connection (and anything it would have fetched) came before it.
    await report('idle', 6);
    await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('idle');
    expect(counts).toEqual({ '/machine/brands': 1, '/machine/all': 1, '/player/balance': 1 });
    await context.close();
  });

  it('lobby display on, opened again with the stored token (the token sign-in): /machine/{id} once', async () => {
    const { browser, platform } = running;
    await writeSettings(platform, { lobbyDisplay: true, lobbyDisplayId: 2 });
    try {
      const { context, page: first } = await englishPage(browser, platform.url);
      await first.goto('/login');
      await signIn(first);
      await first.waitForURL(/\/lobby$/);
      await first.close();
      // A new tab of the same browser: the stored token signs it in.
      const page = await context.newPage();
      const counts = countGets(page, ['/machine/2', '/machine/brands', '/machine/all', '/player/balance']);
      const releaseSocket = await holdSocket(page);
      await page.goto('/lobby');
      const chip = page.getByTestId('machine-status-6');
      await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('idle');
      await report('playing', 6);
      releaseSocket();
      await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('playing');
      await report('idle', 6);
      await expect.poll(() => chip.getAttribute('data-status', pollRead)).toBe('idle');
      expect(counts).toEqual({ '/machine/2': 1, '/machine/brands': 0, '/machine/all': 0, '/player/balance': 1 });
      await context.close();
    } finally {
      await writeSettings(platform, {});
    }
  });
});
