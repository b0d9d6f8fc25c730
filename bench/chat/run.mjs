#!/usr/bin/env node
// Team chat benchmark: how long a message takes from the sender to the other person, with 1,000
// notification sockets connected, against `reelcast platform` in a child process on loopback.
//
//   node bench/chat/run.mjs                # embedded database (PGlite) in a temp folder
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/chat/run.mjs
//                                          # PostgreSQL: a fresh database `reelcast_bench_chat`, dropped after
//
// Two measurements:
// - the headline, on the path a person takes: a message typed in the portal's chat panel in one
//   Chromium page and sent with Enter, until it is on screen in the other person's page (a second
//   browser context): from the Enter keydown in the sender's page to the next animation frame after
//   the text entered the receiver's message log. Runs when the portal has the chat panel.
// - a decomposition of it: REST POST /api/chat/send-message → the chatMessage push received on the
//   recipient's notification socket (Socket.IO client in this process), and the REST answer itself.
//
// The crowd (bench/chat/sockets.mjs, its own process) signs in BENCH_ACCOUNTS accounts and holds
// BENCH_SOCKETS sockets (default 250 accounts × 4 tabs = 1,000), and sends BENCH_BACKGROUND messages/s
// to the team in the background (default 5). Writes the "## Team chat delivery (bench/chat)" section
// of docs/benchmarks.md, one subsection per database.
// Options (environment): BENCH_MESSAGES decomposition samples (default 300), BENCH_PAGE_MESSAGES
// Chromium samples (default 100), BENCH_ACCOUNTS, BENCH_SOCKETS, BENCH_BACKGROUND; BENCH_DRY=1 prints
// the figures without writing them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { io } from 'socket.io-client';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';
import { machineLine, percentile, root, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { benchKeysDir, prepareDatabase, startCrowdProcess, startPlatformProcess } from '../lib/platform-process.mjs';
import { answerHelp } from '../lib/usage.mjs';

answerHelp(import.meta.url);

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const PAGE_MESSAGES = Number(process.env.BENCH_PAGE_MESSAGES ?? 100);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 250);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND ?? 5);
const HEADING = '## Team chat delivery (bench/chat)';
const log = (line) => console.log(`[bench:chat] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bench accounts, made through the platform's own services before it starts (one process at a time on PGlite). */
async function createAccounts(dataDir, databaseUrl, count) {
  register();
  const { loadConfig } = await import('../../apps/platform/src/config.ts');
  const { withServices } = await import('../../apps/platform/src/platform.ts');
  const usernames = Array.from({ length: count }, (_, i) => `bench${String(i + 1).padStart(4, '0')}`);
  await withServices(loadConfig({ dataDir, ...(databaseUrl ? { databaseUrl, keysDir: benchKeysDir() } : {}) }, {}), async (services) => {
    for (let i = 0; i < usernames.length; i += 4) {
      await Promise.all(
        usernames.slice(i, i + 4).map((username) =>
          services.players.create({
            username,
            email: `${username}@bench.local`,
            password: 'bench1234',
            name: 'Bench',
            lastname: username,
          }),
        ),
      );
    }
  });
  return usernames;
}

/** The built portal, copied under the build lock so that other builds do not change it under the run. */
function preparePortal(into) {
  const dist = path.join(root, 'apps/portal/dist');
  execFileSync('flock', ['/tmp/portal-e2e.lock', '-c', `npm run build:portal --silent && cp -r '${dist}' '${into}'`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The crowd of sockets in its own process (bench/chat/sockets.mjs). */
async function startCrowd(base, usernames) {
  const crowd = await startCrowdProcess('bench/chat/sockets.mjs', [base, String(SOCKETS), String(BACKGROUND), ...usernames]);
  return {
    connected: crowd.connected,
    /** Asks the crowd how many sockets are still connected. */
    async status() {
      const before = crowd.out.length;
      crowd.child.stdin.write('\n');
      for (let i = 0; i < 50 && !/pushes \d+ connected \d+/.test(crowd.out.slice(before)); i++) await sleep(100);
      const match = /pushes (\d+) connected (\d+)/.exec(crowd.out.slice(before));
      return match ? { pushes: Number(match[1]), connected: Number(match[2]) } : null;
    },
    stop: crowd.stop,
  };
}

const api = (base) => ({
  async post(url, body, token) {
    const response = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  },
  async get(url, token) {
    const response = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  },
});

const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
};

/** REST send (demo → staff) → push on the staff member's socket; and the REST answer. */
async function decomposition(base) {
  const http = api(base);
  const demo = await http.post('/login', { username: 'demo', password: 'demo1234', site_id: 1 });
  const staff = await http.post('/login', { username: 'staff', password: 'staff1234', site_id: 1 });
  const socket = io(base, { auth: { token: staff.token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const { chat } = await http.get(`/api/chat/get-chat?contactId=${staff.user.id}&userId=${demo.user.id}`, demo.token);
  const waiting = new Map();
  socket.on('chatMessage', (push) => waiting.get(push.message.message)?.(performance.now()));
  const pushed = [];
  const answered = [];
  const total = MESSAGES + 20;
  for (let i = 0; i < total; i++) {
    const text = `decomposition ${i} ${Date.now()}`;
    const received = new Promise((resolve) => waiting.set(text, resolve));
    const started = performance.now();
    const clientMessageId = `bench-decomposition-${i}-${Date.now()}`;
    await http.post(
      '/api/chat/send-message',
      { chatId: chat.id, contactId: staff.user.id, messageText: text, clientMessageId },
      demo.token,
    );
    const answeredAt = performance.now();
    const pushedAt = await Promise.race([received, sleep(10_000).then(() => NaN)]);
    waiting.delete(text);
    if (Number.isNaN(pushedAt)) throw new Error(`no push for message ${i} within 10 s`);
    if (i >= 20) {
      pushed.push(pushedAt - started);
      answered.push(answeredAt - started);
    }
    await sleep(20 + Math.random() * 30);
  }
  socket.close();
  return { pushed: summary(pushed), answered: summary(answered) };
}

/** Whether the portal has the chat panel (its commits are in git log). */
function portalHasChat() {
  try {
    return (
      execFileSync('git', ['log', '--oneline', '-1', '--', 'apps/portal/src/features/chat'], { cwd: root, encoding: 'utf8' }).trim() !== ''
    );
  } catch {
    return false;
  }
}

/** A signed-in portal page with the chat panel open on `contactName`; answers its message box. */
async function chatPage(browser, base, username, password, contactName) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
  await context.addInitScript(() => {
    // Timestamps of the trip's steps inside the pages, by the message's marker: the send request
    // leaving (fetch) and the push's WebSocket frame arriving (before Socket.IO's own handler).
    const now = () => performance.timeOrigin + performance.now();
    const mark = (store, text) => {
      for (const match of String(text).matchAll(/bench-(\d+)-end/g)) store[match[1]] ??= now();
    };
    window.__requestAt = {};
    window.__frameAt = {};
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if (typeof init?.body === 'string') mark(window.__requestAt, init.body);
      return fetch(input, init);
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => typeof event.data === 'string' && mark(window.__frameAt, event.data));
      }
    };
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email or username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(/\/lobby$/);
  await page
    .getByRole('button', { name: /^Team Chat/ })
    .first()
    .click();
  await page.getByRole('button', { name: new RegExp(`^${contactName}\\b`) }).click();
  const box = page.getByRole('textbox', { name: 'Type your message' });
  await box.waitFor();
  await page.getByRole('log').waitFor();
  return { context, page, box };
}

/** Typed in one page and sent with Enter → on screen in the other page. */
async function pageToPage(browser, base) {
  const sender = await chatPage(browser, base, 'demo', 'demo1234', 'Staff');
  const receiver = await chatPage(browser, base, 'staff', 'staff1234', 'Deniz');
  await sender.page.evaluate(() => {
    window.__sentAt = {};
    document.addEventListener(
      'keydown',
      (event) => {
        const match = event.key === 'Enter' && !event.shiftKey && /bench-(\d+)-end/.exec(event.target.value ?? '');
        if (match) window.__sentAt[match[1]] = performance.timeOrigin + performance.now();
      },
      true,
    );
  });
  await receiver.page.evaluate(() => {
    window.__shownAt = {};
    window.__addedAt = {};
    const seen = (node) => {
      // In the message log only (not, say, a contact's preview or a notice).
      const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
      if (!element?.closest('[role="log"]')) return;
      for (const match of (node.textContent ?? '').matchAll(/bench-(\d+)-end/g)) {
        const id = match[1];
        if (id in window.__addedAt) continue;
        window.__addedAt[id] = performance.timeOrigin + performance.now();
        requestAnimationFrame(() => (window.__shownAt[id] = performance.timeOrigin + performance.now()));
      }
    };
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(seen))).observe(document.body, {
      childList: true,
      subtree: true,
    });
  });
  const samples = [];
  const added = [];
  const requested = [];
  const framed = [];
  const total = PAGE_MESSAGES + 5;
  for (let i = 0; i < total; i++) {
    await sender.box.fill(`bench-${i}-end, typed in the portal`);
    await sender.box.press('Enter');
    await receiver.page.waitForFunction((id) => id in window.__shownAt, String(i), { timeout: 10_000 });
    const [[sentAt, requestAt], [frameAt, addedAt, shownAt]] = await Promise.all([
      sender.page.evaluate((id) => [window.__sentAt[id], window.__requestAt[id]], String(i)),
      receiver.page.evaluate((id) => [window.__frameAt[id], window.__addedAt[id], window.__shownAt[id]], String(i)),
    ]);
    if (i >= 5) {
      samples.push(shownAt - sentAt);
      added.push(addedAt - sentAt);
      requested.push(requestAt - sentAt);
      framed.push(frameAt - sentAt);
    }
    await sleep(100 + Math.random() * 100);
  }
  await sender.context.close();
  await receiver.context.close();
  return { shown: summary(samples), added: summary(added), requested: summary(requested), framed: summary(framed) };
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const row = (label, s) => `| ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;

async function main() {
  const loadAtStart = os.loadavg()[0];
  const database = await prepareDatabase('reelcast_bench_chat');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-chat-'));
  const dataDir = path.join(work, 'data');
  const withPortal = portalHasChat();
  const results = {};
  let portalDir;
  if (withPortal) {
    log('building the portal (under the build lock) and copying it…');
    try {
      portalDir = path.join(work, 'portal');
      preparePortal(portalDir);
    } catch (error) {
      portalDir = undefined;
      results.pageError = `the portal did not build (${error.message.split('\n')[0]})`;
      log(results.pageError);
    }
  } else {
    log('the portal has no chat panel yet (no commits under apps/portal/src/features/chat): the decomposition only');
  }
  log(`creating ${ACCOUNTS} bench accounts…`);
  let started = Date.now();
  const usernames = await createAccounts(dataDir, database.url, ACCOUNTS);
  log(`  in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const port = await freePort();
  const platform = await startPlatformProcess({
    port,
    dataDir,
    databaseUrl: database.url,
    env: {
      // Every client here is one IP, and the measuring sender sends hundreds of messages: the limits
      // would measure themselves, not the delivery.
      RATE_LIMIT_API_PER_MINUTE: '0',
      RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      RATE_LIMIT_CHAT_PER_MINUTE: '0',
      ...(portalDir ? { PORTAL_DIR: portalDir } : {}),
    },
  });
  log(`platform on ${platform.base}; ${database.detail ?? database.label}`);
  let crowd;
  let browser;
  try {
    started = Date.now();
    crowd = await startCrowd(platform.base, usernames);
    log(`${crowd.connected} sockets connected in ${((Date.now() - started) / 1000).toFixed(1)} s; background ${BACKGROUND} messages/s`);
    await sleep(2000);

    log(`decomposition: ${MESSAGES} messages, REST send → push on the recipient's socket…`);
    results.decomposition = await decomposition(platform.base);
    log(`  push p50 ${ms(results.decomposition.pushed.p50)} ms, p99 ${ms(results.decomposition.pushed.p99)} ms`);

    if (portalDir) {
      log(`page to page: ${PAGE_MESSAGES} messages typed in Chromium and shown in the other context…`);
      browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
      try {
        results.pages = await pageToPage(browser, platform.base);
        log(`  shown p50 ${ms(results.pages.shown.p50)} ms, p99 ${ms(results.pages.shown.p99)} ms`);
      } catch (error) {
        results.pageError = error.message.split('\n')[0];
        log(`  the portal's chat panel could not be driven: ${results.pageError}`);
      }
    }
    results.crowdAtEnd = await crowd.status();
    log(`crowd at the end: ${JSON.stringify(results.crowdAtEnd)}`);
  } finally {
    await browser?.close();
    await crowd?.stop();
    await platform.stop();
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
    fs.rmSync(work, { recursive: true, force: true });
  }

  const table = ['| measured | messages | p50 ms | p95 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|---:|'];
  if (results.pages) {
    table.push(
      row('**typed in one page (Enter) → on screen in the other page** (next frame after the text entered the log)', results.pages.shown),
    );
    table.push(row('… Enter → the send request leaves the sender’s page (fetch)', results.pages.requested));
    table.push(row('… Enter → the push’s WebSocket frame reaches the other page', results.pages.framed));
    table.push(row('… Enter → the text in the other page’s message log (DOM)', results.pages.added));
  }
  table.push(row('decomposition: REST send → push received on the recipient’s socket', results.decomposition.pushed));
  table.push(row('decomposition: REST send → its answer', results.decomposition.answered));
  console.log(`\n${table.join('\n')}\n`);

  const split = results.pages
    ? `Of the page-to-page p50 of ${ms(results.pages.shown.p50)} ms, ${ms(results.pages.framed.p50)} ms pass until the push's frame reaches the other page (the server's part and both networks' hops); the rest is the receiving page's work (the push handler, React rendering, the next frame). With ${results.pages.shown.n} page messages, p99 is the slowest of them.`
    : '';
  const crowdLine = results.crowdAtEnd
    ? `${results.crowdAtEnd.connected.toLocaleString('en-US')} still connected at the end`
    : 'its state at the end unknown';
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()} (${loadAtStart.toFixed(1)} at the start; other work on the machine skews the figures); \`reelcast platform\` in a child process, ${database.detail ?? database.label}, loopback.`,
    '',
    `Connected meanwhile: ${SOCKETS.toLocaleString('en-US')} notification sockets (${ACCOUNTS} accounts × ${SOCKETS / ACCOUNTS} tabs, in a process of their own; ${crowdLine}), and ${BACKGROUND} background messages/s from those accounts to the team. The sender is \`demo\`, the recipient \`staff\`; one message at a time, 20–50 ms apart (pages: 100–200 ms). Rate limits off (one IP, hundreds of messages from one account).`,
    '',
    ...table,
    '',
    ...(split ? [split, ''] : []),
    results.pages
      ? "Headline: Chromium (Debian, headless), two browser contexts signed in as the two people, the portal's Team Chat panel open on each other; the sender's message box is filled and Enter pressed by Playwright; the time runs from the Enter keydown in the sender's page to the first animation frame after the text entered the receiver's page (both read `performance.timeOrigin + performance.now()`, one clock). The rows under it split that trip where the pages see it: the send request leaving the sender's page, the push's WebSocket frame reaching the other page, the text in its message log. The decomposition is the same trip without the browsers: a REST send from a Node client and the push on a Socket.IO client."
      : `No page-to-page figure: ${results.pageError ? `driving the portal's chat panel failed (${results.pageError})` : 'the portal had no chat panel when this ran'}. The decomposition is the server's part of the trip: a REST send from a Node client and the push on a Socket.IO client.`,
  ].join('\n');
  if (process.env.BENCH_DRY) return log('BENCH_DRY: docs/benchmarks.md left as it is');
  writeSubsection(
    HEADING,
    'Chat message delivery latency with 1,000 notification sockets connected, from `node bench/chat/run.mjs` (bench/chat/run.mjs). Each database keeps its own figures; the script replaces only its own.',
    `### ${database.label}`,
    body,
  );
  log(`figures written to docs/benchmarks.md (${HEADING} → ### ${database.label})`);
}

main().catch((error) => {
  console.error(`[bench:chat] failed: ${error.stack ?? error}`);
  process.exit(1);
});
