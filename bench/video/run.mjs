// Video bench: glass-to-glass latency in headless Chromium per band, spin press → moving reels,
// join → first frame, and how many 720p30 streams one core sustains.
// Usage: node bench/video/run.mjs [--only latency,spin,join,capacity] [--no-write]
// Writes the "## Video (bench/video)" section of docs/benchmarks.md (other sections untouched).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { percentile, readSubsection, writeSection } from '../lib/benchmarks-doc.mjs';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';
import { PATHS_SUBHEADING, SCALE_SUBHEADING, VIDEO_HEADING } from './path-figures.mjs';

const HELP = `Usage: node bench/video/run.mjs [--only <parts>] [--rounds <n>] [--no-write] [--help]

Machine video in headless Chromium (about three minutes for every part):
  render     frame cost per band (drawn in I420)
  latency    glass-to-glass per band (forward path), and 720p still and spinning on both paths
  spin       spin press → first frame with moving reels (the bench-only POST /spin, a decomposition)
  join       createOffer → first frame at 720p
  capacity   720p30 streams per core: still, a spin every 3 s, spinning nonstop
  spinning   tuning aid, never written: the 720p spinning row on each path, --rounds times (default 3)

  --only <a,b,…>   the parts to run (default: render,latency,spin,join,capacity)
  --sessions <n>   sessions of each 720p spinning row in the latency part (default 6)
  --no-write       print the figures without writing docs/benchmarks.md ("## Video (bench/video)" only)
  --help           this text`;
if (process.argv.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { WHEP_TEST_PAGE_HTML } = await import('../../apps/machine/src/video/whep-test-page.ts');
const { default: Fastify } = await import('fastify');
const { chromium } = await import('playwright-core');

const args = process.argv.slice(2);
const only = (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean);
const parts = args.includes('--only') ? only : ['render', 'latency', 'spin', 'join', 'capacity'];
const write = !args.includes('--no-write');
// Sessions of each 720p spinning variant in the latency part (7 s each).
const SPINNING_SESSIONS = args.includes('--sessions') ? Number(args[args.indexOf('--sessions') + 1]) : 6;
const deadline = Date.now() + 12 * 60_000;
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
// The product's video paths: the agent's video process (ProcessVideoTransport), fed the cabinet's look over IPC as
// the agent feeds it. "/machines" is the product's default path (forward: one encode per cabinet, forwarded),
// "/per-viewer" the path before issue 25 (one libwebrtc encoder per viewer, no field trials since issue 25).
// The latency rows read the frame stamp (MACHINE_VIDEO_FRAME_STAMP=true); "/player" is the per-viewer video as a
// player gets it (no stamp: a still cabinet's frames are identical), used for capacity (bench/video/scale.mjs
// compares the paths' capacity).
const transport = new video.ProcessVideoTransport({ path: 'forward', frameStamp: true });
const perViewerTransport = new video.ProcessVideoTransport({ path: 'per-viewer', frameStamp: true });
const playerTransport = new video.ProcessVideoTransport({ path: 'per-viewer' });
// The same before unchanged frames were thinned out (every tick sent), for the capacity comparison.
const everyTickTransport = new video.ProcessVideoTransport({ path: 'per-viewer', idleFrameIntervalMs: 0 });
await Promise.all([transport.start(), perViewerTransport.start(), playerTransport.start(), everyTickTransport.start()]);
const processes = [transport, perViewerTransport, playerTransport, everyTickTransport];
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
// Historical comparisons, in this process (per-viewer, libwebrtc): camera content, and the reels as
// before this round of tuning (a motion-blurred strip replacing the symbols at the press).
const cameraFeeds = new video.VideoFeedHub(provide, { screencast: false, renderer: { frameStamp: true } });
const blurFeeds = new video.VideoFeedHub(provide, { renderer: { reelMotion: 'blur', spinLeadMs: 0, frameStamp: true } });
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
await app.register(video.whepRoutes({ transport: perViewerTransport, authorize: async () => true }), { prefix: '/per-viewer' });
await app.register(video.whepRoutes({ transport: playerTransport, authorize: async () => true }), { prefix: '/player' });
await app.register(video.whepRoutes({ transport: everyTickTransport, authorize: async () => true }), { prefix: '/everytick' });
await app.register(video.whepRoutes({ transport: cameraTransport, authorize: async () => true }), { prefix: '/camera' });
await app.register(video.whepRoutes({ transport: blurTransport, authorize: async () => true }), { prefix: '/blur' });
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });

const results = { render: [], latency: [], spin: [], join: null, capacity: [] };
const startLoad = load();
log('load', startLoad, 'parts', parts.join(','));

/**
 * Sender side of the (single) session of a transport: encoder and pacer figures from libwebrtc's getStats on the
 * per-viewer path; on the forward path the shared stream's counters (no pacer: its delay counts as 0).
 */
async function senderStats(t) {
  const stats = t instanceof video.ProcessVideoTransport ? await t.stats() : { senders: await t.senderStats(), streams: {} };
  const [shared] = Object.values(stats.streams);
  if (shared)
    return {
      frames: shared.framesEncoded,
      bytes: shared.bytesSent,
      encode: shared.encodeMs / 1000,
      sendDelay: 0,
      packets: shared.packetsSent,
    };
  const [s] = Object.values(stats.senders);
  return s
    ? {
        frames: s.framesEncoded,
        bytes: s.bytesSent,
        encode: s.totalEncodeTime,
        sendDelay: s.totalPacketSendDelay,
        packets: s.packetsSent,
        sent: s.framesSent,
        resent: s.retransmittedPacketsSent,
        target: s.targetBitrate,
        bwe: s.availableOutgoingBitrate,
        limit: s.qualityLimitationReason,
      }
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

// Renderer cost per frame at each band (drawn in I420, as the sinks take it), spinning reels = worst case.
if (parts.includes('render')) {
  const { FrameRenderer } = video;
  for (const band of video.VIDEO_BANDS) {
    const renderer = new FrameRenderer(band.width, band.height);
    const base = idle('Render');
    const spin = { ...base, spinning: true, spinStartedAt: Date.now(), reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9] };
    const measure = (state) => {
      for (let i = 0; i < 30; i++) renderer.render(state, Date.now() + i * 33);
      const drawTimes = [];
      for (let i = 0; i < 300; i++) {
        const t0 = performance.now();
        renderer.render(state, Date.now() + i * 33);
        drawTimes.push(performance.now() - t0);
      }
      return { draw: pct(drawTimes, 50), drawP95: pct(drawTimes, 95) };
    };
    const still = measure(base);
    const spinning = measure(spin);
    results.render.push({ band: band.id, label: band.label, still, spinning });
    log('render', band.id, JSON.stringify({ still, spinning }));
  }
}

const browser = parts.some((p) => ['latency', 'spinning', 'spin', 'join'].includes(p))
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

/** Chromium's googTimingFrameInfo string as stage times (ms after the frame's capture), or {} when absent. */
function timingSpread(info) {
  const f = typeof info === 'string' ? info.split(',').map(Number) : [];
  if (f.length < 13) return {};
  const [, capture, encodeStart, encodeFinish, packetized, pacerExit, , , receiveStart, receiveFinish] = f;
  return {
    encode: [encodeStart - capture, encodeFinish - capture],
    packetized: packetized - capture,
    pacerExit: pacerExit - capture,
    receiving: receiveFinish - receiveStart,
  };
}

async function watch(
  page,
  band,
  {
    lowLatency = true,
    warmupMs = 2500,
    measureMs = 7000,
    camera = false,
    spinning = false,
    forward = true,
    stampEvery = 1,
    timeline = false,
  } = {},
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
  const endpoint = camera ? '/camera/lat/whep' : forward ? '/machines/lat/whep' : '/per-viewer/lat/whep';
  const started = await page.evaluate((o) => window.viewer.start(o), {
    endpoint,
    band: { id: band.id, width: band.width, height: band.height },
    lowLatency,
    stampEvery,
  });
  if (started.status !== 201) throw new Error(`WHEP POST ${started.status}`);
  await sleep(warmupMs);
  const t = camera ? cameraTransport : forward ? transport : perViewerTransport;
  const viewerStats = () => page.evaluate(async () => ({ ...window.viewer.stats(), receiver: await window.viewer.receiverStats() }));
  const before = await viewerStats();
  const s0 = await senderStats(t);
  // --only spinning: every 500 ms, the sender's state and the glass-to-glass of the frames shown meanwhile.
  const steps = [];
  if (timeline) {
    let last = { s: s0, shown: before.latencies.length };
    for (let at = 500; at <= measureMs; at += 500) {
      await sleep(500);
      const [s, shown, timing] = await Promise.all([
        senderStats(t),
        page.evaluate(() => window.viewer.stats().latencies),
        page.evaluate(async () => (await window.viewer.receiverStats())?.googTimingFrameInfo ?? null),
      ]);
      const window_ = shown.slice(last.shown);
      steps.push({
        at,
        g2gMax: window_.length ? Math.max(...window_) : null,
        shown: window_.length,
        dropped: s.frames - s.sent - (last.s.frames - last.s.sent),
        resent: s.resent - last.s.resent,
        kbps: Math.round(((s.bytes - last.s.bytes) * 8) / 500),
        bwe: Math.round(s.bwe / 1000),
        target: Math.round(s.target / 1000),
        limit: s.limit,
        pacerMs: r1(((s.sendDelay - last.s.sendDelay) * 1000) / Math.max(1, s.packets - last.s.packets)),
        // googTimingFrameInfo (the video-timing RTP header extension): the slowest frame lately, its sender times
        // as ms after capture: encode start, encode finish, packetized, last packet out of the pacer.
        ...timingSpread(timing),
      });
      last = { s, shown: shown.length };
    }
  } else await sleep(measureMs);
  const after = await viewerStats();
  const sender = senderDelta(s0, await senderStats(t));
  await page.evaluate(() => window.viewer.stop());
  states.set('lat', idleState);
  publish('lat', true);
  const latencies = after.latencies.slice(before.latencies.length);
  const r2d = after.receiveToDisplayAll.slice(before.receiveToDisplayAll.length);
  const breakdown = after.breakdown.slice(before.breakdown.length);
  const receiver = receiverDelta(before.receiver, after.receiver);
  return {
    forward,
    stampEvery,
    sender,
    ...(timeline ? { steps } : {}),
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
    stages: stagesOf(breakdown),
    receiver,
    latencies,
    breakdown,
  };
}

/**
 * Several sessions of one variant as one row: every frame of every session pooled. Each session's frames
 * reach the screen at their own phase of the page's 60 Hz compositor (constant within a session, from
 * about 0 to 30 ms between sessions), so one session says little about the next; `sessionsP95` lists each.
 */
function pooled(sessions) {
  const latencies = sessions.flatMap((r) => r.latencies);
  const breakdown = sessions.flatMap((r) => r.breakdown);
  const mean = (pick) => {
    const values = sessions.map(pick).filter((v) => Number.isFinite(v));
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const first = sessions[0];
  return {
    ...first,
    sessions: sessions.length,
    sessionsP95: sessions.map((r) => r.p95),
    sender: first.sender && {
      frameKB: mean((r) => r.sender?.frameKB),
      encodeMs: mean((r) => r.sender?.encodeMs),
      pacerMs: mean((r) => r.sender?.pacerMs),
    },
    load: sessions.at(-1).load,
    samples: latencies.length,
    fps: mean((r) => r.fps),
    decodedShare: mean((r) => r.decodedShare),
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    receiveToDisplayP50: pct(
      breakdown.map((b) => b[3] + b[2]),
      50,
    ),
    stages: stagesOf(breakdown),
    latencies,
    breakdown,
  };
}

/** Per-frame stages (drawn → received, decode, decoded → display): p50 and p95 of each, and their means over the slowest 5% of frames. */
function stagesOf(rows) {
  if (!rows.length) return null;
  const names = ['total', 'toReceive', 'decode', 'toDisplay', 'presentToDisplay'];
  const out = {};
  names.forEach(
    (name, i) =>
      (out[name] = {
        p50: pct(
          rows.map((r) => r[i]),
          50,
        ),
        p95: pct(
          rows.map((r) => r[i]),
          95,
        ),
      }),
  );
  const cut = pct(
    rows.map((r) => r[0]),
    95,
  );
  const tail = rows.filter((r) => r[0] >= cut);
  names.forEach((name, i) => (out[name].tailMean = tail.reduce((a, r) => a + r[i], 0) / tail.length));
  return out;
}
/** Chromium's inbound-rtp counters between two samples: frames dropped, freezes, jitter buffer delay per frame. */
function receiverDelta(a, b) {
  if (!a || !b) return null;
  const emitted = (b.jitterBufferEmittedCount ?? 0) - (a.jitterBufferEmittedCount ?? 0);
  return {
    framesDropped: (b.framesDropped ?? 0) - (a.framesDropped ?? 0),
    freezes: (b.freezeCount ?? 0) - (a.freezeCount ?? 0),
    jitterBufferMs: emitted ? (((b.jitterBufferDelay ?? 0) - (a.jitterBufferDelay ?? 0)) * 1000) / emitted : null,
    keyFrames: (b.keyFramesDecoded ?? 0) - (a.keyFramesDecoded ?? 0),
    nacks: (b.nackCount ?? 0) - (a.nackCount ?? 0),
    packetsLost: (b.packetsLost ?? 0) - (a.packetsLost ?? 0),
  };
}

if (parts.includes('latency')) {
  const { page, clock } = await openViewer();
  log('clock offset', r1(clock.offset), 'ms, rtt', r1(clock.rtt));
  for (const band of video.VIDEO_BANDS) {
    const r = await watch(page, band);
    results.latency.push(r);
    log('latency', JSON.stringify({ ...r, latencies: undefined, breakdown: undefined }));
  }
  // Earlier variants (camera content, the stamp read on every 30th frame) are in the notes below, not re-measured.
  // Spinning 720p, the issue's case: SPINNING_SESSIONS sessions of each variant, taken in turn, pooled.
  const spinningVariants = [{ spinning: true }, { spinning: true, forward: false }];
  const sessions = spinningVariants.map(() => []);
  for (let round = 0; round < SPINNING_SESSIONS; round++)
    for (const [i, v] of spinningVariants.entries()) {
      const r = await watch(page, video.VIDEO_BANDS[0], { ...v, measureMs: 5000, warmupMs: 2000 });
      sessions[i].push(r);
      log(
        'latency spinning session',
        round + 1,
        v.forward === false ? 'per-viewer' : 'forward',
        JSON.stringify({ p50: r.p50, p95: r.p95, stages: r.stages }),
      );
    }
  for (const group of sessions) results.latency.push(pooled(group));
  for (const v of [{ forward: false }]) {
    const r = await watch(page, video.VIDEO_BANDS[0], v);
    results.latency.push(r);
    log('latency variant', JSON.stringify({ ...r, latencies: undefined, breakdown: undefined }));
  }
  await page.close();
}

// Tuning aid (not written to the doc): the 720p spinning row alone, --rounds times, with its per-frame stages.
if (parts.includes('spinning')) {
  const { page } = await openViewer();
  const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3;
  for (let i = 0; i < rounds; i++) {
    for (const forward of [true, false]) {
      const r = await watch(page, video.VIDEO_BANDS[0], { spinning: true, forward, timeline: true });
      log(
        `spinning ${forward ? 'forward' : 'per-viewer'}`,
        JSON.stringify({ p50: r.p50, p95: r.p95, fps: r.fps, sender: r.sender, stages: r.stages, receiver: r.receiver, load: r.load }),
      );
      for (const step of r.steps) log('  ', JSON.stringify(step));
    }
  }
  await page.close();
}

if (parts.includes('spin')) {
  const { page } = await openViewer();
  const band = video.VIDEO_BANDS[0];
  const spinVariants = [
    { kick: true, reels: 'sharp', forward: true },
    { kick: false, reels: 'sharp', forward: true },
    { kick: true, reels: 'sharp', forward: false },
    // As a player gets it (no stamp): an unchanged picture goes out 10 times a second ("now") or every tick.
    { kick: true, reels: 'sharp', forward: false, route: '/player', gapMs: 3500 },
    { kick: true, reels: 'sharp', forward: false, route: '/everytick', gapMs: 3500 },
  ];
  for (const { kick, reels, forward, route, gapMs = 2200 } of spinVariants) {
    kickOnSpin = kick;
    const t =
      route === '/player'
        ? playerTransport
        : route === '/everytick'
          ? everyTickTransport
          : reels === 'blur'
            ? blurTransport
            : forward
              ? transport
              : perViewerTransport;
    const endpoint = route
      ? `${route}/lat/whep`
      : reels === 'blur'
        ? '/blur/lat/whep'
        : forward
          ? '/machines/lat/whep'
          : '/per-viewer/lat/whep';
    await page.evaluate((o) => window.viewer.start(o), { endpoint, band: { id: band.id, width: band.width, height: band.height } });
    await sleep(2500);
    const s0 = await senderStats(t);
    for (let i = 0; i < 8; i++) {
      await page.evaluate(async () => {
        window.viewer.markSpinPress();
        await fetch('/spin', { method: 'POST' });
      });
      await sleep(gapMs + Math.random() * 100);
    }
    const stats = await page.evaluate(() => window.viewer.stats());
    const sender = senderDelta(s0, await senderStats(t));
    await page.evaluate(() => window.viewer.stop());
    const r = {
      kick,
      reels,
      forward,
      route,
      gapMs,
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

const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/task/<tid>/stat on Linux
/**
 * CPU ticks of a process's threads, grouped: libwebrtc's encoder threads ("EncoderQueue", VP8 encoding), the
 * main thread (drawing, RGBA → I420, handing frames over) and the rest (pacer, network, RTP/RTCP, SRTP).
 */
function threadTicks(pid) {
  const out = new Map();
  if (!pid) return out;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    out.set(tid, { ticks, group: /^EncoderQueue/.test(name) ? 'encoder' : String(pid) === tid ? 'main' : 'other' });
  }
  return out;
}
/** Cores each thread group used between two threadTicks samples (threads present in both). */
function threadCores(a, b, seconds) {
  const out = { encoder: 0, main: 0, other: 0 };
  for (const [tid, t] of b) if (a.has(tid)) out[t.group] += (t.ticks - a.get(tid).ticks) / TICKS_PER_SECOND / seconds;
  return out;
}

if (parts.includes('capacity')) {
  const band = video.VIDEO_BANDS[0];
  // "now": the product (an unchanged picture sent 10 times a second); "every tick": each frame sent (before).
  const variants = [
    { sent: 'now', route: '/player', t: playerTransport },
    { sent: 'every tick', route: '/everytick', t: everyTickTransport },
  ];
  const steps = [
    ...[4, 8, 12].flatMap((n) => variants.map((v) => ({ pattern: 'still', tag: 'S', n, ...v }))),
    ...[4, 8, 10, 12].flatMap((n) => variants.map((v) => ({ pattern: 'spin every 3 s', tag: 'M', n, ...v }))),
    ...[2, 4, 6].map((n) => ({ pattern: 'spinning nonstop', tag: 'X', n, ...variants[0] })),
  ];
  // Tuning aid: --steps S8,M8 runs only those steps (pattern tag and stream count).
  const wanted = args.includes('--steps') ? args[args.indexOf('--steps') + 1].split(',') : null;
  const failed = new Set();
  for (const { pattern, tag, n, sent, route, t } of steps.filter((st) => !wanted || wanted.includes(`${st.tag}${st.n}`))) {
    if (failed.has(`${pattern}/${sent}`)) continue;
    if (Date.now() > deadline - 30_000) break;
    const prefix = `cap${tag}${n}${route.slice(1, 2)}-`;
    for (let i = 0; i < n; i++) publish(`${prefix}${i}`);
    // As a player gets the video: no frame stamp (MACHINE_VIDEO_FRAME_STAMP off).
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./receivers.mjs', import.meta.url)), baseURL, prefix, String(n), band.id, '6', '3', route],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let buffer = '';
    // CPU and frames of the video process (the product's sender), read over IPC; its threads' CPU from /proc.
    const sample = async () => {
      const { cpu, feeds } = await t.stats();
      const mine = Object.entries(feeds).filter(([k]) => k.startsWith(prefix));
      return {
        cpu: cpu.user + cpu.system,
        threads: threadTicks(t.pid),
        at: performance.now(),
        frames: mine.reduce((a, [, s]) => a + s.frames, 0),
        late: mine.reduce((a, [, s]) => a + s.skipped, 0),
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
              const threads = threadCores(a.threads, b.threads, wall / 1000);
              resolve({
                fps: msg.fps,
                cores: (b.cpu - a.cpu) / 1000 / wall,
                sentFps: (b.frames - a.frames) / n / (wall / 1000),
                lateTicks: b.late - a.late,
                encoderCores: threads.encoder,
                mainCores: threads.main,
                otherCores: threads.other,
              });
            }, reject);
          }
        }
      });
      child.on('exit', (code) => reject(new Error(`receivers exited ${code}`)));
      setTimeout(() => reject(new Error('capacity step timed out')), 40_000);
    });
    const m = await done.catch((e) => ({ error: e.message }));
    // The receivers close their sessions (WHEP DELETE) after reporting; let them, so the next step starts clean.
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    child.kill();
    if (m.error) {
      log('capacity', n, m.error);
      failed.add(`${pattern}/${sent}`);
      continue;
    }
    const r = {
      pattern,
      sent,
      streams: n,
      minFps: Math.min(...m.fps),
      meanFps: m.fps.reduce((a, b) => a + b, 0) / n,
      sentFps: m.sentFps,
      lateTicks: m.lateTicks,
      // Kept up: every stream received what was sent, and the frame loops did not fall behind (≤ 1% of ticks late).
      keptUp: Math.min(...m.fps) >= 0.97 * m.sentFps && m.lateTicks <= 0.01 * n * 30 * 6,
      senderCores: m.cores,
      coresPerStream: m.cores / n,
      encoderPerStream: m.encoderCores / n,
      mainPerStream: m.mainCores / n,
      otherPerStream: m.otherCores / n,
      load: load(),
    };
    results.capacity.push(r);
    log('capacity', JSON.stringify(r));
    await sleep(1000);
    if (!r.keptUp) failed.add(`${pattern}/${sent}`);
  }
}

clearInterval(republish);
await transport.close();
await perViewerTransport.close();
await playerTransport.close();
await everyTickTransport.close();
await cameraTransport.close();
await blurTransport.close();
await app.close();
const endLoad = load();
log('load at end', endLoad);

if (write) {
  const lines = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push('Machine video from `node bench/video/run.mjs` (about three minutes): frames drawn with @napi-rs/canvas, coded');
  lines.push('with VP8 by libvpx once per cabinet (forward path) or by @roamhq/wrtc once per viewer (per-viewer path) in the');
  lines.push("agent's video process (`ProcessVideoTransport`, fed each cabinet's look over IPC");
  lines.push('as the agent feeds it) through the WHEP endpoint to headless Chromium on the same host. Glass-to-glass');
  lines.push('latency = time the frame is expected on screen (`requestVideoFrameCallback` `expectedDisplayTime`) minus the');
  lines.push('clock drawn into the frame when it was rendered (block code in the top-left corner, see docs/video.md); the page');
  lines.push(
    'learns the server clock offset from `/clock` (min-RTT of 10 samples). Goals: p50 ≤ 35 ms, p95 ≤ 60 ms at 720p30; issue 14: p95 ≤ 33 ms at 720p while spinning (each spinning row pools several sessions; see "Where the spinning 720p tail comes from").',
    '',
  );
  lines.push(`- Date: ${date}`);
  lines.push(`- Machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
  lines.push(`- Node: ${process.version}; Chromium /usr/bin/chromium headless, --disable-gpu`);
  lines.push(
    `- Load: 1-minute load average ${startLoad} at the start, ${endLoad} at the end${Number(startLoad) > 3 || Number(endLoad) > 3 ? ' (other work shared the two cores: the figures below are skewed upwards by that)' : ''}`,
    '',
  );
  // The subsections other benches write (bench/video/path-figures.mjs, scale.mjs) stay, first.
  for (const sub of [PATHS_SUBHEADING, SCALE_SUBHEADING]) {
    const kept = readSubsection(VIDEO_HEADING, sub);
    if (kept) lines.push(kept, '');
  }
  if (results.render.length) {
    lines.push('### Frame cost (one frame drawn in I420, as the sinks take it; p50 over 300 frames)', '');
    lines.push('| band | still: draw ms | spinning: draw ms (p95) |', '|---|---:|---:|');
    const r2 = (x) => x.toFixed(2);
    for (const r of results.render)
      lines.push(`| ${r.band} ${r.label} | ${r2(r.still.draw)} | ${r2(r.spinning.draw)} (${r2(r.spinning.drawP95)}) |`);
    lines.push('');
  }
  const pathText = (forward) => (forward ? 'forward' : 'per-viewer');
  const stagesText = (x) => (x ? `${r1(x.toReceive.p95)} / ${r1(x.decode.p95)} / ${r1(x.toDisplay.p95)}` : 'n/a');
  const senderText = (x) => (x ? `${r1(x.frameKB)} / ${r1(x.encodeMs)} / ${r1(x.pacerMs)}` : 'n/a');
  lines.push(
    `Video path: "forward" is the product's default since issue 25 (\`MACHINE_VIDEO_PATH\`, docs/video.md: one libvpx encode per cabinet picture, its RTP forwarded to every viewer, playout delay 0 in the header extension, no pacer); "per-viewer" is one libwebrtc encoder per viewer, without the field trials since issue 25 (no zero playout delay header, libwebrtc's pacer). Figures recorded with "zero playout delay + burst pacer" (before issue 25) were per-viewer with the field trials: see the notes below. Spinning rows pool ${SPINNING_SESSIONS} sessions each, taken in turn with the other spinning rows (the column "sessions' p95" lists them). The forward path's "sender" column: frame size / libvpx encode ms / 0 (no pacer). The capacity table is the per-viewer path; bench/video/scale.mjs compares both paths' capacity. Camera content and the blurred strip, earlier variants, are no longer re-measured: their figures are in the notes below.`,
    '',
  );
  if (results.latency.length) {
    lines.push(
      `### Glass-to-glass latency, one stream, 30 fps (7 s after 2.5 s warm-up; spinning 720p: ${SPINNING_SESSIONS} sessions of 5 s after 2 s)`,
      '',
    );
    lines.push('Sender = mean frame size KB / VP8 encode ms per frame / pacer delay ms per packet (libwebrtc `getStats`).');
    lines.push('p95 per stage (ms, each stage’s own p95, from `requestVideoFrameCallback` metadata): drawn → frame received');
    lines.push(
      '(`receiveTime`: encoding, pacer, network) / decode (`processingDuration`) / decoded → expected on screen',
      '(compositor, vsync). Each frame is read in a worker of the page (its stamp from the Y plane, paired with',
      '`requestVideoFrameCallback` by RTP timestamp); the page does no pixel work on its main thread.',
      '',
    );
    lines.push(
      "| band | source | reels | video path | stamp read | p50 ms | p95 ms | sessions' p95 ms | packet received → display p50 ms | p95 per stage | fps shown | stamps read | sender | load |",
      '|---|---|---|---|---|---:|---:|---|---:|---|---:|---:|---|---:|',
    );
    for (const r of results.latency)
      lines.push(
        `| ${r.band} ${r.label} | ${r.camera ? 'camera (isScreencast false)' : 'screencast (default)'} | ${r.spinning ? 'spinning' : 'still'} | ${pathText(r.forward)} | ${r.stampEvery === 1 ? 'every frame' : `every ${r.stampEvery}th`} | ${r1(r.p50)} | ${r1(r.p95)} | ${r.sessionsP95 ? r.sessionsP95.map(r1).join(', ') : '1 session'} | ${r1(r.receiveToDisplayP50)} | ${stagesText(r.stages)} | ${r1(r.fps)} | ${Math.round(r.decodedShare * r.stampEvery * 100)}% of ${r.samples} | ${senderText(r.sender)} | ${r.load} |`,
      );
    lines.push('');
  }
  if (results.spin.length) {
    lines.push(
      '### Spin press → first frame with moving reels, a decomposition (the bench-only `POST /spin` sets how the cabinet looks directly: no game socket, agent queue, engine or state file; for the real path of a player see bench/latency, Spin click → moving reels; 720p; press in the page, `fetch POST /spin`, detected by pixel change in the middle reel; a press every 2.2–2.3 s, reels still for ~0.6 s before each; rows "no stamp": every 3.5–3.6 s, still ~1.9 s before each)',
      '',
    );
    lines.push(
      '| reels | frame on state change (notifyStateChanged) | video path | frames | presses | p50 ms | max ms | sender during presses | load |',
      '|---|---|---|---|---:|---:|---:|---|---:|',
    );
    for (const r of results.spin)
      lines.push(
        `| ${r.reels === 'blur' ? 'blurred strip (before)' : 'sharp scroll (now)'} | ${r.kick ? 'yes' : 'no (next tick)'} | ${pathText(r.forward)} | ${r.route === '/player' ? 'no stamp, unchanged picture 10/s (now, as a player gets it)' : r.route === '/everytick' ? 'no stamp, every tick sent' : 'stamped, every tick'} | ${r.detected}/${r.presses} | ${r1(r.p50)} | ${r1(r.max)} | ${senderText(r.sender)} | ${r.load} |`,
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
    lines.push('### Streams at 720p30, as a player gets them (no frame stamp)', '');
    lines.push("Each stream is its own machine (own frame loop and encoder) in the agent's video process, with no frame stamp");
    lines.push('(`MACHINE_VIDEO_FRAME_STAMP` off, the default): a still cabinet draws identical frames. The viewers are libwebrtc');
    lines.push('peers in a child process (bench/video/receivers.mjs) that count decoded frames. Sender CPU is `process.cpuUsage()`');
    lines.push("of the video process, 1.0 = one core, split by thread from /proc: libwebrtc's `EncoderQueue` threads (VP8),");
    lines.push('the main thread (drawing, RGBA → I420, handing frames over) and the rest (pacer, network, RTP/RTCP, SRTP).');
    lines.push('"sent" = how an unchanged picture goes out: "now" 10 a second after 0.5 s at the full rate (VideoFeedOptions');
    lines.push('`idleFrameIntervalMs`), "every tick" 30 a second (before). A step kept up when every viewer received ≥ 97% of');
    lines.push('the frames sent and ≤ 1% of frame ticks ran late. Patterns: still reels; a spin every 3 s (reels move 0.7–1.5 s');
    lines.push('of each 3 s); reels spinning nonstop (the worst case).', '');
    lines.push(
      '| reels | sent | streams | min fps received | frames sent/s per stream | kept up | sender cores | cores per stream | VP8 / main / rest per stream | load |',
      '|---|---|---:|---:|---:|---|---:|---:|---|---:|',
    );
    const f3 = (x) => x.toFixed(3);
    for (const r of results.capacity)
      lines.push(
        `| ${r.pattern} | ${r.sent} | ${r.streams} | ${r1(r.minFps)} | ${r1(r.sentFps)} | ${r.keptUp ? 'yes' : `no (${r.lateTicks} late ticks)`} | ${r.senderCores.toFixed(2)} | ${f3(r.coresPerStream)} | ${f3(r.encoderPerStream)} / ${f3(r.mainPerStream)} / ${f3(r.otherPerStream)} | ${r.load} |`,
      );
    lines.push('');
    for (const pattern of [...new Set(results.capacity.map((r) => r.pattern))]) {
      for (const sent of ['now', 'every tick']) {
        const rows = results.capacity.filter((r) => r.pattern === pattern && r.sent === sent);
        if (!rows.length) continue;
        const ok = rows.filter((r) => r.keptUp);
        // Streams per core as measured at the largest step that kept up (a starved step makes fewer frames and
        // looks cheaper); the costliest step that kept up gives the cautious figure beside it.
        const largest = ok.at(-1);
        const perStream = Math.max(...(ok.length ? ok : rows).map((r) => r.coresPerStream));
        const rest = Math.max(...(ok.length ? ok : rows).map((r) => r.otherPerStream));
        const measured = largest
          ? `${largest.streams} streams kept up on ${largest.senderCores.toFixed(2)} sender cores: ${r1(largest.streams / largest.senderCores)} streams a core (goal ≥ 8); at the costliest step that kept up ${f3(perStream)} cores per stream, ${r1(1 / perStream)} a core`
          : `no step kept up; ${f3(perStream)} cores per stream, about ${r1(1 / perStream)} a core (goal ≥ 8)`;
        lines.push(
          `- ${pattern}, ${sent}: ${measured}.${sent === 'now' ? ` Without encoding or drawing (a cabinet that encodes in hardware, the agent forwarding its RTP) the rest costs ${f3(rest)} cores per stream.` : ''}`,
        );
      }
    }
    lines.push('');
  }
  const notes = readFileSync(new URL('./NOTES.md', import.meta.url), 'utf8').trim();
  lines.push(notes, '');
  writeSection(VIDEO_HEADING, lines.join('\n'));
  log('wrote docs/benchmarks.md');
}
setTimeout(() => process.exit(0), 200);
