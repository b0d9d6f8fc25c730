// The portal as the benches that play it in Chromium use it: the demo player signed in, the game video followed.

/**
 * A new page of `browser` on the portal at `url`, in English, signed in as the demo player and in the
 * lobby. `init`: page scripts run before the portal's own, each `[script, argument?]` (addInitScript);
 * `contextOptions` go to the browser context.
 */
export async function demoPlayerInLobby(browser, url, { init = [], contextOptions = {} } = {}) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US', ...contextOptions });
  await context.addInitScript(() => {
    window.localStorage.setItem('i18nextLng', 'en');
    window.localStorage.setItem('language', 'en');
  });
  for (const [script, argument] of init) await context.addInitScript(script, argument);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email or username/i).fill('demo');
  await page.getByLabel(/^password/i).fill('demo1234');
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(/\/lobby$/);
  return { context, page };
}

// A page script (addInitScript) for the benches that watch the game page's video.

/**
 * Defines `window.__followGameVideo(onFrame)`: calls `onFrame(video, now, metadata)` for every frame the
 * game page's video (`data-testid="game-video"`) presents (requestVideoFrameCallback), following the
 * element when the page replaces it.
 */
export function defineFollowGameVideo() {
  window.__followGameVideo = (onFrame) => {
    let video = null;
    const next = (now, meta) => {
      onFrame(video, now, meta);
      video.requestVideoFrameCallback(next);
    };
    new MutationObserver(() => {
      const found = document.querySelector('video[data-testid="game-video"]');
      if (!found || found === video) return;
      video = found;
      video.requestVideoFrameCallback(next);
    }).observe(document, { childList: true, subtree: true });
  };
}
