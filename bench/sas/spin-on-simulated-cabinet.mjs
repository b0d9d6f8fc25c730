// Spin click → moving reels on a simulated SAS cabinet (bench/sas/run.mjs): the product with a cabinets
// file whose machine 1 is simulated, the demo player in headless Chromium, Spin clicked `spins` times.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';
import { defineFollowGameVideo, demoPlayerInLobby } from '../lib/portal-page.mjs';
import { portalCopy, startProduct } from '../lib/product-process.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs in the page before its own scripts, after bench/lib/portal-page.mjs: `window.__reels.latencies`, each the time from a Spin
 * `pointerdown` to the expected display time of the first frame whose glass (the 4:3 picture in the
 * middle of the band's 16:9 frame) differs from the frame on screen at the click.
 */
function pageHooks() {
  const GRID = { w: 80, h: 60 };
  const reels = { latencies: [], frames: 0, click: null, base: null, last: null };
  window.__reels = reels;
  document.addEventListener(
    'pointerdown',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.getAttribute('aria-label') !== 'Spin') return;
      reels.click = event.timeStamp;
      reels.base = reels.last;
    },
    true,
  );
  const canvas = document.createElement('canvas');
  canvas.width = GRID.w;
  canvas.height = GRID.h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  window.__followGameVideo((video, _now, meta) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (width && height) {
      const glassWidth = (height * 4) / 3;
      context.drawImage(video, (width - glassWidth) / 2, 0, glassWidth, height, 0, 0, GRID.w, GRID.h);
      const rgba = context.getImageData(0, 0, GRID.w, GRID.h).data;
      const luma = new Uint8Array(GRID.w * GRID.h);
      for (let i = 0; i < luma.length; i++) luma[i] = (rgba[i * 4] * 77 + rgba[i * 4 + 1] * 150 + rgba[i * 4 + 2] * 29) >> 8;
      reels.frames++;
      if (reels.click !== null && reels.base && meta.expectedDisplayTime > reels.click) {
        let changed = 0;
        for (let i = 0; i < luma.length; i++) if (Math.abs(luma[i] - reels.base[i]) > 24) changed++;
        if (changed / luma.length > 0.01) {
          reels.latencies.push(meta.expectedDisplayTime - reels.click);
          reels.click = null;
        }
      }
      reels.last = luma;
    }
  });
}

/** The latencies of `spins` Spin clicks on machine 1 of `cabinetsFile` (a simulated SAS cabinet), ms, and the size of the video played. */
export async function spinClicksOnSimulatedCabinet(spins, cabinetsFile) {
  const portal = portalCopy('sas');
  const product = await startProduct({ name: 'sas', args: ['--cabinets', cabinetsFile], env: { PORTAL_DIR: portal } });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const { page } = await demoPlayerInLobby(browser, product.url, { init: [[defineFollowGameVideo], [pageHooks]] });
    await page
      .getByRole('link', { name: 'Play Northern Lights' })
      .or(page.getByRole('button', { name: 'Play Northern Lights' }))
      .first()
      .click();
    await page.waitForURL(/\/game\/1\//);
    await page.waitForFunction(() => window.__reels.frames > 60, null, { timeout: 30_000 });
    const coin = page.getByRole('button', { name: /^Transfer .* to the machine$/ });
    if (!(await coin.first().isVisible())) await page.getByRole('button', { name: 'Open the wallet panel' }).first().click();
    await coin.first().click();
    await page.getByRole('button', { name: 'Close the wallet panel' }).click();
    await sleep(1_500);
    for (let i = 0; i < spins; i++) {
      const before = await page.evaluate(() => window.__reels.latencies.length);
      await page.getByRole('button', { name: 'Spin' }).first().click();
      await page.waitForFunction((n) => window.__reels.latencies.length > n, before, { timeout: 10_000 });
      // The simulated cabinet's reels spin 1.5 s (examples/cabinets.simulated.json), then stand still before the next click.
      await sleep(2_200);
    }
    return await page.evaluate(() => {
      const video = document.querySelector('video[data-testid="game-video"]');
      return { latencies: window.__reels.latencies, size: `${video.videoWidth}x${video.videoHeight}` };
    });
  } finally {
    await browser.close();
    await product.stop();
    fs.rmSync(portal, { recursive: true, force: true });
  }
}
