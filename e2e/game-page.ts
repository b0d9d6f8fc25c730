// The game page as a player uses it (not a test file): join from the lobby, the wallet drawer, the video's picture.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningAgent } from '../apps/machine/src/agent/agent.ts';

/** Clicks Play on the machine in the lobby and waits until its agent has seated the player. */
export async function joinFromLobby(page: Page, agent: RunningAgent, machineId: number, name: string): Promise<void> {
  await page
    .getByRole('button', { name: `Play ${name}` })
    .or(page.getByRole('link', { name: `Play ${name}` }))
    .first()
    .click();
  await page.waitForURL(new RegExp(`/game/${machineId}/`));
  await expect.poll(() => agent.hosts.get(machineId)?.seatedPlayerId ?? null, { timeout: 15_000 }).not.toBeNull();
}

/** A fingerprint of the current video frame, or null while nothing is decoded. */
export function frameFingerprint(page: Page): Promise<{ hash: number; bright: number; width: number } | null> {
  return page.evaluate(() => {
    const video = document.querySelector('video');
    if (!video || video.readyState < 2 || !video.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(video, 0, 0, 160, 90);
    const data = ctx.getImageData(0, 0, 160, 90).data;
    let hash = 0;
    let bright = 0;
    for (let i = 0; i < data.length; i += 4) {
      hash = (hash * 31 + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13) >>> 0;
      bright += data[i]! + data[i + 1]! + data[i + 2]!;
    }
    return { hash, bright: bright / (data.length / 4) / 3, width: video.videoWidth };
  });
}

export async function transferHotCoin(page: Page): Promise<void> {
  await openWallet(page);
  await page
    .getByRole('button', { name: /^Transfer .* to the machine$/ })
    .first()
    .click();
}

export async function openWallet(page: Page): Promise<void> {
  const coin = page.getByRole('button', { name: /^Transfer .* to the machine$/ }).first();
  if (!(await coin.isVisible())) await page.getByRole('button', { name: 'Open the wallet panel' }).first().click();
  await coin.waitFor();
}

export const CLOSE_WALLET = 'Close the wallet panel';

/** Closes the wallet drawer with its own button (Escape depends on where the focus is). */
export async function closeWallet(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: CLOSE_WALLET });
  if (await close.isVisible()) await close.click();
  await close.waitFor({ state: 'hidden' });
}
