// Glass to glass from a captured source (docs/video.md "A camera as the picture"): a "camera" writes
// 1280x720 I420 frames at 30 a second into a FIFO, each stamped with the time it is written (the frame
// stamp, docs/video.md); the machine's capture input is that FIFO (ffmpeg rawvideo), so each frame goes
// through the agent's real video process: ffmpeg reads and scales it, the band's shared encoder codes it,
// werift sends it. Chromium plays it over WHEP and reads the stamp of every frame it shows: the figure is
// "written by the camera" → "on the player's screen" (requestVideoFrameCallback's expected display time).
// Usage: node bench/video/glass.mjs [--seconds 15] [--band 720p] [--help]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';
import { machineLine, percentile, writeSection } from '../lib/benchmarks-doc.mjs';
import { recordPathFigure, when } from './path-figures.mjs';

const HELP = `Usage: node bench/video/glass.mjs [--seconds <n>] [--band <720p|480p|360p>] [--help]

A 1280x720 30 fps "camera" (frames written into a FIFO, each stamped with its write time) is the
capture input of a machine in the agent's video process (MACHINE_VIDEO_PATH=forward); Chromium plays it
over WHEP and reads each shown frame's stamp. Prints p50/p95/max glass-to-glass and writes the
"## Glass to glass from a captured source" section of docs/benchmarks.md.

  --seconds <n>   measured seconds, after 3 s of warm-up (default 15)
  --band <id>     the band watched (default 720p)
  --help          this text`;
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
for (let i = 0; i < args.length; i += 2) {
  if (!['--seconds', '--band'].includes(args[i]) || args[i + 1] === undefined) {
    console.error(HELP);
    process.exit(2);
  }
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seconds = Number(option('--seconds', '15'));
const bandId = option('--band', '720p');
const log = (...parts) => console.log(new Date().toISOString().slice(11, 19), ...parts);

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { WHEP_TEST_PAGE_HTML } = await import('../../apps/machine/src/video/whep-test-page.ts');
const { findBand } = await import('@reelcast/protocol');
const { default: Fastify } = await import('fastify');
const band = findBand(bandId);
if (!band) throw new Error(`unknown band ${bandId}`);

// The camera: a gradient with a bar moving across it, the stamp in its top-left corner (luma only).
const W = 1280;
const H = 720;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-glass-'));
const fifo = path.join(dir, 'camera.yuv');
execFileSync('mkfifo', [fifo]);
const frame = Buffer.alloc((W * H * 3) / 2, 128);
for (let y = 0; y < H; y++) frame.fill(40 + Math.round((140 * y) / H), y * W, (y + 1) * W);
const luma = { fillStyle: '#000', fillRect: (x, y, w, h) => paint(x, y, w, h, luma.fillStyle === '#fff' ? 235 : 16) };
function paint(x0, y0, w, h, value) {
  for (let y = y0; y < y0 + h; y++) frame.fill(value, y * W + x0, y * W + x0 + w);
}
let written = 0;
let camera;
function startCamera() {
  camera = fs.createWriteStream(fifo);
  camera.on('error', () => {}); // ffmpeg went away between viewers: the next open starts again
  const tick = () => {
    if (camera.destroyed) return;
    const bar = (written * 16) % W;
    paint(0, 200, W, 80, 60);
    paint(bar, 200, 64, 80, 220);
    video.drawFrameStamp(luma, H, { clockMs: Date.now() >>> 0, frame: written++ & 0xffff });
    // Back-pressure: a full pipe drops this frame, as a camera does, rather than queueing it.
    if (camera.writableLength === 0) camera.write(Buffer.from(frame));
  };
  camera.once('open', () => setInterval(tick, 1000 / 30));
}
startCamera();

const transport = new video.ProcessVideoTransport({ path: 'forward' });
transport.setCapture('glass', {
  input: fifo,
  format: 'rawvideo',
  options: { pixel_format: 'yuv420p', video_size: `${W}x${H}`, framerate: '30' },
});
await transport.start();
const app = Fastify();
app.get('/viewer', async (_q, reply) => reply.type('text/html').send(WHEP_TEST_PAGE_HTML));
app.get('/clock', async () => ({ now: Date.now() }));
await app.register(video.whepRoutes({ transport, authorize: () => true }), { prefix: '/machines' });
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });

const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
const page = await browser.newPage();
await page.goto(`${baseURL}/viewer`);
await page.evaluate(() => window.viewer.syncClock('/clock'));
log('playing', band.id, 'from the FIFO camera');
const started = await page.evaluate((b) => window.viewer.start({ endpoint: '/machines/glass/whep', band: b }), {
  id: band.id,
  width: band.width,
  height: band.height,
});
if (started.status !== 201) throw new Error(`WHEP POST ${started.status}: ${started.body}`);
await new Promise((resolve) => setTimeout(resolve, 3_000));
const before = await page.evaluate(() => window.viewer.stats());
const cpu0 = (await transport.stats()).cpu;
for (let s = 0; s < seconds; s += 5) {
  await new Promise((resolve) => setTimeout(resolve, Math.min(5, seconds - s) * 1_000));
  log(`measuring… ${Math.min(seconds, s + 5)}/${seconds} s`);
}
const after = await page.evaluate(() => window.viewer.stats());
const { cpu: cpu1, streams } = await transport.stats();
const latencies = after.latencies.slice(before.latencies.length).sort((a, b) => a - b);
const shown = after.decoded - before.decoded;
const core = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / 1e6 / seconds;
const result = {
  band: band.id,
  samples: latencies.length,
  fps: shown / seconds,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  max: latencies.at(-1),
  videoProcessCore: core,
  keyframes: streams[`glass/${band.id}@30`]?.keyframes,
};
log('glass to glass', JSON.stringify(result));

await browser.close();
await transport.close();
await app.close();
camera.destroy();
fs.rmSync(dir, { recursive: true, force: true });

writeSection(
  '## Glass to glass from a captured source',
  `\`node bench/video/glass.mjs\` (${new Date().toISOString().slice(0, 10)}; ${machineLine()}). A 1280x720 30 fps
"camera" writes I420 frames into a FIFO, each stamped with the time it is written; that FIFO is a machine's
capture input in the agent's video process (ffmpeg reads and scales it, the band's one encoder codes it,
werift sends it); Chromium plays it over WHEP and reads the stamp of each frame it shows, at its expected
display time. Same machine, same clock. Goal (issue 25): p50 ≤ 50 ms, p95 ≤ 80 ms at 720p30.

| band | frames shown | p50 | p95 | max | video process CPU |
|---|---:|---:|---:|---:|---:|
| ${result.band} | ${result.samples} (${result.fps.toFixed(1)} fps) | ${result.p50} ms | ${result.p95} ms | ${result.max} ms | ${(core * 100).toFixed(1)} % of a core |
`,
);
// A camera's picture goes the forward path only (docs/video.md "A camera as the picture").
recordPathFigure('glassToGlass', {
  forward: `${result.p50} / ${result.p95} ms (${result.samples} frames)`,
  perViewer: 'no capture input on this path',
  ...when(),
});
log('written to docs/benchmarks.md');
process.exit(0);
