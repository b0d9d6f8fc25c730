import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSession, openSlotSession } from '../apps/platform/test/promotions-helpers.ts';
import { englishPage, platformAndBrowser, pollRead, signIn, writeSettings } from './harness.ts';

/**
 * A portal whose Settings.json `apiBaseUrl` is another allowed origin (docs/security.md "Origins"): the
 * page at http://localhost:{port}, the API at http://127.0.0.1:{port}, a loopback alias the platform
 * allows. The notification socket starts with long-polling there, across origins: Chromium reads its
 * answers only with CORS headers, and without them no push arrives and the reconnect dialog never opens.
 */

const running = platformAndBrowser();

/** The machine whose seat demo2 holds, opened through the machine API as an agent would. */
const SEAT = 9;

async function lobbyAcrossOrigins(): Promise<{ page: Page; pollingAnswers: { url: string; allowOrigin: string | null }[] }> {
  const { platform } = running;
  const apiBase = platform.url.replace('localhost', '127.0.0.1');
  await writeSettings(platform, { apiBaseUrl: apiBase, socketTransport: 'polling-then-websocket', lobbyUpdate: 0 });
  const { page } = await englishPage(running.browser, platform.url);
  const pollingAnswers: { url: string; allowOrigin: string | null }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/socket.io/') && url.includes('transport=polling')) {
      pollingAnswers.push({ url, allowOrigin: response.headers()['access-control-allow-origin'] ?? null });
    }
  });
  await page.goto('/login');
  await signIn(page, 'demo2');
  await page.waitForURL(/\/lobby$/);
  return { page, pollingAnswers };
}

describe('notification socket from a page on another allowed origin (apiBaseUrl)', () => {
  it('long-polls the API origin with CORS, and the machine and session pushes arrive: a lobby chip changes, the reconnect dialog opens', async () => {
    const { platform } = running;
    const token = await platform.login('demo2');
    const sessionId = await openSlotSession(platform, { token }, SEAT, 0);
    try {
      const { page, pollingAnswers } = await lobbyAcrossOrigins();
      const pageOrigin = new URL(platform.url).origin;
      await expect.poll(() => pollingAnswers.length).toBeGreaterThan(0);
      expect(new URL(pollingAnswers[0]!.url).hostname).toBe('127.0.0.1');
      expect(pollingAnswers.map((answer) => answer.allowOrigin)).toEqual(pollingAnswers.map(() => pageOrigin));

      // The session push of the seat held on machine 9 opens the reconnect dialog.
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);

      // A machine push changes a lobby chip without a refresh (lobbyUpdate 0).
      const chip = page.getByTestId('machine-status-4');
      await expect.poll(() => chip.textContent(pollRead)).not.toMatch(/error|malfunction/i);
      const answer = await platform.call('PUT', '/machine-api/machines/4/status', {
        token: platform.services.machineApiToken,
        body: { status: 'error' },
      });
      expect(answer.status).toBe(200);
      await expect.poll(() => chip.textContent(pollRead)).toMatch(/error|malfunction/i);
      await page.context().close();
    } finally {
      await platform.call('PUT', '/machine-api/machines/4/status', { token: platform.services.machineApiToken, body: { status: 'idle' } });
      await closeSession(platform, sessionId);
    }
  });
});
