import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness.ts';
import { idleCabinetState } from '../apps/machine/src/video/cabinet-state.ts';
import { ProcessVideoTransport } from '../apps/machine/src/video/process-transport.ts';
import { whepRoutes } from '../apps/machine/src/video/whep.ts';

/**
 * Our WHEP endpoint played by a widely used third-party player, @eyevinn/webrtc-player with its WHEP
 * adapter, bundled from npm as any site would. Like MediaMTX's reader and most players, it shows
 * `event.streams[0]` of the track event: a track sent without a MediaStream (no stream in `a=msid`)
 * connects and decodes, but never reaches its <video>. The video comes from the agent's video process
 * with the product's defaults (no frame stamp); the reels spin, so frames keep coming whatever the
 * process does with unchanged pictures.
 */

const TOKEN = 'third-party-token';
let app: FastifyInstance;
let transport: ProcessVideoTransport;
let browser: Browser;
let page: Page;
let baseURL: string;

/** The player's npm package as one browser script that defines `window.WebRTCPlayer`. */
async function bundlePlayer(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@eyevinn/webrtc-player');
  const result = await build({
    stdin: { contents: `export { WebRTCPlayer } from ${JSON.stringify(entry)};`, resolveDir: path.dirname(entry) },
    bundle: true,
    format: 'iife',
    globalName: 'EyevinnPlayer',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The page: the player on a <video>, as its README shows, and what a viewer would notice: the track
 * events' streams, and frames presented on the <video> (requestVideoFrameCallback) with their brightness.
 */
const page_html = (player: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Third-party WHEP player</title></head>
<body><video id="video" muted autoplay playsinline width="640" height="360"></video>
<script>${player.replace(/<\/script/gi, '<\\/script')}</script>
<script>
window.seen = { tracks: [], frames: 0, lumas: [] };
var NativePeerConnection = window.RTCPeerConnection;
window.RTCPeerConnection = class extends NativePeerConnection {
  constructor(config) {
    super(config);
    this.addEventListener('track', function (event) { window.seen.tracks.push({ kind: event.track.kind, streams: event.streams.length }); });
  }
};
window.play = function (url, authorization) {
  var video = document.getElementById('video');
  var canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 36;
  var ctx = canvas.getContext('2d', { willReadFrequently: true });
  function onFrame() {
    window.seen.frames++;
    ctx.drawImage(video, 0, 0, 64, 36);
    var d = ctx.getImageData(0, 0, 64, 36).data, sum = 0;
    for (var i = 0; i < d.length; i += 4) sum += (d[i] * 2 + d[i + 1] * 5 + d[i + 2]) / 8;
    window.seen.lumas.push(sum / (d.length / 4));
    video.requestVideoFrameCallback(onFrame);
  }
  video.requestVideoFrameCallback(onFrame);
  var player = new EyevinnPlayer.WebRTCPlayer({ video: video, type: 'whep', iceServers: [] });
  player.load(new URL(url, location.href), authorization);
  window.stopPlaying = function () { return player.unload(); };
};
</script></body></html>`;

beforeAll(async () => {
  transport = new ProcessVideoTransport({});
  transport.publish('1', {
    ...idleCabinetState('Third Party Sevens'),
    credit: 12_345,
    bet: 100,
    spinning: true,
    spinStartedAt: Date.now(),
    reelStopMs: [600_000, 600_000, 600_000, 600_000, 600_000],
    status: 'spinning',
  });
  // Machine 2's picture is a camera: here ffmpeg's test pattern, captured as a V4L2 device would be.
  transport.setCapture('2', { input: 'testsrc2=size=1280x720:rate=30', format: 'lavfi', realtime: true });
  // Machine 3's camera codes H.264 itself (constrained baseline 3.1, as libx264's baseline writes it),
  // passed through to a browser that takes it: here a recording of such a camera, played in a loop.
  const recording = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-h264-')), 'camera.ts');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-tune',
    'zerolatency',
    '-g',
    '15',
    '-pix_fmt',
    'yuv420p',
    '-y',
    recording,
  ]);
  transport.setCapture('3', {
    input: recording,
    realtime: true,
    options: { stream_loop: '-1' },
    passthrough: { profileLevelId: '42c01f' },
  });
  const [player] = await Promise.all([bundlePlayer(), transport.start()]);
  app = Fastify();
  app.get('/player', async (_request, reply) => reply.type('text/html').send(page_html(player)));
  await app.register(
    whepRoutes({
      transport,
      machineExists: (id) => ['1', '2', '3'].includes(id),
      authorize: (request) => request.headers.authorization === `Bearer ${TOKEN}`,
    }),
    { prefix: '/machines' },
  );
  baseURL = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${baseURL}/player`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await transport?.close();
  await app?.close();
});

/**
 * Stops the player, as a page that plays another machine does: the session ends at once (WHEP DELETE),
 * and its encoder with it. Left to the ICE timeout, the last test's 720p encoders ran on for seconds
 * beside the next test's camera.
 */
async function stopAndReload(stream: string) {
  await page.evaluate(() => window.stopPlaying());
  await expect.poll(async () => ((await transport.stats()).streams[stream] as { viewers: number } | undefined)?.viewers ?? 0).toBe(0);
  await page.reload();
}

describe('a third-party WHEP player (@eyevinn/webrtc-player)', () => {
  it("shows the machine's picture: the track comes in a stream and frames play on its <video>", async () => {
    await page.evaluate((authorization) => window.play('/machines/1/whep', authorization), `Bearer ${TOKEN}`);
    await expect.poll(() => page.evaluate(() => window.seen.frames), { timeout: 10_000, interval: 200 }).toBeGreaterThanOrEqual(30);
    const seen = await page.evaluate(() => window.seen);
    expect(seen.tracks.filter((t) => t.kind === 'video')).toEqual([{ kind: 'video', streams: 1 }]);
    // Not black: the cabinet's picture (a black <video> stays near 0).
    expect(Math.max(...seen.lumas)).toBeGreaterThan(25);
    expect(transport.sessionCount()).toBe(1);
    // Chromium offers H.264: the drawn cabinet was coded with libx264 (MACHINE_VIDEO_CODEC's default), not VP8.
    expect((await transport.stats()).streams['1/720p@30']).toMatchObject({ codecs: { h264: { viewers: 1 } } });
    expect((await transport.stats()).streams['1/720p@30']).not.toHaveProperty('codecs.vp8');
  });

  it("shows a captured camera's picture (an ffmpeg input) the same way", async () => {
    await stopAndReload('1/720p@30');
    await page.evaluate((authorization) => window.play('/machines/2/whep', authorization), `Bearer ${TOKEN}`);
    await expect.poll(() => page.evaluate(() => window.seen.frames), { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(30);
    const seen = await page.evaluate(() => window.seen);
    expect(seen.tracks.filter((t) => t.kind === 'video')).toEqual([{ kind: 'video', streams: 1 }]);
    // testsrc2's colour bars and moving shapes: bright, and changing from frame to frame.
    expect(Math.max(...seen.lumas)).toBeGreaterThan(25);
    expect(new Set(seen.lumas.map((l) => Math.round(l))).size).toBeGreaterThan(1);
    const streams = (await transport.stats()).streams;
    expect(streams['2/720p@30']).toMatchObject({ viewers: 1 });
  });

  it("shows a camera's own H.264 passed through, not decoded or coded again", async () => {
    await stopAndReload('2/720p@30');
    await page.evaluate((authorization) => window.play('/machines/3/whep', authorization), `Bearer ${TOKEN}`);
    await expect
      .poll(() => page.evaluate(() => window.seen.frames), { timeout: 15_000, interval: 200 })
      .toBeGreaterThanOrEqual(30)
      .catch(async (error: Error) => {
        // What the camera's stream did tells where the frames went (a loop that stopped: its keyframes stay at 4).
        throw new Error(`${error.message}\nthe camera's stream: ${JSON.stringify((await transport.stats()).streams['3/h264'])}`);
      });
    const seen = await page.evaluate(() => window.seen);
    expect(seen.tracks.filter((t) => t.kind === 'video')).toEqual([{ kind: 'video', streams: 1 }]);
    expect(new Set(seen.lumas.map((l) => Math.round(l))).size).toBeGreaterThan(1);
    // The recording (2 s, 4 keyframes) played on past its end: the loop reached the player too.
    await expect
      .poll(async () => ((await transport.stats()).streams['3/h264'] as { keyframes: number }).keyframes, { timeout: 15_000 })
      .toBeGreaterThan(5);
    const streams = (await transport.stats()).streams;
    // The camera's packets went to the player; no VP8 encoder was started for its top band.
    expect(streams['3/h264']).toMatchObject({ viewers: 1, seenProfileLevelId: '42c01f' });
    expect((streams['3/h264'] as { packetsSent: number }).packetsSent).toBeGreaterThan(30);
    expect(streams['3/720p@30']).toBeUndefined();
  });
});

declare global {
  interface Window {
    play(url: string, authorization: string): void;
    /** The player's own stop: its WHEP adapter DELETEs the session. */
    stopPlaying(): Promise<void>;
    seen: { tracks: { kind: string; streams: number }[]; frames: number; lumas: number[] };
  }
}
