// Video bench: glass-to-glass latency in headless Chromium per band, spin press → moving reels,
// join → first frame, and how many 720p30 streams one core sustains.
// Usage: node bench/video/run.mjs [--only latency,spin,join,capacity] [--no-write]
// Writes the "## Video (bench/video)" section of docs/benchmarks.md (other sections untouched).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { percentile, writeSection } from '../lib/benchmarks-doc.mjs';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { WHEP_TEST_PAGE_HTML } = await import('../../apps/machine/src/video/whep-test-page.ts');
const { default: Fastify } = await import('fastify');
const { chromium } = await import('playwright-core');

const args = process.argv.slice(2);
const only = (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean);
const parts = args.includes('--only') ? only : ['render', 'latency', 'spin', 'join', 'capacity'];
const write = !args.includes('--no-write');
const deadline = Date.now() + 8 * 60_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (values, p) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
const r1 = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : 'n/a');
const load = () => loadavg()[0].toFixed(1);
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);

// Machines: "lat" is the latency subject (reels idle unless spun), "cap*" spin all the time.
const states = new Map();
const idle = (name) => ({ ...video.idleCabinetState(name), credit: 1_234_567, bet: 500, lastWin: 0, lamps: { candle: true } });
states.set('lat', idle('Bench Sevens'));
// Capacity machines "capM…": a realistic play pattern, a spin every 3 s (reels land 0.7–1.5 s after the press);
// "capS…": still reels; "capX…": spinning nonstop.
const mixedStart = Date.now();
const provide = (id) => {
  if (id.startsWith('capM')) {
    const base = states.get(id) ?? idle(`Capacity ${id}`);
    states.set(id, base);
    const offset = (Number(id.split('-').at(-1)) * 997) % 3000;
    const cycleStart = Date.now() - ((Date.now() - mixedStart + offset) % 3000);
    return Date.now() - cycleStart < 1600 ? { ...base, spinning: true, spinStartedAt: cycleStart, status: 'spinning' } : base;
  }
  if (states.has(id)) return states.get(id);
  if (id.startsWith('capS')) {
    states.set(id, idle(`Capacity ${id}`));
    return states.get(id);
  }
  if (id.startsWith('cap')) {
    const s = {
      ...idle(`Capacity ${id}`),
      spinning: true,
      spinStartedAt: Date.now(),
      reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9],
      status: 'spinning',
    };
    states.set(id, s);
    return s;
  }
  return undefined;
};
// The product's video path: the agent's video process (ProcessVideoTransport), fed the cabinet's look
// over IPC as the agent feeds it. "/machines" is the product's default (low-latency field trials on in
// the video process), "/plain" the same with MACHINE_VIDEO_FIELD_TRIALS=false.
const transport = new video.ProcessVideoTransport({ fieldTrials: video.LOW_LATENCY_TRIALS });
const plainTransport = new video.ProcessVideoTransport({ fieldTrials: false });
await Promise.all([transport.start(), plainTransport.start()]);
const defaultTrials = transport.fieldTrials;
const processes = [transport, plainTransport];
const published = new Map();
/** Sends a machine's look to the video processes, as the agent does on a change (`changed` draws a frame at once). */
function publish(id, changed = false) {
  const view = provide(id);
  if (!view) return;
  const json = JSON.stringify(view);
  if (!changed && published.get(id) === json) return;
  published.set(id, json);
  for (const p of processes) p.publish(id, view, changed);
}
// Looks that change with time (the capacity machines' spin cycle, the end of a spin), as the agent re-sends them.
const republish = setInterval(() => {
  for (const id of published.keys()) publish(id);
}, 50);
// Historical comparisons, in this process (with the trials set here): camera content, and the reels as
// before this round of tuning (a motion-blurred strip replacing the symbols at the press).
const cameraFeeds = new video.VideoFeedHub(provide, { screencast: false });
const blurFeeds = new video.VideoFeedHub(provide, { renderer: { reelMotion: 'blur', spinLeadMs: 0 } });
video.setWrtcFieldTrials(video.LOW_LATENCY_TRIALS); // for the in-process comparisons
const cameraTransport = new video.WrtcVideoTransport({ feeds: cameraFeeds });
const blurTransport = new video.WrtcVideoTransport({ feeds: blurFeeds });
const app = Fastify();
let kickOnSpin = true;
app.get('/viewer', async (_q, reply) => reply.type('text/html').send(WHEP_TEST_PAGE_HTML));
app.get('/clock', async () => ({ now: performance.timeOrigin + performance.now() }));
app.post('/spin', async () => {
  const now = performance.timeOrigin + performance.now();
  states.set('lat', { ...states.get('lat'), spinning: true, spinStartedAt: now, status: 'spinning' });
  publish('lat', kickOnSpin); // without the kick, the frame loop draws the spin at its next tick
  if (kickOnSpin) cameraFeeds.notifyStateChanged('lat');
  if (kickOnSpin) blurFeeds.notifyStateChanged('lat');
  setTimeout(() => {
    states.set('lat', { ...states.get('lat'), spinning: false, status: 'idle' });
    publish('lat');
  }, 1600);
  return { ok: true };
});
publish('lat');
await app.register(video.whepRoutes({ transport, authorize: async () => true }), { prefix: '/machines' });
await app.register(video.whepRoutes({ transport: plainTransport, authorize: async () => true }), { prefix: '/plain' });
await app.register(video.whepRoutes({ transport: cameraTransport, authorize: async () => true }), { prefix: '/camera' });
await app.register(video.whepRoutes({ transport: blurTransport, authorize: async () => true }), { prefix: '/blur' });
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });

const results = { render: [], latency: [], spin: [], join: null, capacity: [] };
const startLoad = load();
log('load', startLoad, 'parts', parts.join(','), 'field trials', JSON.stringify(defaultTrials));

/** Sender side of the (single) session of a transport: encoder and pacer figures from libwebrtc's getStats. */
async function senderStats(t) {
  const senders = t instanceof video.ProcessVideoTransport ? (await t.stats()).senders : await t.senderStats();
  const [s] = Object.values(senders);
  return s
    ? { frames: s.framesEncoded, bytes: s.bytesSent, encode: s.totalEncodeTime, sendDelay: s.totalPacketSendDelay, packets: s.packetsSent }
    : null;
}
const senderDelta = (a, b) =>
  a && b && b.frames > a.frames
    ? {
        frameKB: (b.bytes - a.bytes) / (b.frames - a.frames) / 1000,
        encodeMs: ((b.encode - a.encode) * 1000) / (b.frames - a.frames),
        pacerMs: ((b.sendDelay - a.sendDelay) * 1000) / Math.max(1, b.packets - a.packets),
      }
    : null;

// Renderer cost per frame at each band (draw + RGBA→I420), spinning reels = worst case.
if (parts.includes('render')) {
  const { FrameRenderer } = video;
  const { wrtc, i420Size } = await import('../../apps/machine/src/video/wrtc.ts');
  for (const band of video.VIDEO_BANDS) {
    const renderer = new FrameRenderer(band.width, band.height);
    const i420 = { width: band.width, height: band.height, data: new Uint8ClampedArray(i420Size(band.width, band.height)) };
    const base = idle('Render');
    const spin = { ...base, spinning: true, spinStartedAt: Date.now(), reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9] };
    const measure = (state) => {
      for (let i = 0; i < 30; i++) renderer.render(state, Date.now() + i * 33);
      const drawTimes = [];
      const convertTimes = [];
      for (let i = 0; i < 300; i++) {
        const t0 = performance.now();
        const f = renderer.render(state, Date.now() + i * 33);
        const t1 = performance.now();
        wrtc.nonstandard.rgbaToI420({ width: f.width, height: f.height, data: f.rgba }, i420);
        convertTimes.push(performance.now() - t1);
        drawTimes.push(t1 - t0);
      }
      return { draw: pct(drawTimes, 50), drawP95: pct(drawTimes, 95), convert: pct(convertTimes, 50) };
    };
    const still = measure(base);
    const spinning = measure(spin);
    results.render.push({ band: band.id, label: band.label, still, spinning });
    log('render', band.id, JSON.stringify({ still, spinning }));
  }
}

const browser = parts.some((p) => ['latency', 'spin', 'join'].includes(p))
  ? await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'],
    })
  : null;

async function openViewer() {
  const page = await browser.newPage();
  await page.goto(`${baseURL}/viewer`);
  const clock = await page.evaluate(() => window.viewer.syncClock('/clock'));
  return { page, clock };
}

async function watch(
  page,
  band,
  { lowLatency = true, warmupMs = 2500, measureMs = 7000, camera = false, spinning = false, trials = true, stampEvery = 1 } = {},
) {
  const idleState = states.get('lat');
  if (spinning)
    states.set('lat', {
      ...idleState,
      spinning: true,
      spinStartedAt: Date.now(),
      reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9],
      status: 'spinning',
    });
  publish('lat', true);
  const endpoint = camera ? '/camera/lat/whep' : trials ? '/machines/lat/whep' : '/plain/lat/whep';
  const started = await page.evaluate((o) => window.viewer.start(o), {
    endpoint,
    band: { id: band.id, width: band.width, height: band.height },
    lowLatency,
    stampEvery,
  });
  if (started.status !== 201) throw new Error(`WHEP POST ${started.status}`);
  await sleep(warmupMs);
  const t = camera ? cameraTransport : trials ? transport : plainTransport;
  const before = await page.evaluate(() => window.viewer.stats());
  const s0 = await senderStats(t);
  await sleep(measureMs);
  const after = await page.evaluate(() => window.viewer.stats());
  const sender = senderDelta(s0, await senderStats(t));
  await page.evaluate(() => window.viewer.stop());
  states.set('lat', idleState);
  publish('lat', true);
  const latencies = after.latencies.slice(before.latencies.length);
  const r2d = after.receiveToDisplayAll.slice(before.receiveToDisplayAll.length);
  return {
    trials,
    stampEvery,
    sender,
    load: load(),
    band: band.id,
    label: band.label,
    lowLatency,
    camera,
    spinning,
    samples: latencies.length,
    fps: (after.frames - before.frames) / (measureMs / 1000),
    decodedShare: (after.decoded - before.decoded) / Math.max(1, after.frames - before.frames),
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    receiveToDisplayP50: pct(r2d, 50),
    videoSizes: after.videoSizes,
  };
}

if (parts.includes('latency')) {
  const { page, clock } = await openViewer();
  log('clock offset', r1(clock.offset), 'ms, rtt', r1(clock.rtt));
  for (const band of video.VIDEO_BANDS) {
    const r = await watch(page, band);
    results.latency.push(r);
    log('latency', JSON.stringify(r));
  }
  const variants = [
    { spinning: true },
    { trials: false },
    { trials: false, spinning: true },
    { stampEvery: 30 },
    { camera: true },
    { camera: true, spinning: true },
  ];
  for (const v of variants) {
    const r = await watch(page, video.VIDEO_BANDS[0], v);
    results.latency.push(r);
    log('latency variant', JSON.stringify(r));
  }
  await page.close();
}

if (parts.includes('spin')) {
  const { page } = await openViewer();
  const band = video.VIDEO_BANDS[0];
  const spinVariants = [
    { kick: true, reels: 'sharp', trials: true },
    { kick: false, reels: 'sharp', trials: true },
    { kick: true, reels: 'blur', trials: true },
    { kick: true, reels: 'sharp', trials: false },
    { kick: true, reels: 'blur', trials: false },
  ];
  for (const { kick, reels, trials } of spinVariants) {
    kickOnSpin = kick;
    // The blurred strip runs in this process, where the trials are set for every sender or none.
    if (reels === 'blur' && trials) video.setWrtcFieldTrials(video.LOW_LATENCY_TRIALS);
    else if (reels === 'blur') video.clearWrtcFieldTrials();
    const t = reels === 'blur' ? blurTransport : trials ? transport : plainTransport;
    const endpoint = reels === 'blur' ? '/blur/lat/whep' : trials ? '/machines/lat/whep' : '/plain/lat/whep';
    await page.evaluate((o) => window.viewer.start(o), { endpoint, band: { id: band.id, width: band.width, height: band.height } });
    video.setWrtcFieldTrials(video.LOW_LATENCY_TRIALS);
    await sleep(2500);
    const s0 = await senderStats(t);
    for (let i = 0; i < 8; i++) {
      await page.evaluate(async () => {
        window.viewer.markSpinPress();
        await fetch('/spin', { method: 'POST' });
      });
      await sleep(2200 + Math.random() * 100);
    }
    const stats = await page.evaluate(() => window.viewer.stats());
    const sender = senderDelta(s0, await senderStats(t));
    await page.evaluate(() => window.viewer.stop());
    const r = {
      kick,
      reels,
      trials,
      sender,
      load: load(),
      presses: 8,
      detected: stats.spinLatencies.length,
      p50: pct(stats.spinLatencies, 50),
      max: Math.max(...stats.spinLatencies),
    };
    results.spin.push(r);
    log('spin', JSON.stringify(r));
  }
  kickOnSpin = true;
  await page.close();
}

if (parts.includes('join')) {
  const { page } = await openViewer();
  const band = video.VIDEO_BANDS[0];
  const times = [];
  for (let i = 0; i < 6; i++) {
    await page.evaluate((o) => window.viewer.start(o), {
      endpoint: '/machines/lat/whep',
      band: { id: band.id, width: band.width, height: band.height },
    });
    const t0 = Date.now();
    while (Date.now() - t0 < 5000) {
      const s = await page.evaluate(() => window.viewer.stats());
      if (s.firstFrameMs !== null) {
        times.push(s.firstFrameMs);
        break;
      }
      await sleep(20);
    }
    await page.evaluate(() => window.viewer.stop());
    await sleep(300);
  }
  results.join = { band: band.id, runs: times.length, p50: pct(times, 50), max: Math.max(...times), times: times.map(Math.round) };
  log('join', JSON.stringify(results.join));
  await page.close();
}
await browser?.close();

if (parts.includes('capacity')) {
  const band = video.VIDEO_BANDS[0];
  const steps = [
    ...[2, 4, 6, 8].map((n) => ({ pattern: 'still', tag: 'S', n })),
    ...[2, 4, 6].map((n) => ({ pattern: 'spin every 3 s', tag: 'M', n })),
    ...[1, 2, 4, 6].map((n) => ({ pattern: 'spinning nonstop', tag: 'X', n })),
  ];
  let failedPattern = null;
  for (const { pattern, tag, n } of steps) {
    if (failedPattern === pattern) continue;
    if (Date.now() > deadline - 30_000) break;
    const prefix = `cap${tag}${n}-`;
    for (let i = 0; i < n; i++) publish(`${prefix}${i}`);
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./receivers.mjs', import.meta.url)), baseURL, prefix, String(n), band.id, '6', '3'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let buffer = '';
    // CPU and frames of the video process (the product's sender), read over IPC.
    const sample = async () => {
      const { cpu, feeds } = await transport.stats();
      return {
        cpu: cpu.user + cpu.system,
        at: performance.now(),
        frames: Object.entries(feeds)
          .filter(([k]) => k.startsWith(prefix))
          .reduce((a, [, s]) => a + s.frames, 0),
      };
    };
    let first;
    const done = new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const msg = JSON.parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          if (msg.event === 'measuring') {
            first = sample();
          } else if (msg.event === 'done') {
            Promise.all([first, sample()]).then(([a, b]) => {
              const wall = b.at - a.at;
              resolve({ fps: msg.fps, cores: (b.cpu - a.cpu) / 1000 / wall, sentFps: (b.frames - a.frames) / n / (wall / 1000) });
            }, reject);
          }
        }
      });
      child.on('exit', (code) => reject(new Error(`receivers exited ${code}`)));
      setTimeout(() => reject(new Error('capacity step timed out')), 40_000);
    });
    const m = await done.catch((e) => ({ error: e.message }));
    child.kill();
    if (m.error) {
      log('capacity', n, m.error);
      failedPattern = pattern;
      continue;
    }
    const r = {
      pattern,
      streams: n,
      minFps: Math.min(...m.fps),
      meanFps: m.fps.reduce((a, b) => a + b, 0) / n,
      sentFps: m.sentFps,
      senderCores: m.cores,
      coresPerStream: m.cores / n,
      load: load(),
    };
    results.capacity.push(r);
    log('capacity', JSON.stringify(r));
    await sleep(1000);
    if (r.minFps < 29 && n >= 4) failedPattern = pattern;
  }
}

clearInterval(republish);
await transport.close();
await plainTransport.close();
await cameraTransport.close();
await blurTransport.close();
await app.close();
const endLoad = load();
log('load at end', endLoad);

if (write) {
  const lines = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push('Machine video from `node bench/video/run.mjs` (about three minutes): frames drawn with @napi-rs/canvas, sent by');
  lines.push("@roamhq/wrtc (libwebrtc, VP8) from the agent's video process (`ProcessVideoTransport`, fed each cabinet's look over IPC");
  lines.push('as the agent feeds it) through the WHEP endpoint to headless Chromium on the same host. Glass-to-glass');
  lines.push('latency = time the frame is expected on screen (`requestVideoFrameCallback` `expectedDisplayTime`) minus the');
  lines.push('clock drawn into the frame when it was rendered (block code in the top-left corner, see docs/video.md); the page');
  lines.push('learns the server clock offset from `/clock` (min-RTT of 10 samples). Goals: p50 ≤ 35 ms, p95 ≤ 60 ms at 720p30.', '');
  lines.push(`- Date: ${date}`);
  lines.push(`- Machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
  lines.push(`- Node: ${process.version}; Chromium /usr/bin/chromium headless, --disable-gpu`);
  lines.push(
    `- Load: 1-minute load average ${startLoad} at the start, ${endLoad} at the end${Number(startLoad) > 3 || Number(endLoad) > 3 ? ' (other work shared the two cores: the figures below are skewed upwards by that)' : ''}`,
    '',
  );
  if (results.render.length) {
    lines.push('### Frame cost (one frame: draw, then RGBA → I420; p50 over 300 frames)', '');
    lines.push('| band | still: draw ms | spinning: draw ms (p95) | RGBA→I420 ms |', '|---|---:|---:|---:|');
    const r2 = (x) => x.toFixed(2);
    for (const r of results.render)
      lines.push(
        `| ${r.band} ${r.label} | ${r2(r.still.draw)} | ${r2(r.spinning.draw)} (${r2(r.spinning.drawP95)}) | ${r2(r.spinning.convert)} |`,
      );
    lines.push('');
  }
  const trialsText = (on) => (on ? 'zero playout delay + burst pacer' : 'libwebrtc defaults');
  const senderText = (x) => (x ? `${r1(x.frameKB)} / ${r1(x.encodeMs)} / ${r1(x.pacerMs)}` : 'n/a');
  lines.push(
    `Sender field trials, set by default in the agent's video process (\`MACHINE_VIDEO_FIELD_TRIALS\`, docs/video.md): ${defaultTrials?.applied ? `\`${defaultTrials.detail}\`` : `not applied (${defaultTrials?.detail ?? 'off'})`}. Rows marked "libwebrtc defaults" are \`MACHINE_VIDEO_FIELD_TRIALS=false\`. Camera-content and blurred-strip rows are earlier variants kept for comparison (sent from the bench process itself).`,
    '',
  );
  if (results.latency.length) {
    lines.push('### Glass-to-glass latency, one stream, 30 fps (7 s after 2.5 s warm-up)', '');
    lines.push('Sender = mean frame size KB / VP8 encode ms per frame / pacer delay ms per packet (libwebrtc `getStats`).', '');
    lines.push(
      '| band | source | reels | sender trials | stamp read | p50 ms | p95 ms | packet received → display p50 ms | fps shown | stamps read | sender | load |',
      '|---|---|---|---|---|---:|---:|---:|---:|---:|---|---:|',
    );
    for (const r of results.latency)
      lines.push(
        `| ${r.band} ${r.label} | ${r.camera ? 'camera (isScreencast false)' : 'screencast (default)'} | ${r.spinning ? 'spinning' : 'still'} | ${trialsText(r.trials)} | ${r.stampEvery === 1 ? 'every frame' : `every ${r.stampEvery}th`} | ${r1(r.p50)} | ${r1(r.p95)} | ${r1(r.receiveToDisplayP50)} | ${r1(r.fps)} | ${Math.round(r.decodedShare * r.stampEvery * 100)}% of ${r.samples} | ${senderText(r.sender)} | ${r.load} |`,
      );
    lines.push('');
  }
  if (results.spin.length) {
    lines.push(
      '### Spin press → first frame with moving reels (720p; press in the page, `fetch POST /spin`, detected by pixel change in the middle reel; a press every 2.2–2.3 s, reels still for ~0.6 s before each)',
      '',
    );
    lines.push(
      '| reels | frame on state change (notifyStateChanged) | sender trials | presses | p50 ms | max ms | sender during presses | load |',
      '|---|---|---|---:|---:|---:|---|---:|',
    );
    for (const r of results.spin)
      lines.push(
        `| ${r.reels === 'blur' ? 'blurred strip (before)' : 'sharp scroll (now)'} | ${r.kick ? 'yes' : 'no (next tick)'} | ${trialsText(r.trials)} | ${r.detected}/${r.presses} | ${r1(r.p50)} | ${r1(r.max)} | ${senderText(r.sender)} | ${r.load} |`,
      );
    lines.push('');
  }
  if (results.join) {
    lines.push(
      `### Join → first frame (720p): p50 ${r1(results.join.p50)} ms, max ${r1(results.join.max)} ms over ${results.join.runs} joins (from createOffer in the page to the first frame on screen; goal ≤ 500 ms)`,
      '',
    );
  }
  if (results.capacity.length) {
    lines.push('### Streams at 720p30', '');
    lines.push('Each stream is its own machine (own frame loop and encoder); the viewers are libwebrtc peers in a child process');
    lines.push('(bench/video/receivers.mjs) that count decoded frames (every frame carries a new stamp, so a still cabinet');
    lines.push('still sends 30 distinct frames a second). Sender CPU is `process.cpuUsage()` of the video process (all its');
    lines.push('threads: drawing, conversion, VP8 encoding, pacing); 1.0 = one core. Patterns: still reels; a spin every 3 s');
    lines.push('(reels move 0.7–1.5 s, so about half the time); reels spinning nonstop (the worst case).', '');
    lines.push(
      '| reels | streams | min fps received | mean fps | sender cores | cores per stream | load |',
      '|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of results.capacity)
      lines.push(
        `| ${r.pattern} | ${r.streams} | ${r1(r.minFps)} | ${r1(r.meanFps)} | ${r.senderCores.toFixed(2)} | ${r.coresPerStream.toFixed(3)} | ${r.load} |`,
      );
    lines.push('');
    const failedText = (rows) => {
      const below = rows.filter((r) => r.minFps < 29);
      if (!below.length) return '';
      const starved = below.filter((r) => r.senderCores < 1);
      return ` Below 29 fps: ${below.map((r) => `${r.streams} streams (video process ${r.senderCores.toFixed(2)} cores)`).join(', ')}${starved.length === below.length ? '; the video process had not used up a core, so the two cores (shared with the receivers) ran out first' : ''}.`;
    };
    for (const pattern of [...new Set(results.capacity.map((r) => r.pattern))]) {
      const rows = results.capacity.filter((r) => r.pattern === pattern);
      const ok = rows.filter((r) => r.minFps >= 29 && r.senderCores <= 1);
      // Cost per stream only from steps that kept 30 fps: a starved step makes fewer frames and looks cheaper.
      const perStream = Math.max(...(ok.length ? ok : rows).map((r) => r.coresPerStream));
      lines.push(
        `- ${pattern}: largest measured N with every stream ≥ 29 fps within one core: ${ok.length ? ok.at(-1).streams : 'none'}; at the cost per stream measured ${ok.length ? 'while keeping 29+ fps' : '(no step kept 29 fps)'} (${perStream.toFixed(3)} cores) one core would carry about ${Math.floor(1 / perStream)} (goal ≥ 6).${failedText(rows)}`,
      );
    }
    lines.push('');
  }
  const notes = readFileSync(new URL('./NOTES.md', import.meta.url), 'utf8').trim();
  lines.push(notes, '');
  writeSection('## Video (bench/video)', lines.join('\n'));
  log('wrote docs/benchmarks.md');
}
setTimeout(() => process.exit(0), 200);
