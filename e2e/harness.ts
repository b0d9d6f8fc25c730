import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { LayoutOptions, LayoutStyle, Settings } from '@reelcast/protocol';
import { expectLedgerSound, startTestPlatform as startPlatformForTests, type TestPlatform } from '@reelcast/testing';
import { startMachineAgent, type AgentConfig, type RunningAgent } from '../apps/machine/src/agent/agent.ts';
import { loadConfig } from '../apps/platform/src/config.ts';
import type { HostTiming } from '../apps/machine/src/agent/machine-host.ts';
import { chromiumArgs, chromiumPath } from '../bench/lib/chromium.mjs';

export { expectLedgerSound, type TestPlatform };
/** The machine agent's clock for a journey, moved on for a timer that runs in the agent, not in the page. */
export { movableClock as agentClock } from '../apps/machine/src/agent/agent-test-helpers.ts';

/** A platform for the journeys, with the product's own rate limits: a player's journeys must never meet them. */
export function startTestPlatform(overrides: Parameters<typeof startPlatformForTests>[0] = {}): Promise<TestPlatform> {
  const { rateLimitApiPerMinute, rateLimitLoginPerMinute, rateLimitMoneyPerMinute } = loadConfig({}, {});
  return startPlatformForTests({ rateLimitApiPerMinute, rateLimitLoginPerMinute, rateLimitMoneyPerMinute, ...overrides });
}

export interface TestStack {
  platform: TestPlatform;
  agent: RunningAgent;
  stop(): Promise<void>;
}

/**
 * The whole product as `reelcast start` runs it: platform (serving the built portal) and the machine agent;
 * `agentConfig` changes the agent's configuration (its cabinets, its seed, its clock).
 */
export async function startTestStack(timing?: Partial<HostTiming>, agentConfig: Partial<AgentConfig> = {}): Promise<TestStack> {
  const platform = await startTestPlatform();
  const agent = await startMachineAgent({
    platformUrl: platform.url,
    serviceToken: platform.services.machineApiToken,
    port: 0,
    host: '127.0.0.1',
    dataDir: platform.config.dataDir,
    seed: 'e2e',
    allowedOrigins: [new URL(platform.url).origin],
    // Tests may read the frame stamp (the drawing time and frame number) back from the picture.
    videoFrameStamp: true,
    timing,
    ...agentConfig,
  });
  return {
    platform,
    agent,
    async stop() {
      await agent.close();
      await platform.stop();
    },
  };
}

/**
 * Writes the operator's Settings.json with these fields (the others take their defaults) and waits
 * until the platform serves them.
 */
export async function writeSettings(platform: TestPlatform, settings: Partial<Settings>): Promise<void> {
  fs.writeFileSync(platform.services.settings.path, JSON.stringify(settings));
  for (let tries = 0; ; tries++) {
    const served = (await (await fetch(`${platform.url}/Settings.json`)).json()) as Record<string, unknown>;
    if (Object.entries(settings).every(([key, value]) => isDeepStrictEqual(served[key], value))) return;
    if (tries === 100) throw new Error(`Settings.json not served after writing ${JSON.stringify(settings)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Debian's Chromium with the flags ARCHITECTURE.md lists (Playwright's own browsers cannot be downloaded here). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** A fresh browser context whose portal speaks English (the tests read English texts). */
export async function englishPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('i18nextLng')) window.localStorage.setItem('i18nextLng', 'en');
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
    // Every Content-Security-Policy violation of the page, for cspViolations().
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const page = await context.newPage();
  return { context, page };
}

/** The Content-Security-Policy violations the page has reported since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

export async function signIn(page: Page, username = 'demo', password = 'demo1234'): Promise<void> {
  await page.getByLabel(/email or username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/**
 * One platform and one Chromium for a test file's journeys: started before its first test, stopped
 * after its last. Read `platform` and `browser` inside the tests.
 *
 * @example
 * const running = platformAndBrowser();
 * it('…', async () => { const page = await signedInPage(running.browser, running.platform.url); });
 */
export function platformAndBrowser(overrides: Parameters<typeof startPlatformForTests>[0] = {}): {
  platform: TestPlatform;
  browser: Browser;
} {
  const running = {} as { platform: TestPlatform; browser: Browser };
  beforeAll(async () => {
    [running.platform, running.browser] = await Promise.all([startTestPlatform(overrides), launchChromium()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.platform?.stop();
  });
  return running;
}

/** A fresh English page signed in through /login, waiting in the lobby. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  username = 'demo',
  password = 'demo1234',
  viewport?: { width: number; height: number },
): Promise<Page> {
  const { page } = await englishPage(browser, baseURL, viewport);
  await page.goto('/login');
  await signIn(page, username, password);
  await page.waitForURL(/\/lobby$/);
  return page;
}

/**
 * Opens a select field's menu (MUI's Select) from the keyboard once it is enabled, and waits for it.
 * Not with a click: a click's mouseup that comes 200 ms or more after its mousedown chooses the option
 * under the pointer, as a native select's press, drag and release does, and these menus open over
 * their field. On a loaded host Playwright's two events are that far apart, and the click chose an
 * option and closed the menu (a 150 ms gap here chose "Royal Purple" from the colour schemes).
 */
export async function openSelect(select: Locator): Promise<void> {
  // A key press does not wait as a click does: a field still waiting for its options takes no key.
  await expect.poll(() => select.isEnabled()).toBe(true);
  await select.press('ArrowDown');
  await select.page().getByRole('listbox').waitFor();
}

/** Saves the player's layout on the server, as the settings drawer does, then reloads the page in it. */
export async function chooseLayout(page: Page, style: LayoutStyle, language: 'en' | 'ar', config: LayoutOptions = {}) {
  const status = await page.evaluate(
    async ([settings, lang]) => {
      localStorage.setItem('language', lang);
      const response = await fetch('/api/auth/user/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('jwt_access_token')}` },
        body: JSON.stringify({ user: { settings } }),
      });
      // This browser's copy goes too: the page starts in the server's.
      for (const key of Object.keys(localStorage)) if (key.startsWith('settings.')) localStorage.removeItem(key);
      return response.status;
    },
    [{ layout: { style, config } }, language] as const,
  );
  if (status !== 200) throw new Error(`the layout was not saved: ${status}`);
  await page.reload();
  await page.waitForURL(/\/lobby$/);
  // The app's page in the server's copy: the platform's page (in the look this browser showed before)
  // is replaced, and the server's answer has been applied (written back to this browser's copy). Before
  // that a default layout1 matched at once, and the test measured a page that was about to go.
  await page.waitForFunction(
    () =>
      !document.getElementById('root')?.hasAttribute('data-prerendered') &&
      Object.keys(localStorage).some((key) => /^settings\.\d+$/.test(key)),
  );
  await page.locator(`[data-layout="${style}"]`).waitFor();
}

/**
 * The options of a Playwright read inside `expect.poll` (`locator.textContent(pollRead)`): wait at most
 * 1 s for the element. With Playwright's own wait (30 s by default) a missing element holds each try
 * for 30 s, and a poll awaits its try to the end and then tries once more: about 60 s, past the test's
 * timeout, with nothing to say which step it was. Bounded, the poll fails at its own timeout with the
 * locator it waited for.
 */
export const pollRead = { timeout: 1_000 } as const;

/**
 * `work`'s result, or an error naming `what` once `timeoutMs` passed: for a promise with no bound of
 * its own that a test awaits (a host call waits behind the machine's serial queue).
 */
export async function within<T>(what: string, timeoutMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Console errors and uncaught exceptions of a page from now on, each with the address it happened at. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * What went wrong in a page from now on (answers of 400 and above, failed requests, console errors and
 * warnings, uncaught exceptions, navigations), for `explained`: a step that fails says what the page did.
 */
export function pageJournal(page: Page): string[] {
  const journal: string[] = [];
  const started = Date.now();
  const note = (line: string) => journal.push(`+${Date.now() - started} ms ${line}`);
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // Pictures a page was still loading when it was left say nothing.
    const error = request.failure()?.errorText;
    if (request.resourceType() !== 'image' || error !== 'net::ERR_ABORTED') note(`failed ${request.method()} ${request.url()}: ${error}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  return journal;
}

/**
 * `step`'s result; if it fails, its error says where the page is, what it shows and the page's journal
 * (pageJournal), so a failure in CI explains itself.
 */
export async function explained<T>(page: Page, journal: readonly string[], step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const shows = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .then((text) => text.replace(/\s+/g, ' ').slice(0, 600))
      .catch((reason: Error) => `(unreadable: ${reason.message})`);
    const story = [`the page is at ${page.url()}`, `it shows: ${shows}`, 'its journal:', ...journal.slice(-40)].join('\n  ');
    if (!(error instanceof Error)) throw new Error(`${String(error)}\n  ${story}`, { cause: error });
    error.message += `\n  ${story}`;
    throw error;
  }
}

/** Every seat of the agent given up ('left'), each within 20 s: the next journey finds every machine free. */
export async function freeSeats(agent: RunningAgent): Promise<void> {
  for (const host of agent.hosts.values()) {
    const player = host.seatedPlayerId;
    if (player !== null) await within(`machine ${host.id}: the seat of player ${player} given up`, 20_000, host.cashout(null, 'left'));
  }
}
