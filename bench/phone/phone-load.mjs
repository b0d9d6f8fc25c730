// One cold first load of a portal page as a mid-range phone on a slow mobile network sees it:
// Debian's Chromium driven by playwright-core, phone emulation, network and CPU throttled through CDP,
// and the page's own paint, LCP and long-task entries read once the page is quiet.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';

/** Lighthouse's "Slow 4G" (its mobile default) and CPU slowdown: the conditions every load runs under. */
export const conditions = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** A phone screen (iPhone 12–15 / Pixel 7 class). */
export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * Chrome on Android as it introduces itself today (the reduced user agent: model and minor versions
 * hidden), with the major version of the Chromium that runs the bench.
 */
export const androidChromeUserAgent = (browserVersion) =>
  `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browserVersion.split('.')[0]}.0.0.0 Mobile Safari/537.36`;

/** How long the page must stay without network traffic (after Playwright's network idle) before it is read. */
export const QUIET_MS = 2000;
const LONG_TASK_MS = 50;

/** Debian's Chromium with the flags of ARCHITECTURE.md. Nothing is downloaded. Signals are ours to handle. */
export function launchPhoneBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: chromiumArgs,
  });
}

/**
 * Runs in the page before any of its scripts. Observers with `buffered: true` also receive entries
 * recorded before they were registered; registering this early also catches every long task.
 */
function observePerformance() {
  if (window !== window.top) return;
  const seen = { paint: [], lcp: [], longTasks: [] };
  window.__phoneBench = seen;
  const describe = (element) => {
    if (!element) return '(removed)';
    const testId = element.getAttribute('data-testid');
    const text = element.textContent?.trim().slice(0, 30);
    return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${element.tagName === 'IMG' || !text ? '' : ` "${text}"`}`;
  };
  const observe = (type, take) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser lacks stays empty; the report shows it as missing.
    }
  };
  observe('paint', (entry) => seen.paint.push({ name: entry.name, startTime: entry.startTime }));
  observe('largest-contentful-paint', (entry) =>
    seen.lcp.push({ startTime: entry.startTime, size: entry.size, element: describe(entry.element), url: entry.url }),
  );
  observe('longtask', (entry) => seen.longTasks.push({ startTime: entry.startTime, duration: entry.duration }));
}

/**
 * Loads `route` in a new browser context (a cold cache: nothing shared with earlier loads) and waits
 * until `ready(page)` resolves, the network is idle and then QUIET_MS more, with no input at all, so
 * the last LCP candidate is final.
 *
 * Figures (milliseconds from the navigation start, bytes as sent over the wire):
 * - fcp, lcp: the page's own `paint` and `largest-contentful-paint` entries;
 * - tbt: total blocking time = Σ (duration − 50 ms) over long tasks that start at or after FCP, up to
 *   the moment the page is read (long tasks are timed on the slowed-down CPU);
 * - contentMs: when `ready` saw the content (the login button, the lobby's first machine card);
 * - bytes, requests, jsBytes: every request of the load (CDP Network.loadingFinished encodedDataLength:
 *   headers and body as received, compressed), and the part whose resource type is Script.
 *
 * @param {{ browser: import('playwright-core').Browser, baseUrl: string, route: string, token?: string, readySelector: string }} load
 */
export async function measureLoad({ browser, baseUrl, route, token, readySelector }) {
  const context = await browser.newContext({
    ...phone,
    userAgent: androidChromeUserAgent(browser.version()),
    baseURL: baseUrl,
    locale: 'tr-TR',
  });
  try {
    // The portal keeps its session in localStorage (apps/portal/src/shared/lib/storage-keys.ts): a
    // stored token makes the navigation start signed in, as a returning player's phone does.
    if (token) await context.addInitScript((stored) => window.localStorage.setItem('jwt_access_token', stored), token);
    await context.addInitScript(observePerformance);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: conditions.latencyMs,
      downloadThroughput: conditions.downloadBytesPerSecond,
      uploadThroughput: conditions.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });

    const typeOf = new Map();
    const totals = { bytes: 0, jsBytes: 0, requests: 0, failed: 0 };
    cdp.on('Network.requestWillBeSent', (event) => {
      totals.requests += 1;
      if (event.type) typeOf.set(event.requestId, event.type);
    });
    cdp.on('Network.responseReceived', (event) => typeOf.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      totals.bytes += event.encodedDataLength;
      if (typeOf.get(event.requestId) === 'Script') totals.jsBytes += event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', () => (totals.failed += 1));

    await page.goto(route, { waitUntil: 'commit', timeout: 120_000 });
    // Polled on animation frames: one querySelector a frame, cheap next to the page's own work.
    const contentMs = await (
      await page.waitForFunction((selector) => document.querySelector(selector) && performance.now(), readySelector, {
        polling: 'raf',
        timeout: 120_000,
      })
    ).jsonValue();
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(QUIET_MS);

    const seen = await page.evaluate(() => window.__phoneBench);
    const fcp = seen.paint.find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? NaN;
    const lcpEntry = seen.lcp.at(-1);
    const tbt = seen.longTasks
      .filter((task) => task.startTime >= fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
    return {
      route,
      fcp,
      lcp: lcpEntry?.startTime ?? NaN,
      lcpElement: lcpEntry ? (lcpEntry.url ? `${lcpEntry.element} ${new URL(lcpEntry.url).pathname}` : lcpEntry.element) : 'none',
      tbt,
      longTasks: seen.longTasks.length,
      contentMs,
      ...totals,
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}
