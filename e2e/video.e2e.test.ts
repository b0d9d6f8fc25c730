import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchChromium } from './harness.ts';
import { lossyLinksFor, type LossyLink } from './lossy-link.ts';
import { idleCabinetState, type CabinetViewState } from '../apps/machine/src/video/cabinet-state.ts';
import { findBand } from '@reelcast/protocol';
import { ForwardingVideoTransport } from '../apps/machine/src/video/forwarding-transport.ts';
import { SharedCodecStreams } from '../apps/machine/src/video/shared-stream.ts';
import { VideoFeedHub } from '../apps/machine/src/video/video-source.ts';
import { whepRoutes } from '../apps/machine/src/video/whep.ts';
import { WHEP_TEST_PAGE_HTML } from '../apps/machine/src/video/whep-test-page.ts';

// A machine whose reels spin for the whole test, so the picture must change frame after frame.
const state: CabinetViewState = {
  ...idleCabinetState('E2E Sevens'),
  credit: 250_075,
  bet: 200,
  spinning: true,
  spinStartedAt: Date.now(),
  reelStopMs: [600_000, 600_000, 600_000, 600_000, 600_000],
  status: 'spinning',
};

let app: FastifyInstance;
let transport: ForwardingVideoTransport;
let feeds: VideoFeedHub<SharedCodecStreams>;
let browser: Browser;
let page: Page;
let baseURL: string;
let lossyLinks: LossyLink[];

beforeAll(async () => {
  feeds = new VideoFeedHub(
    (id) => (id === 'm1' ? state : undefined),
    { renderer: { frameStamp: true } },
    (band) => new SharedCodecStreams(band),
  );
  // A page that reloads is gone once it has sent no RTCP for 2.5 s (the product waits 5 s; Chromium reports about once a second).
  transport = new ForwardingVideoTransport({ feeds, silentViewerMs: 2_500 });
  app = Fastify();
  // The viewer with the token `lossy-token` is on a bad link: it loses a tenth of the video packets sent to it.
  lossyLinks = lossyLinksFor(app, (request) => request.headers.authorization === 'Bearer lossy-token', 0.1);
  app.get('/viewer', async (_request, reply) => reply.type('text/html').send(WHEP_TEST_PAGE_HTML));
  // The clock the frame stamps are drawn with (this process's), for the page to read them against.
  app.get('/clock', async () => ({ now: performance.timeOrigin + performance.now() }));
  await app.register(
    whepRoutes({
      transport,
      machineExists: (id) => id === 'm1',
      authorize: (request) => {
        const token = request.headers.authorization?.replace(/^Bearer /, '');
        return token === 'e2e-token' || token === 'other-token' ? true : token === 'lossy-token' ? { viewer: 'lossy' } : false;
      },
    }),
    { prefix: '/machines' },
  );
  baseURL = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${baseURL}/viewer`);
});

afterAll(async () => {
  await browser?.close();
  await transport?.close();
  await app?.close();
});

describe('machine video in Chromium', () => {
  it('is refused without the holder token', async () => {
    const result = await page.evaluate(() =>
      window.viewer.start({ endpoint: '/machines/m1/whep', band: { id: '360p', width: 640, height: 360 } }),
    );
    expect(result.status).toBe(401);
    await page.evaluate(() => window.viewer.stop());
  });

  it('plays the WHEP stream: frames decode, are not black, not frozen, and the stamp reads back', async () => {
    // Each process's wall clock is its start's reading of the system clock plus a monotonic count, so a
    // step of the system clock between this process's start and the page's puts them apart: a rehearsal
    // on 2026-12-01 read a median latency of -3 ms where 30 ms is usual (stamp to receipt 2 ms, to the
    // display time 28 ms more). The page learns the stamps' clock as the benches do.
    const clock = await page.evaluate(() => window.viewer.syncClock('/clock'));
    expect(clock.rtt).toBeLessThan(100);
    // A failure below leaves no session to the next test's count of viewers.
    onTestFinished(async () => {
      if (transport.sessionCount() > 0) await page.evaluate(() => window.viewer.stop());
    });
    const band = findBand('360p')!;
    const started = await page.evaluate((b) => window.viewer.start({ endpoint: '/machines/m1/whep', token: 'e2e-token', band: b }), {
      id: band.id,
      width: band.width,
      height: band.height,
    });
    expect(started.status).toBe(201);
    expect(started.location).toMatch(/^\/machines\/m1\/whep\//);

    await expect
      .poll(() => page.evaluate(() => window.viewer.stats().decoded), { timeout: 20_000, interval: 250 })
      .toBeGreaterThanOrEqual(45);
    const stats = await page.evaluate(() => window.viewer.stats());
    expect(stats.connectionState).toBe('connected');
    // Chromium has MediaStreamTrackProcessor: frames are read in the page's worker, not on its main thread.
    expect(stats.reader).toBe('worker');
    expect(stats.workerFrames).toBeGreaterThanOrEqual(stats.decoded);
    expect(Object.keys(stats.videoSizes)).toContain('640x360');
    // Not black: the cabinet is bright enough on average.
    expect(Math.max(...stats.lumas)).toBeGreaterThan(25);
    // Not frozen: frame counters drawn by the server keep increasing.
    const numbers = stats.frameNumbers;
    expect(numbers.at(-1)! - numbers[0]!).toBeGreaterThanOrEqual(30);
    let increasing = 0;
    for (let i = 1; i < numbers.length; i++) if (numbers[i]! > numbers[i - 1]!) increasing++;
    expect(increasing / (numbers.length - 1)).toBeGreaterThan(0.9);
    // Stamps are read back from most frames and give a sane latency (on the stamps' clock).
    expect(stats.decoded / stats.frames).toBeGreaterThan(0.8);
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThan(0);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(1000);

    // The reels are spinning: the middle reel differs from one sample to the next.
    await page.evaluate(() => window.viewer.markSpinPress());
    await expect.poll(() => page.evaluate(() => window.viewer.stats().spinLatencies.length), { timeout: 5_000 }).toBe(1);

    expect(transport.sessionCount()).toBe(1);
    expect(await page.evaluate(() => window.viewer.stop())).toBe(200);
    expect(transport.sessionCount()).toBe(0);
  });

  it('several viewers share one encoder; one leaving, reloading or on a lossy link leaves the others their frame rate', async () => {
    const band = { id: '360p', width: 640, height: 360 };
    const open = async (token: string) => {
      const viewer = await browser.newPage();
      await viewer.goto(`${baseURL}/viewer`);
      const started = await viewer.evaluate((o) => window.viewer.start({ endpoint: '/machines/m1/whep', ...o }), { token, band });
      expect(started.status).toBe(201);
      return viewer;
    };
    const decoded = (p: Page) => p.evaluate(() => window.viewer.stats().decoded);
    const framesDecoded = (p: Page) => p.evaluate(async () => (await window.viewer.receiverStats())?.framesDecoded ?? 0);
    const coded = () => {
      const { framesEncoded, framesSkipped } = feeds.sinkStats()['m1/360p@30']!;
      return { drawn: feeds.stats()['m1/360p@30']!.frames, encoded: framesEncoded, skipped: framesSkipped };
    };
    /**
     * Over 2 s: the frames the shared encoder coded, and the share of them each page's decoder took. The test, the
     * renderer, the encoder and three Chromium pages share one loaded 2-core box, so a frame rate alone says how busy
     * the box is; the share says whether a viewer got what the encoder gave everyone.
     */
    const window2s = async (pages: Page[]) => {
      const [before, codedBefore] = [await Promise.all(pages.map(framesDecoded)), coded()];
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const [after, codedAfter] = [await Promise.all(pages.map(framesDecoded)), coded()];
      const encoded = codedAfter.encoded - codedBefore.encoded;
      const skipped = codedAfter.skipped - codedBefore.skipped;
      return { drawn: codedAfter.drawn - codedBefore.drawn, encoded, skipped, shares: after.map((n, i) => (n - before[i]!) / encoded) };
    };
    /**
     * a took (nearly) every frame coded, at a rate that is a picture, and every frame drawn was coded or, by design,
     * replaced by a newer one while the encoder was busy (a loaded box skips some; at most two are on their way at
     * the window's edges). How many a core keeps up with is bench/video's figure, not this test's.
     */
    const expectWhole = (measured: Awaited<ReturnType<typeof window2s>>) => {
      expect(measured.encoded).toBeGreaterThanOrEqual(20);
      expect(measured.encoded + measured.skipped).toBeGreaterThanOrEqual(measured.drawn - 2);
      expect(measured.shares[0]).toBeGreaterThanOrEqual(0.85);
    };
    const [a, b] = [await open('e2e-token'), await open('other-token')];
    await expect.poll(async () => Math.min(...(await Promise.all([a, b].map(decoded)))), { timeout: 20_000 }).toBeGreaterThan(30);
    expectWhole(await window2s([a, b]));

    const lossy = await open('lossy-token');
    // Its sender repairs what the link loses (NACK, answered with RTX), so it plays.
    await expect.poll(() => decoded(lossy), { timeout: 20_000 }).toBeGreaterThan(30);
    const withLossy = await window2s([a, lossy]);
    expectWhole(withLossy);
    const [link] = lossyLinks;
    expect(lossyLinks).toHaveLength(1);
    expect(link!.dropped).toBeGreaterThan(0.05 * (link!.dropped + link!.delivered));
    const repaired = await lossy.evaluate(() => window.viewer.receiverStats());
    expect(repaired?.nackCount).toBeGreaterThan(0);
    expect(repaired?.retransmittedPacketsReceived).toBeGreaterThan(0);
    // Lost packets come back: its decoder took most of what the encoder coded (without repair, a tenth lost leaves few frames whole).
    expect(withLossy.shares[1]).toBeGreaterThanOrEqual(0.5);
    // One encoder serves the three of them.
    expect(Object.keys(feeds.sinkStats())).toEqual(['m1/360p@30']);
    expect(feeds.sinkStats()['m1/360p@30']!.viewers).toBe(3);
    // Chromium offers H.264: the three get libx264's stream (the transport's default codec), VP8 is not coded.
    expect(Object.keys(feeds.sinkStats()['m1/360p@30']!.codecs)).toEqual(['h264']);

    // b reloads (a new session), then leaves for good.
    await b.reload();
    expect(
      (await b.evaluate((o) => window.viewer.start({ endpoint: '/machines/m1/whep', ...o }), { token: 'other-token', band })).status,
    ).toBe(201);
    await expect.poll(() => decoded(b), { timeout: 20_000 }).toBeGreaterThan(5);
    await b.evaluate(() => window.viewer.stop());
    await b.close();
    expectWhole(await window2s([a]));

    // It coded each drawn frame once, and the joins, the reload and the losses cost few keyframes.
    const stream = feeds.sinkStats()['m1/360p@30']!;
    expect(stream.framesEncoded).toBeLessThanOrEqual(feeds.stats()['m1/360p@30']!.frames);
    expect(stream.keyframes).toBeLessThan(stream.framesEncoded / 10);
    await lossy.evaluate(() => window.viewer.stop());
    await lossy.close();
    await a.evaluate(() => window.viewer.stop());
    await a.close();
    // The reloaded page's first session ends when its peer connection goes (DTLS close or ICE timeout).
    await expect.poll(() => transport.sessionCount(), { timeout: 20_000 }).toBe(0);
  });
});

declare global {
  interface Window {
    viewer: {
      start(options: {
        endpoint: string;
        token?: string;
        band: { id: string; width: number; height: number };
        lowLatency?: boolean;
      }): Promise<{ status: number; location?: string; body?: string }>;
      stop(): Promise<number | null>;
      /** Learns the offset of the clock at `url` (`{ now }`, ms) from the page's: the best of 10 round trips. */
      syncClock(url: string): Promise<{ rtt: number; offset: number }>;
      markSpinPress(): void;
      /** The page's inbound-rtp video report (RTCInboundRtpStreamStats), or null before start. */
      receiverStats(): Promise<{ framesDecoded?: number; nackCount?: number; retransmittedPacketsReceived?: number } | null>;
      stats(): {
        frames: number;
        decoded: number;
        undecodable: number;
        firstFrameMs: number | null;
        latencies: number[];
        reader: 'worker' | 'canvas';
        workerFrames: number;
        frameNumbers: number[];
        lumas: number[];
        videoSizes: Record<string, number>;
        spinLatencies: number[];
        connectionState: string;
      };
    };
  }
}
