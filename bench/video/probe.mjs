// Quick A/B probe for tuning (not the published bench): runs variants in one process, one Chromium.
// Usage: node bench/video/probe.mjs '<json array of variants>' [rounds]
// Variant: { name, path: 'forward' | 'per-viewer' (default forward), still: bool, spinning: bool, presses: n, gapMs,
//            feed: {VideoFeedOptions} }. The per-viewer path runs without field trials (gone since issue 25).
import { loadavg } from 'node:os';
import { register } from 'tsx/esm/api';

if (process.argv.includes('--help') || !process.argv[2]) {
  console.log(`Usage: node bench/video/probe.mjs '<json array of variants>' [rounds]

A/B probe in one process and one headless Chromium, each variant its own in-process transport and feed.
Variant: { "name": "a", "path": "forward" | "per-viewer", "still": true, "spinning": true, "presses": 8,
"gapMs": 2200, "feed": { VideoFeedOptions } }. Prints one JSON line per variant and round.
Example: node bench/video/probe.mjs '[{"name":"fw","spinning":true},{"name":"pv","path":"per-viewer","spinning":true}]' 2`);
  process.exit(0);
}
register();
const video = await import('../../apps/machine/src/video/index.ts');
const { WHEP_TEST_PAGE_HTML } = await import('../../apps/machine/src/video/whep-test-page.ts');
const { default: Fastify } = await import('fastify');
const { chromium } = await import('playwright-core');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (v, p) => (v.length ? [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))] : NaN);
const load = () => loadavg()[0].toFixed(1);
const variants = JSON.parse(process.argv[2]);
const rounds = Number(process.argv[3] ?? 1);
const states = new Map();
const idle = (name) => ({ ...video.idleCabinetState(name), credit: 1_234_567, bet: 500, lastWin: 0, lamps: { candle: true } });
const hubs = new Map();
const transports = new Map();
let app = Fastify();
app.get('/viewer', async (_q, reply) => reply.type('text/html').send(WHEP_TEST_PAGE_HTML));
app.get('/clock', async () => ({ now: performance.timeOrigin + performance.now() }));
app.post('/spin/:id', async (q) => {
  const id = q.params.id;
  const now = performance.timeOrigin + performance.now();
  states.set(id, { ...states.get(id), spinning: true, spinStartedAt: now, status: 'spinning' });
  hubs.get(id).notifyStateChanged(id);
  setTimeout(() => states.set(id, { ...states.get(id), spinning: false, status: 'idle' }), 1600);
  return { ok: true };
});
for (const v of variants) {
  states.set(v.name, idle('Bench Sevens'));
  // The viewer page reads the frame stamp: on unless a variant says otherwise.
  const feedOptions = { ...v.feed, renderer: { frameStamp: true, ...v.feed?.renderer } };
  const forward = (v.path ?? 'forward') === 'forward';
  const hub = forward
    ? new video.VideoFeedHub(
        (id) => states.get(id),
        feedOptions,
        (b) => new video.SharedVideoStream(b),
      )
    : new video.VideoFeedHub((id) => states.get(id), feedOptions);
  hubs.set(v.name, hub);
  const transport = forward ? new video.ForwardingVideoTransport({ feeds: hub }) : new video.WrtcVideoTransport({ feeds: hub });
  transports.set(v.name, transport);
  await app.register(video.whepRoutes({ transport, authorize: async () => true }), { prefix: `/v/${v.name}` });
}
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
await page.goto(`${baseURL}/viewer`);
await page.evaluate(() => window.viewer.syncClock('/clock'));
const band = { id: '720p', width: 1280, height: 720 };

/** The forward path's shared stream counters (no pacer), or the per-viewer sender's libwebrtc getStats. */
async function senderStats(name) {
  const t = transports.get(name);
  if (t instanceof video.ForwardingVideoTransport) {
    const [shared] = Object.values(hubs.get(name).sinkStats());
    return shared
      ? {
          framesEncoded: shared.framesEncoded,
          bytesSent: shared.bytesSent,
          encodeTime: shared.encodeMs / 1000,
          sendDelay: 0,
          packets: shared.packetsSent,
          qpSum: 0,
        }
      : null;
  }
  const [s] = [...t.sessions.values()];
  if (!s) return null;
  const report = await s.pc.getStats();
  const out = {};
  for (const r of report.values()) {
    if (r.type === 'outbound-rtp')
      Object.assign(out, {
        framesEncoded: r.framesEncoded,
        bytesSent: r.bytesSent,
        encodeTime: r.totalEncodeTime,
        sendDelay: r.totalPacketSendDelay,
        packets: r.packetsSent,
        qpSum: r.qpSum,
        keyFrames: r.keyFramesEncoded,
      });
    if (r.type === 'candidate-pair' && r.availableOutgoingBitrate) out.bwe = r.availableOutgoingBitrate;
  }
  return out;
}
const delta = (a, b) =>
  a && b
    ? {
        kbps: ((b.bytesSent - a.bytesSent) * 8) / 1000,
        frames: b.framesEncoded - a.framesEncoded,
        encMs: ((b.encodeTime - a.encodeTime) * 1000) / Math.max(1, b.framesEncoded - a.framesEncoded),
        sendDelayMs: ((b.sendDelay - a.sendDelay) * 1000) / Math.max(1, b.packets - a.packets),
        bweKbps: Math.round((b.bwe ?? 0) / 1000),
        qp: (b.qpSum - a.qpSum) / Math.max(1, b.framesEncoded - a.framesEncoded),
      }
    : null;

const results = [];
for (let round = 0; round < rounds; round++) {
  for (const v of variants) {
    const r = { name: v.name, round, load: load() };
    const start = await page.evaluate((o) => window.viewer.start(o), {
      endpoint: `/v/${v.name}/lat/whep`.replace('/lat/', `/${v.name}/`),
      band,
      lowLatency: v.lowLatency ?? true,
      stampEvery: v.stampEvery,
    });
    if (start.status !== 201) throw new Error(JSON.stringify(start));
    await sleep(2500);
    if (v.still !== false) {
      const b = await page.evaluate(() => window.viewer.stats());
      const s0 = await senderStats(v.name);
      await sleep(v.measureMs ?? 5000);
      const a = await page.evaluate(() => window.viewer.stats());
      const s1 = await senderStats(v.name);
      const lat = a.latencies.slice(b.latencies.length);
      const r2d = a.receiveToDisplay.slice(b.receiveToDisplay.length);
      Object.assign(r, {
        stillP50: pct(lat, 50),
        stillP95: pct(lat, 95),
        stillR2d: Math.round(pct(r2d, 50)),
        stillFps: (a.frames - b.frames) / ((v.measureMs ?? 5000) / 1000),
        stillSend: delta(s0, s1),
      });
    }
    if (v.spinning) {
      const st = states.get(v.name);
      states.set(v.name, { ...st, spinning: true, spinStartedAt: Date.now(), reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9], status: 'spinning' });
      await sleep(1000);
      const b = await page.evaluate(() => window.viewer.stats());
      const s0 = await senderStats(v.name);
      await sleep(5000);
      const a = await page.evaluate(() => window.viewer.stats());
      const s1 = await senderStats(v.name);
      states.set(v.name, st);
      const lat = a.latencies.slice(b.latencies.length);
      Object.assign(r, { spinP50: pct(lat, 50), spinP95: pct(lat, 95), spinFps: (a.frames - b.frames) / 5, spinSend: delta(s0, s1) });
      await sleep(1500);
    }
    if (v.presses) {
      const s0 = await senderStats(v.name);
      for (let i = 0; i < v.presses; i++) {
        await page.evaluate(async (name) => {
          window.viewer.markSpinPress();
          await fetch(`/spin/${name}`, { method: 'POST' });
        }, v.name);
        await sleep((v.gapMs ?? 2200) + Math.random() * 100);
      }
      const a = await page.evaluate(() => window.viewer.stats());
      r.press = a.spinLatencies.map(Math.round);
      r.pressP50 = pct(a.spinLatencies, 50);
      r.pressSend = delta(s0, await senderStats(v.name));
    }
    await page.evaluate(() => window.viewer.stop());
    results.push(r);
    console.log(JSON.stringify(r));
    await sleep(500);
  }
}
await browser.close();
for (const t of transports.values()) await t.close();
await app.close();
setTimeout(() => process.exit(0), 200);
