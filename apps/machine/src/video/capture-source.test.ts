import { findBand, VIDEO_BANDS } from '@reelcast/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { captureArguments, CaptureSource, type CaptureInput } from './capture-source.ts';
import type { FrameEncoder } from './shared-stream.ts';
import { SharedVideoStream } from './shared-stream.ts';

const blue: CaptureInput = { input: 'color=c=0x2050C0:size=1280x720:rate=30', format: 'lavfi', realtime: true };
let source: CaptureSource | undefined;
afterEach(() => source?.close());

/** Encoders that remember the first pixel (luma) and how many frames they were given. */
function recordingStreams() {
  const seen = new Map<string, { frames: number; luma: number; size: number }>();
  const createStream = (band: (typeof VIDEO_BANDS)[number]) =>
    new SharedVideoStream(band, {
      createEncoder: (): FrameEncoder => ({
        async encode(i420) {
          const bytes = new Uint8Array(i420.buffer, i420.byteOffset, i420.byteLength);
          const entry = seen.get(band.id) ?? { frames: 0, luma: 0, size: bytes.length };
          seen.set(band.id, { frames: entry.frames + 1, luma: bytes[0]!, size: bytes.length });
          return [];
        },
        close() {},
      }),
    });
  return { seen, createStream };
}

const viewer = { send() {} };
async function until(condition: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('CaptureSource (ffmpeg as a cabinet camera)', () => {
  it('reads the input once and scales it to every band, each on its own pipe', () => {
    const args = captureArguments({ input: '/dev/video0', format: 'v4l2', options: { video_size: '1280x720' } }, VIDEO_BANDS);
    expect(args.slice(args.indexOf('-f'), args.indexOf('-i') + 2)).toEqual(['-f', 'v4l2', '-video_size', '1280x720', '-i', '/dev/video0']);
    expect(args).not.toContain('-re');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toMatch(/^\[0:v\]split=3/);
    expect(graph).toContain('scale=854:480');
    expect(args.filter((a) => /^pipe:\d$/.test(a))).toEqual(['pipe:3', 'pipe:4', 'pipe:5']);
  });

  it("passes a camera's H.264 through with its parameter sets before each keyframe, but not for a looped file", () => {
    const camera = { input: 'rtsp://camera/stream', passthrough: { profileLevelId: '42e01f' } };
    const args = captureArguments(camera, VIDEO_BANDS, 5004);
    expect(args.slice(args.lastIndexOf('-map'))).toEqual([
      '-map',
      '0:v',
      '-c:v',
      'copy',
      '-bsf:v',
      'dump_extra=freq=keyframe',
      '-f',
      'rtp',
      'rtp://127.0.0.1:5004?pkt_size=1200',
    ]);
    const looped = captureArguments({ ...camera, input: 'camera.ts', options: { stream_loop: '-1' } }, VIDEO_BANDS, 5004);
    expect(looped).not.toContain('dump_extra=freq=keyframe');
    expect(looped).toContain('rtp://127.0.0.1:5004?pkt_size=1200');
    expect(captureArguments({ ...camera, options: { stream_loop: '0' } }, VIDEO_BANDS, 5004)).toContain('dump_extra=freq=keyframe');
  });

  it("gives each band's encoder the captured picture while watched, and stops ffmpeg when nobody watches", async () => {
    const { seen, createStream } = recordingStreams();
    source = new CaptureSource(blue, VIDEO_BANDS, { createStream });
    const hd = source.feed(findBand('720p')!);
    const small = source.feed(findBand('360p')!);
    hd.sink.subscribe(viewer);
    small.sink.subscribe(viewer);
    const releases = [hd.hold(), small.hold()];
    expect(source.starts).toBe(1); // one ffmpeg for both bands
    await until(() => (seen.get('720p')?.frames ?? 0) >= 5 && (seen.get('360p')?.frames ?? 0) >= 5);
    expect(seen.get('720p')!.size).toBe((1280 * 720 * 3) / 2);
    expect(seen.get('360p')!.size).toBe((640 * 360 * 3) / 2);
    // 0x2050C0 is a dark blue: luma about 0.257·32 + 0.504·80 + 0.098·192 + 16 ≈ 83.
    expect(seen.get('360p')!.luma).toBeGreaterThan(70);
    expect(seen.get('360p')!.luma).toBeLessThan(95);
    for (const release of releases) release();
    expect(source.running).toBe(false);
  });

  it('starts ffmpeg again when it ends while someone watches', async () => {
    const { seen, createStream } = recordingStreams();
    source = new CaptureSource({ ...blue, input: 'color=c=gray:size=640x360:rate=30:duration=0.5' }, VIDEO_BANDS, {
      createStream,
      restartDelayMs: 50,
    });
    const feed = source.feed(findBand('360p')!);
    feed.sink.subscribe(viewer);
    const release = feed.hold();
    await until(() => source!.starts >= 2);
    await until(() => (seen.get('360p')?.frames ?? 0) >= 20);
    release();
  });

  it('a viewer who asked fewer frames a second gets fewer', async () => {
    const { seen, createStream } = recordingStreams();
    source = new CaptureSource(blue, VIDEO_BANDS, { createStream });
    const feed = source.feed({ ...findBand('360p')!, fps: 10 });
    feed.sink.subscribe(viewer);
    const release = feed.hold();
    await until(() => (seen.get('360p')?.frames ?? 0) >= 1);
    const first = seen.get('360p')!.frames;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const inASecond = seen.get('360p')!.frames - first;
    expect(inASecond).toBeGreaterThanOrEqual(7);
    expect(inASecond).toBeLessThanOrEqual(13);
    release();
  });
});
