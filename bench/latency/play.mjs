#!/usr/bin/env node
// Play click in the lobby → the machine's picture on screen, on the player's real path: `reelcast start`
// (platform, portal, machine agent, video process) in a child process, the player signed in in headless
// Chromium, the Play button of a machine card clicked, and the first video frame on screen timed with
// requestVideoFrameCallback. Per-stage marks come from hooks in the page (fetch, WebSocket,
// RTCPeerConnection, history, resource timing) and, when the agent has it, its latency trace.
//
//   node bench/latency/play.mjs [--cold N] [--warm N] [--paths A,B] [--no-write] [--help]
//
// Writes "### Play click → picture" under "## Latency on the player's path (bench/latency)" in
// docs/benchmarks.md (bench/latency/doc.mjs). Run it under `flock /tmp/bench.lock` on a shared machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { percentile } from '../lib/benchmarks-doc.mjs';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';
import { portalCopy, startProduct } from '../lib/product-process.mjs';
import { recordPathFigure } from '../video/path-figures.mjs';
import { writeLatencySubsection } from './doc.mjs';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`Usage: node bench/latency/play.mjs [--cold N] [--warm N] [--paths A,B] [--no-write]

Starts the product (reelcast start, PGlite, in a child process), signs the demo player in in headless
Chromium and measures Play click in the lobby → first frame of the machine's video on screen:
  --cold N    N first plays, each by another player in a fresh browser (signed in anew, empty
              cache), ~2 s after the lobby has shown (default 4)
  --warm N    N more plays in one page, each after leaving the game the way a player does (Leave →
              the lobby) (default 12)
  --paths A,B the agent's video paths (MACHINE_VIDEO_PATH), each on a product of its own, one after
              the other (default forward,per-viewer); \`forward:vp8\` / \`forward:h264\` also set
              MACHINE_VIDEO_CODEC (the forward path's codec for a browser that takes both)
  --no-write  print only; do not write docs/benchmarks.md
  --save F    also keep this run's figures in the JSON file F
  --from F    no run: write the figures kept in F (docs text changed since, say)
Prints each play's stages as they come, then p50/p95/max and a per-stage breakdown (p50 of the time
from the click to each stage), for each video path. Takes about two minutes a path.`);
  process.exit(0);
}
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const COLD = option('--cold', 4);
const WARM = option('--warm', 12);
const PATHS = args.includes('--paths') ? args[args.indexOf('--paths') + 1].split(',') : ['forward', 'per-viewer'];
const write = !args.includes('--no-write');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`${new Date().toISOString().slice(11, 19)} [bench:play] ${line}`);
const load = () => os.loadavg()[0].toFixed(1);
const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
const pct = (values, p) =>
  percentile(
    values.filter(Number.isFinite).sort((a, b) => a - b),
    p,
  );

/**
 * Runs in every page before its own scripts: marks (performance.now() times) of each stage of a Play,
 * in `window.__play.marks`. `machinePort` tells the game socket (the agent's) from the notification socket.
 */
function pageHooks(machinePort) {
  const marks = [];
  const now = () => performance.now();
  const mark = (stage, at = now(), detail = undefined) => marks.push({ stage, at, detail });
  const once = (stage, at, detail) => {
    if (!marks.some((m) => m.stage === stage)) mark(stage, at, detail);
  };
  window.__play = { marks, mark };

  document.addEventListener('pointerdown', (event) => mark('click', event.timeStamp), true);
  const pushState = history.pushState;
  history.pushState = function (...rest) {
    once('route change', now(), String(rest[2]));
    return pushState.apply(this, rest);
  };

  const realFetch = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
    const kind = /\/whep(\?|$)/.test(url) && method === 'POST' ? 'whep' : /\/machine\/all/.test(url) ? 'machine list' : null;
    if (kind === 'whep') once('WHEP POST sent');
    if (kind === 'machine list') once('machine list asked');
    const response = await realFetch.apply(this, [input, init]);
    if (kind === 'whep') once('WHEP answer received', now(), response.status);
    if (kind === 'machine list') once('machine list answered');
    return response;
  };

  const RealWebSocket = window.WebSocket;
  window.WebSocket = class extends RealWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      if (new URL(url, location.href).port !== String(machinePort)) return;
      once('game socket opening');
      this.addEventListener('open', () => once('game socket open'));
      this.addEventListener('message', (event) => {
        const data = typeof event.data === 'string' ? event.data : '';
        if (/^40\/machines\/\d+,/.test(data)) once('game namespace joined');
        if (/^43\/machines\/\d+,/.test(data) && marks.some((m) => m.stage === 'seat request sent')) once('seat answered');
      });
    }
    send(data) {
      if (typeof data === 'string' && /^42\/machines\/\d+,\d+\["init"/.test(data)) once('seat request sent');
      return super.send(data);
    }
  };

  const RealPeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends RealPeerConnection {
    constructor(config) {
      super(config);
      once('peer connection created');
      window.__play.pc = this;
      this.addEventListener('icegatheringstatechange', () => {
        if (this.iceGatheringState === 'complete') once('ICE gathering complete');
      });
      this.addEventListener('iceconnectionstatechange', () => {
        if (this.iceConnectionState === 'connected' || this.iceConnectionState === 'completed') {
          once('ICE connected');
          watchFirstPacket(this);
        }
      });
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') once('DTLS connected');
      });
    }
    async setRemoteDescription(description) {
      const done = await super.setRemoteDescription(description);
      once('answer applied');
      return done;
    }
  };

  /** The first RTP packet, read by polling getStats every 5 ms (so up to 5 ms late). */
  function watchFirstPacket(pc) {
    const poll = async () => {
      if (marks.some((m) => m.stage === 'first packet') || pc.connectionState === 'closed') return;
      const stats = await pc.getStats();
      let packets = 0;
      stats.forEach((r) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') packets = r.packetsReceived ?? 0;
      });
      if (packets > 0) once('first packet');
      else setTimeout(poll, 5);
    };
    void poll();
  }

  const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    ...srcObject,
    set(value) {
      if (value) once('stream attached');
      srcObject.set.call(this, value);
    },
  });

  const watched = new WeakSet();
  new MutationObserver(() => {
    const video = document.querySelector('video[data-testid="game-video"]');
    if (!video || watched.has(video)) return;
    watched.add(video);
    once("game page's video in the page");
    video.requestVideoFrameCallback((_now, meta) => {
      if (meta.receiveTime) once('first frame received', meta.receiveTime);
      if (meta.receiveTime && meta.processingDuration !== undefined)
        once('first frame decoded', meta.receiveTime + meta.processingDuration * 1000);
      once('first frame on screen', meta.expectedDisplayTime, { width: meta.width, height: meta.height });
    });
  }).observe(document, { childList: true, subtree: true });
}

/** The stages in the order they usually come, for the breakdown. */
const STAGES = [
  'route change',
  'game code loaded',
  "game page's video in the page",
  'machine list asked',
  'machine list answered',
  'game socket opening',
  'game socket open',
  'game namespace joined',
  'seat request sent',
  'agent: seat request received',
  'agent: seat taken',
  'seat answered',
  'peer connection created',
  'ICE gathering complete',
  'WHEP POST sent',
  'agent: WHEP request received',
  'agent: WHEP admitted',
  'agent: WHEP answer sent',
  'WHEP answer received',
  'answer applied',
  'stream attached',
  'ICE connected',
  'DTLS connected',
  'agent: first frame sent',
  'first packet',
  'first frame received',
  'first frame decoded',
  'first frame on screen',
];

/** Reads the agent's latency trace lines for one machine between two epoch times (when the agent writes one). */
function agentMarks(traceFile, machineId, fromEpoch, toEpoch) {
  if (!traceFile || !fs.existsSync(traceFile)) return [];
  const names = {
    'whep-request': 'agent: WHEP request received',
    'whep-admitted': 'agent: WHEP admitted',
    'whep-answer': 'agent: WHEP answer sent',
    'first-frame-sent': 'agent: first frame sent',
    'join-received': 'agent: seat request received',
    'join-done': 'agent: seat taken',
  };
  const out = [];
  for (const line of fs.readFileSync(traceFile, 'utf8').split('\n')) {
    if (!line) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (String(entry.machineId) !== String(machineId) || entry.t < fromEpoch || entry.t > toEpoch) continue;
    const stage = names[entry.stage];
    if (stage && !out.some((m) => m.stage === stage)) out.push({ stage, epoch: entry.t });
  }
  return out;
}

/** One Play: click the machine's Play button in the lobby, wait for its first frame on screen. */
async function playOnce(page, machine, kind, traceFile) {
  await page.evaluate(() => (window.__play.marks.length = 0));
  const button = page.getByRole('link', { name: `Play ${machine.name}` });
  await button.waitFor();
  await button.click();
  await page.waitForFunction(() => window.__play.marks.some((m) => m.stage === 'first frame on screen'), null, { timeout: 20_000 });
  await sleep(50);
  const { marks, origin, resources } = await page.evaluate(() => {
    const click = window.__play.marks.find((m) => m.stage === 'click')?.at ?? 0;
    // Script files fetched after the click: the game route's code and the libraries it imports.
    const resources = performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime >= click && /\.(m?js|css)(\?|$)/.test(r.name))
      .map((r) => ({ name: r.name.split('/').pop(), end: r.responseEnd, bytes: r.transferSize }));
    return { marks: window.__play.marks, origin: performance.timeOrigin, resources };
  });
  const click = marks.find((m) => m.stage === 'click');
  if (!click) throw new Error('no click was seen in the page');
  const at = new Map();
  for (const m of marks) if (!at.has(m.stage)) at.set(m.stage, m.at - click.at);
  if (resources.length) at.set('game code loaded', Math.max(...resources.map((r) => r.end)) - click.at);
  const clickEpoch = origin + click.at;
  for (const m of agentMarks(traceFile, machine.id, clickEpoch - 50, clickEpoch + 20_000)) at.set(m.stage, m.epoch - clickEpoch);
  const total = at.get('first frame on screen');
  const line = STAGES.filter((s) => at.has(s))
    .map((s) => `${s} ${ms(at.get(s))}`)
    .join(' · ');
  log(
    `${kind} play of ${machine.name}: ${ms(total)} ms (${line})${resources.length ? `; ${resources.length} code files after the click` : ''}`,
  );
  return { kind, machine: machine.name, total, at, codeFiles: resources.length, codeBytes: resources.reduce((s, r) => s + r.bytes, 0) };
}

/** Leaves the game as a player does: the Leave button, back in the lobby. */
async function leave(page) {
  await page.getByRole('button', { name: 'Leave the game' }).first().click();
  await page.waitForURL(/\/lobby$/);
}

async function newPlayer(browser, url, machinePort, username = 'demo', password = 'demo1234') {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(() => {
    window.localStorage.setItem('i18nextLng', 'en');
    window.localStorage.setItem('language', 'en');
  });
  await context.addInitScript(pageHooks, machinePort);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/email or username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(/\/lobby$/);
  await page.locator('[data-testid^="machine-card-"]').first().waitFor();
  return { context, page };
}

/** The machines a card offers to play now (idle), read from the lobby. */
async function playableMachines(page) {
  const links = await page.getByRole('link', { name: /^Play / }).all();
  const machines = [];
  for (const link of links) {
    const href = (await link.getAttribute('href')) ?? '';
    const match = /\/game\/(\d+)\//.exec(href);
    const name = ((await link.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
    if (match && (await link.isEnabled())) machines.push({ id: Number(match[1]), name });
  }
  return machines;
}

/** What was changed for this figure and its effect: kept in the section by every run (measured by hand). */
const HISTORY = `#### What was changed and its effect

Before (cda0d7c, this benchmark on the code before the changes below; load 6.9 at the start, 10.2 at the end,
other benchmarks and tests running): **cold p50 1439 ms, max 1464 ms (4 plays); warm p50 815 ms, max 914 ms
(12 plays)**. Warm breakdown then: seat request sent 179 → answered 310; peer connection created 312 → ICE
gathering complete 472; WHEP POST → answer 200 ms; answer → first frame on screen 143 ms. Cold: route change
324 (the game page's code and texts, 281 ms), its video in the page at 601.

1. **The lobby fetches the game page's code and texts after its first view** (app/routes.tsx \`preloadGame\`,
   not in the first load: /lobby stays 240.3 kB gzip). Cold route change 324 → 44–48 ms; the page's video
   element in the page 601 → 154–176 ms.
2. **The video is asked for while the seat is being taken.** The agent holds a WHEP POST while a seat request
   with the same token is with the platform (\`MachineHost.viewerOfAfterJoin\`; the seat's answer still decides,
   a refused seat refuses the video, apps/machine/src/agent/game-socket.test.ts). A first run, with the offer
   started once the seat request had gone out and items 1, 3 and 4: cold p50 601, warm p50 458 ms (load 6.8,
   one warm play at 944 ms). Then the offer starts with the page, so the offer's ICE gathering (~130–160 ms with the default STUN server) runs
   alongside the socket's connect and the seat request: warm POST sent 472 → 216 ms after the click.
3. **The video process answers before it draws a new feed's first frame** (a renderer's first frame builds its
   layers: 20–140 ms at 720p); the drawing overlaps ICE and DTLS. Not measured alone: the agent's WHEP
   admitted → answer sent is 45 ms (warm p50) after all changes.
4. **A frame is drawn the moment a viewer's connection is up** (the encoder starts with the first frame after
   it), not at the next tick. Not measured alone: DTLS connected → first packet 53 → 37 ms (warm p50) with
   the other changes.
5. **No wait for the end of ICE gathering without STUN/TURN servers** (\`iceServers: []\`): the offer goes 10 ms
   after the first host candidate instead of ~100–140 ms later (docs/video.md). The default Settings.json lists
   a STUN server, so the figures above do not include it.

**What remains** (warm, p50 after): the click → the game page's video in the page ~77 ms (React renders the
game page, the lobby unmounts); the offer's ICE gathering ~160 ms from the page's start, the longest stage
before the POST: with STUN it waits for the end of gathering (no internet here: the STUN server never answers,
gathering ends by itself after ~130–160 ms); the agent's WHEP answer ~45 ms (IPC to the video process and
libwebrtc); ICE and DTLS ~30 ms; the first keyframe ~95 ms from DTLS to the screen (encode, pacing of a
~720p keyframe, decode). The seat (~30–130 ms: the platform's seat call, several database round trips) now runs
beside the gathering. Next: an answer prepared while the seat is decided (its viewer tag is known only after
it), and a first keyframe that is smaller or paced at once.`;

/** Runs the plays on a fresh product serving `videoPath`; the plays with their stages, and the load before and after. */
async function measure(videoPath) {
  const startLoad = load();
  const [pathName, codec] = videoPath.split(':');
  log(`${videoPath}: load ${startLoad}; preparing the portal and starting the product (MACHINE_VIDEO_PATH=${pathName})…`);
  const portalDir = portalCopy('play');
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-play-trace-')), 'trace.jsonl');
  const coldPlayers = Array.from({ length: Math.max(0, COLD - 1) }, (_, i) => `bench${i + 1}`);
  const product = await startProduct({
    name: 'play',
    players: coldPlayers,
    env: {
      PORTAL_DIR: portalDir,
      MACHINE_LATENCY_TRACE: traceFile ?? '',
      MACHINE_VIDEO_PATH: pathName,
      ...(codec ? { MACHINE_VIDEO_CODEC: codec } : {}),
    },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const plays = [];
  try {
    // Cold: the first Play after the lobby has loaded, in a fresh browser (nothing of the game's code cached).
    // The last cold play is the first of the warm page's.
    for (let i = 0; i < COLD - 1; i++) {
      const { context, page } = await newPlayer(browser, product.url, product.machinePort, coldPlayers[i], 'bench1234');
      await sleep(2000); // a player looks at the lobby before clicking
      const machines = await playableMachines(page);
      if (!machines.length) throw new Error('no machine can be played');
      plays.push(await playOnce(page, machines[0], 'cold', traceFile));
      await sleep(1000);
      await leave(page);
      await context.close();
    }
    // Warm: more plays in the same page, leaving the game between them.
    if (COLD > 0 || WARM > 0) {
      const { context, page } = await newPlayer(browser, product.url, product.machinePort);
      await sleep(2000);
      const machines = await playableMachines(page);
      for (let i = 0; i <= WARM; i++) {
        const machine = machines[i % machines.length];
        plays.push(await playOnce(page, machine, i === 0 ? 'cold' : 'warm', traceFile));
        await sleep(1000);
        await leave(page);
        await sleep(1000);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await product.stop();
    fs.rmSync(portalDir, { recursive: true, force: true });
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    startLoad,
    endLoad: load(),
    plays: plays.map((p) => ({ ...p, at: Object.fromEntries(p.at) })),
  };
}

// --save FILE keeps a run's figures; --from FILE writes the section from them again without running.
const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : null;
const saved = from ? JSON.parse(fs.readFileSync(from, 'utf8')) : null;
// A file from before the paths were compared holds one run: the per-viewer path's.
const runs = saved ? (saved.paths ?? { 'per-viewer': saved }) : {};
if (!saved) for (const videoPath of PATHS) runs[videoPath] = await measure(videoPath);
if (args.includes('--save')) fs.writeFileSync(args[args.indexOf('--save') + 1], JSON.stringify({ paths: runs }));
const summary = (list) => {
  const totals = list.map((p) => p.total);
  return { n: list.length, p50: pct(totals, 50), p95: pct(totals, 95), max: Math.max(...totals) };
};
const results = Object.entries(runs).map(([videoPath, run]) => {
  const plays = run.plays.map((p) => ({ ...p, at: new Map(Object.entries(p.at)) }));
  const groups = { all: plays, cold: plays.filter((p) => p.kind === 'cold'), warm: plays.filter((p) => p.kind === 'warm') };
  for (const [name, list] of Object.entries(groups))
    if (list.length) {
      const s = summary(list);
      log(`${videoPath} ${name}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, max ${ms(s.max)} ms over ${s.n} plays`);
    }
  const cell = (list, stage) => {
    const values = list.map((p) => p.at.get(stage)).filter((v) => v !== undefined);
    return values.length ? ms(pct(values, 50)) : '–';
  };
  const stages = new Map(STAGES.map((stage) => [stage, { cold: cell(groups.cold, stage), warm: cell(groups.warm, stage) }]));
  for (const [stage, row] of stages)
    if (row.cold !== '–' || row.warm !== '–')
      log(`  ${videoPath} ${stage.padEnd(32)} cold ${row.cold.padStart(5)}  warm ${row.warm.padStart(5)}`);
  return { videoPath, run, plays, groups, stages };
});
const breakdown = STAGES.filter((stage) => results.some((r) => r.stages.get(stage).cold !== '–' || r.stages.get(stage).warm !== '–'));

if (write) {
  const row = (videoPath, label, list, runLoad) => {
    const s = summary(list);
    return `| ${videoPath} | ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${runLoad} |`;
  };
  const coldCode = results.flatMap((r) => r.groups.cold.map((p) => p.codeBytes / 1000));
  const date = results[0]?.run.date ?? new Date().toISOString().slice(0, 10);
  const loads = results.map((r) => `${r.videoPath} ${r.run.startLoad} → ${r.run.endLoad}`).join(', ');
  const plays = results[0]?.plays ?? [];
  const coldOf = (r) => summary(r.groups.cold);
  // A path's figure; `forward:h264` and `forward:vp8` runs both go in the forward column, named by codec.
  const figure = (videoPath) =>
    results
      .filter((x) => x.videoPath.split(':')[0] === videoPath)
      .map(
        (r) =>
          `${r.videoPath.includes(':') ? `${r.videoPath.split(':')[1]}: ` : ''}${ms(coldOf(r).p50)} / ${ms(coldOf(r).p95)} ms (${coldOf(r).n} cold plays)`,
      )
      .join('; ') || '–';
  if (!from || saved.paths)
    recordPathFigure('playClick', {
      forward: figure('forward'),
      perViewer: figure('per-viewer'),
      date,
      load: results.map((r) => `${r.run.startLoad}–${r.run.endLoad}`).join(', '),
    });
  writeLatencySubsection(
    '### Play click → picture',
    `Measured ${date} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}; 1-minute load average at the start → at the end of each path's run: ${loads} (other helpers' builds, tests and benchmarks share the machine).
The paths run (${results.map((r) => `\`${r.videoPath}\``).join(', ')}), one after the other, each on a product of its own: \`MACHINE_VIDEO_PATH=forward\` (one encode per
cabinet, forwarded; the default; \`:h264\` / \`:vp8\` set \`MACHINE_VIDEO_CODEC\`) and \`per-viewer\` (one libwebrtc encoder per viewer, without the field trials since issue 25).
The figure before issue 25 (per-viewer with the field trials, 2026-11-27): cold p50 422 / p95 440 ms, warm p50 297 / p95 318 ms.
\`node bench/latency/play.mjs\`: \`reelcast start\` (PGlite) in a child process, a player signed in in headless Chromium
(1280×800), Play clicked on a machine card in the lobby (the \`pointerdown\` in the page) → the first video frame on
screen (\`requestVideoFrameCallback\` \`expectedDisplayTime\` of the game page's \`<video>\`). **Cold**: the first Play after
the lobby has shown (~2 s after), in a fresh browser whose cache holds nothing of the game (${results[0]?.groups.cold.length ?? 0} plays a path; code
fetched after the click p50 ${ms(pct(coldCode, 50))} kB). **Warm**: later plays in the same page, each after leaving the previous
game with its Leave button and a second in the lobby. Goal: p50 ≤ 500 ms, p95 ≤ 800 ms. With ${plays.length} plays a path, p95 is
close to the maximum.

| path | plays | n | p50 ms | p95 ms | max ms | load |
|---|---|---:|---:|---:|---:|---|
${results
  .flatMap((r) => [
    row(r.videoPath, 'cold (first Play after the lobby loaded)', r.groups.cold, `${r.run.startLoad}–${r.run.endLoad}`),
    row(r.videoPath, 'warm (Play again after leaving)', r.groups.warm, `${r.run.startLoad}–${r.run.endLoad}`),
    row(r.videoPath, 'all', r.plays, `${r.run.startLoad}–${r.run.endLoad}`),
  ])
  .join('\n')}

Breakdown: p50 of the time from the click to each stage (ms). Page stages come from hooks in the page (history,
fetch, WebSocket frames of the game socket, RTCPeerConnection events, resource timing, getStats polled every 5 ms for
the first packet, rVFC \`receiveTime\` + \`processingDuration\` for the first frame decoded); \`agent:\` stages from the
agent's latency trace (\`MACHINE_LATENCY_TRACE\`) when it has them.

| stage | ${results.map((r) => `${r.videoPath} cold | ${r.videoPath} warm`).join(' | ')} |
|---|${results.map(() => '---:|---:').join('|')}|
${breakdown.map((stage) => `| ${stage} | ${results.map((r) => `${r.stages.get(stage).cold} | ${r.stages.get(stage).warm}`).join(' | ')} |`).join('\n')}

${HISTORY}`,
  );
  log('wrote docs/benchmarks.md');
}
process.exit(0);
