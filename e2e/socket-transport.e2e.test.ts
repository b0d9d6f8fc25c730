import { describe, expect, it } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import type { Settings } from '@reelcast/protocol';
import { englishPage, platformAndBrowser, pollRead, signIn, writeSettings } from './harness.ts';

/**
 * Settings.json `socketTransport` (docs/configuration.md) in Chromium: with 'websocket' the notification
 * socket opens a WebSocket at once and the page never asks `/socket.io/?…transport=polling` (what lets a
 * load balancer go without sticky sessions), and the lobby still gets its pushes; the default starts with
 * long-polling. `lobbyUpdate: 0` turns the lobby's own refreshes off: only a push can change a chip.
 */

const running = platformAndBrowser();

type Watched = { page: Page; socketIoRequests: string[]; sockets: WebSocket[]; frames: string[] };

/** A signed-in lobby page recording every Socket.IO request and WebSocket it makes from the start. */
async function lobbyWith(socketTransport: Settings['socketTransport']): Promise<Watched> {
  await writeSettings(running.platform, { socketTransport, lobbyUpdate: 0 });
  const { page } = await englishPage(running.browser, running.platform.url);
  const socketIoRequests: string[] = [];
  const sockets: WebSocket[] = [];
  const frames: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/')) socketIoRequests.push(request.url());
  });
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    sockets.push(ws);
    ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  await page.goto('/login');
  await signIn(page, 'demo2');
  await page.waitForURL(/\/lobby$/);
  return { page, socketIoRequests, sockets, frames };
}

/** Sets a machine's status as its agent would, and waits for the lobby's chip to show it. */
async function pushStatus(page: Page, machineId: number, status: 'error' | 'idle', shown: RegExp): Promise<void> {
  const chip = page.getByTestId(`machine-status-${machineId}`);
  await expect.poll(() => chip.textContent(pollRead)).not.toMatch(shown);
  const { platform } = running;
  const answer = await platform.call('PUT', `/machine-api/machines/${machineId}/status`, {
    token: platform.services.machineApiToken,
    body: { status },
  });
  expect(answer.status).toBe(200);
  await expect.poll(() => chip.textContent(pollRead)).toMatch(shown);
}

const polling = (urls: string[]) => urls.filter((url) => new URL(url).searchParams.get('transport') === 'polling');

describe('notification socket transport in Chromium', () => {
  it("'websocket': no long-polling request at all, one WebSocket, and the lobby gets a machine push through it", async () => {
    const { page, socketIoRequests, sockets, frames } = await lobbyWith('websocket');
    await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length).toBe(1);
    // Socket.IO's CONNECT answer ('40{"sid":…}') came over the WebSocket: the socket is in before the push.
    await expect.poll(() => frames.some((frame) => frame.startsWith('40'))).toBe(true);
    await pushStatus(page, 5, 'error', /error|malfunction/i);
    expect(new URL(sockets[0]!.url()).searchParams.get('transport')).toBe('websocket');
    expect(polling(socketIoRequests)).toEqual([]);
    await pushStatus(page, 5, 'idle', /idle|available/i);
    expect(polling(socketIoRequests)).toEqual([]);
    await page.context().close();
  });

  it("the default ('polling-then-websocket') starts with a long-polling request, then upgrades; pushes arrive", async () => {
    const { page, socketIoRequests, sockets } = await lobbyWith('polling-then-websocket');
    await expect.poll(() => polling(socketIoRequests).length).toBeGreaterThan(0);
    await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length).toBe(1);
    await pushStatus(page, 6, 'error', /error|malfunction/i);
    await pushStatus(page, 6, 'idle', /idle|available/i);
    await page.context().close();
  });
});
