#!/usr/bin/env node
// Phone benchmark: the first load of the portal's /login and /lobby on an emulated phone over Slow 4G
// with a 4× slower CPU, cold cache every time. See `--help`; figures go to docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { root, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { conditions, launchPhoneBrowser, measureLoad, phone, QUIET_MS } from './phone-load.mjs';
import { checkoutLabel, parseOptions, signIn } from './shared.mjs';

const HEADING = '## Phone: first load of /login and /lobby (Slow 4G, 4× CPU)';
const LCP_GOAL_MS = 2500;
const usage = `Usage: node bench/phone/run.mjs [options]      (npm run bench:phone -- [options])

Loads the portal's /login (signed out) and /lobby (signed in, until the machines show) like a phone:
390x844 at 3x, touch, Android Chrome user agent, Slow 4G (150 ms, 1.6 Mbps down, 750 kbps up), CPU 4x
slower, a fresh browser context (cold cache) for every load. Reports FCP, LCP, total blocking time,
bytes, requests and JavaScript bytes (median and worst) and writes them to docs/benchmarks.md under
"${HEADING}".

Without --url it builds the portal if stale and starts the product (\`reelcast start\`) on free ports
with a fresh temporary data folder (embedded database, demo data), and stops it at the end.

Options:
  --runs N          loads per route (default 5)
  --url URL         measure a server that is already running (e.g. an older build) instead
  --label TEXT      the subsection heading for these figures (default: the checkout's commit, or the
                    URL); a later run with the same label replaces them
  --note TEXT       a line to add under the figures (e.g. what that build differs in)
  --username NAME   player to sign in as for /lobby (default demo; the demo seed's player)
  --password PW     (default demo1234)
  --print-only      print the figures, leave docs/benchmarks.md as it is
  -h, --help        this text

Chromium: /usr/bin/chromium (CHROMIUM_PATH to change), driven by playwright-core; nothing is downloaded.`;

const log = (line) => console.log(`[bench:phone] ${line}`);

/** Things to undo at the end, newest first, also on Ctrl-C. */
const cleanups = [];
let cleaningUp;
let interrupted = false;
function cleanUp() {
  cleaningUp ??= (async () => {
    for (const undo of cleanups.reverse()) await undo().catch((error) => log(`clean-up: ${error.message}`));
  })();
  return cleaningUp;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping…`);
    cleanUp().finally(() => process.exit(130));
  });
}

const options = () => parseOptions();

/** `reelcast start` (what `npm start` runs) on free ports with a fresh data folder; resolves when it is ready. */
async function startProduct() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-portal-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the portal build failed');
  const [port, machinePort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-phone-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Rate limits stay at the product defaults: the bench signs in once through the API and each load
  // makes a few API calls, far below 20 sign-ins and 600 calls a minute per IP (docs/security.md).
  const env = { ...process.env, PORT: String(port), MACHINE_PORT: String(machinePort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/launcher/bin/reelcast.mjs'), 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not start within 90 s:\n${output}`)), 90_000);
    const take = (chunk) => {
      output += chunk;
      if (output.includes('Reelcast is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => reject(new Error(`the product exited (${code}) before it was ready:\n${output}`)));
  });
  return `http://localhost:${port}`;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const worst = (values) => Math.max(...values);
const ms = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const mostCommon = (values) => {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/** Median and worst of each figure over one route's loads. */
function summarise(route, loads) {
  const figure = (key) => ({ median: median(loads.map((load) => load[key])), worst: worst(loads.map((load) => load[key])) });
  return {
    route,
    runs: loads.length,
    fcp: figure('fcp'),
    lcp: figure('lcp'),
    tbt: figure('tbt'),
    contentMs: figure('contentMs'),
    bytes: figure('bytes'),
    requests: figure('requests'),
    jsBytes: figure('jsBytes'),
    load: figure('loadAverage'),
    lcpElement: mostCommon(loads.map((load) => load.lcpElement)),
  };
}

function table(summaries) {
  const pair = (f, format) => `${format(f.median)} (${format(f.worst)})`;
  return [
    '| route | FCP ms | LCP ms | TBT ms | content shown ms | transferred KB | requests | JS KB | load avg (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...summaries.map((s) =>
      [
        `| ${s.route}`,
        pair(s.fcp, ms),
        pair(s.lcp, ms),
        pair(s.tbt, ms),
        pair(s.contentMs, ms),
        pair(s.bytes, kb),
        pair(s.requests, String),
        pair(s.jsBytes, kb),
        `${s.load.median.toFixed(1)} (${s.load.worst.toFixed(1)}) |`,
      ].join(' | '),
    ),
  ].join('\n');
}

function intro() {
  return `Cold first load of the portal on an emulated phone, from \`npm run bench:phone\` (bench/phone/run.mjs;
\`--url\` measures a server that is already running, e.g. an older build, \`--label\` names its subsection).
Debian's Chromium (headless, the flags of ARCHITECTURE.md) through playwright-core: viewport
${phone.viewport.width}×${phone.viewport.height} at ${phone.deviceScaleFactor}×, touch, Android Chrome user agent, Turkish locale (the portal's default language);
through CDP Slow 4G (${conditions.latencyMs} ms latency, 1.6 Mbps down, 750 kbps up: \`Network.emulateNetworkConditions\`)
and a ${conditions.cpuSlowdown}× slower CPU (\`Emulation.setCPUThrottlingRate\`). Every load gets a new browser context (cold
HTTP cache, no service worker, empty storage); one unmeasured load of each route first warms the server,
not the browser.

- **/login**: a signed-out context navigates to /login; content shown = the login button is in the page.
- **/lobby**: the player signed in through the API beforehand and the token is in localStorage
  (\`jwt_access_token\`, where the portal keeps its session), so the measured navigation to /lobby starts
  signed in, as a returning player's does; content shown = the first machine card is in the page.
- Each load waits for the content, then network idle and ${QUIET_MS / 1000} s more with no input, then reads the page's
  own \`PerformanceObserver\` entries (\`buffered: true\`): FCP (\`paint\`), LCP (last
  \`largest-contentful-paint\` candidate), and **total blocking time = the sum of (duration − 50 ms) over
  the long tasks (\`longtask\`) that start at or after FCP, up to that quiet moment** (Lighthouse stops at
  TTI instead; long tasks are timed on the slowed-down CPU). Times are ms from the navigation start.
- Transferred = the sum of CDP \`Network.loadingFinished\` \`encodedDataLength\` (compressed, headers
  included) for every request of the load; JS = the part whose resource type is Script.
- Tables give the median and, in brackets, the worst of the runs. Goal: **LCP ≤ ${LCP_GOAL_MS / 1000} s on /lobby**
  (median).
- The machine has ${os.cpus().length} cores and other work may run on it at the same time (the browser, the server and
  that work share them; the CPU slowdown comes on top): each subsection gives the 1-minute load
  average while it ran, and figures taken under different load are not strictly comparable.`;
}

async function main() {
  const opts = options();
  if (opts.help) {
    console.log(usage);
    return;
  }
  const loadAtStart = os.loadavg()[0];
  const baseUrl = opts.url ?? (log('building the portal if stale and starting `reelcast start`…'), await startProduct());
  const label = opts.label ?? (opts.url ? `server at ${opts.url}` : checkoutLabel());
  log(`measuring ${baseUrl} (${label}); ${opts.runs} runs per route`);

  const token = await signIn(baseUrl, opts.username, opts.password);
  const browser = await launchPhoneBrowser();
  cleanups.push(() => browser.close());
  const chromiumVersion = browser.version();
  log(
    `Chromium ${chromiumVersion}; load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );

  const routes = [
    { route: '/login', readySelector: 'button[type="submit"]' },
    { route: '/lobby', readySelector: '[data-testid^="machine-card-"]', token },
  ];
  const summaries = [];
  for (const route of routes) {
    log(`${route.route}: warm-up load (not measured)…`);
    await measureLoad({ browser, baseUrl, ...route });
    const loads = [];
    for (let run = 1; run <= opts.runs; run += 1) {
      const load = { ...(await measureLoad({ browser, baseUrl, ...route })), loadAverage: os.loadavg()[0] };
      if (load.finalPath !== route.route) throw new Error(`${route.route} ended on ${load.finalPath}: is the player signed in?`);
      loads.push(load);
      log(
        `${route.route} run ${run}/${opts.runs}: FCP ${ms(load.fcp)} ms, LCP ${ms(load.lcp)} ms (${load.lcpElement}), TBT ${ms(load.tbt)} ms, ` +
          `content ${ms(load.contentMs)} ms, ${kb(load.bytes)} KB in ${load.requests} requests (JS ${kb(load.jsBytes)} KB), load ${load.loadAverage.toFixed(2)}`,
      );
    }
    summaries.push(summarise(route.route, loads));
  }
  await cleanUp();
  const loadAtEnd = os.loadavg()[0];

  const result = table(summaries);
  console.log(`\n${label}: median (worst) of ${opts.runs} runs\n\n${result}\n`);
  const lobby = summaries.find((s) => s.route === '/lobby');
  const met = lobby.lcp.median <= LCP_GOAL_MS;
  const verdict = `Goal LCP ≤ ${LCP_GOAL_MS / 1000} s on /lobby: **${met ? 'met' : 'not met'}** (median ${(lobby.lcp.median / 1000).toFixed(2)} s, worst ${(lobby.lcp.worst / 1000).toFixed(2)} s${met && lobby.lcp.worst > LCP_GOAL_MS ? '; the worst run missed it' : ''}).`;
  console.log(verdict.replaceAll('**', ''));
  if (opts['print-only']) return;

  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${opts.runs} runs per route; Chromium ${chromiumVersion}, Node ${process.version}`,
    `- Server: ${opts.url ? `already running at ${opts.url} (\`--url\`)` : '`reelcast start` started by the bench (embedded database in a fresh temporary folder, demo data, product rate limits)'}`,
    `- Load average (1 min): ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end, ${os.cpus().length} cores shared with other work`,
    '',
    result,
    '',
    ...summaries.map((s) => `- LCP element on ${s.route} (most runs): ${s.lcpElement}`),
    `- ${verdict}`,
    ...(opts.note ? [`- Note: ${opts.note}`] : []),
  ].join('\n');
  writeSubsection(HEADING, intro(), `### ${label}`, body);
  log(`figures written to docs/benchmarks.md (${HEADING} → ### ${label})`);
}

main()
  .catch((error) => {
    if (interrupted) return; // the browser closing under a load in flight, not a failure
    console.error(`[bench:phone] failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  })
  .finally(cleanUp);
