import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import type { Readable } from 'node:stream';
import type { VideoBand } from '@reelcast/protocol';
import { SharedH264Stream, type H264Profile, type SharedH264StreamStats } from './shared-h264-stream.ts';
import { SharedVideoStream, type SharedStreamStats } from './shared-stream.ts';
import type { PictureFeed } from './video-source.ts';
import { i420Size, type I420Frame } from './wrtc.ts';

/**
 * The receive buffer of the socket the camera's RTP comes to. While this process's event loop is busy
 * (encoding other bands, on a loaded machine) the kernel holds what comes, and a packet it cannot hold
 * costs every viewer the picture until the camera's next keyframe. Linux's default (208 KiB, counted with
 * each packet's overhead) holds about 0.15 s of a 720p30 camera at 5.5 Mbit/s; this, about 3 s. Linux caps
 * it at `net.core.rmem_max`. Losses show as `packetsMissing` in the stream's figures.
 */
const CAMERA_RTP_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * A cabinet's picture from a camera, a capture card or a stream: anything ffmpeg reads
 * (docs/video.md "A camera as the picture"). The cabinets file's `video` field.
 */
export interface CaptureInput {
  /** ffmpeg's `-i`: `/dev/video0`, `rtsp://…`, a file, a FIFO, a `lavfi` graph. */
  readonly input: string;
  /** ffmpeg's `-f` before the input: `v4l2`, `lavfi`, `rawvideo`…; ffmpeg guesses when absent. */
  readonly format?: string;
  /** Input options, each `-{name} {value}` before `-i`: `{ "video_size": "1280x720", "framerate": "30" }`. */
  readonly options?: Readonly<Record<string, string>>;
  /** Read at the input's own frame rate (ffmpeg `-re`): for a file or a test source; a camera keeps its own pace. */
  readonly realtime?: boolean;
  /**
   * The input is H.264 of this profile (RFC 6184 `profile-level-id`: `42e01f` constrained baseline 3.1,
   * `4d0028` main 4.0, `640028` high 4.0): a viewer of the top band whose browser decodes that profile gets
   * the camera's own packets, not decoded or coded again; other viewers get VP8 as without it.
   */
  readonly passthrough?: H264Profile;
}

export interface CaptureSourceOptions {
  readonly spawn?: typeof spawnProcess;
  /** After ffmpeg ends while someone watches, it is started again after this long, doubling up to 10 s. */
  readonly restartDelayMs?: number;
  readonly log?: (message: string, detail?: unknown) => void;
  readonly createStream?: (band: VideoBand) => SharedVideoStream;
}

/**
 * ffmpeg's arguments: the input once, decoded once, split and scaled to each band (padded to keep the
 * picture's shape), each band raw I420 on its own pipe (fd 3, 4, …), each frame flushed as it is
 * written. Every frame leaves as soon as it is read (ffmpeg 5.1, measured from a camera's write to our
 * pipe): one thread for the decoder and for each output, since frame threading holds frames back (p50
 * 36–75 ms → 4 ms); no `fps` filter, which holds one to decide: the band's rate is kept by dropping
 * frames here (CaptureFeed), which holds none.
 */
export function captureArguments(capture: CaptureInput, bands: readonly VideoBand[], passthroughPort?: number): string[] {
  const input = [
    '-threads',
    '1',
    ...(capture.realtime ? ['-re'] : []),
    ...(capture.format ? ['-f', capture.format] : []),
    ...Object.entries(capture.options ?? {}).flatMap(([name, value]) => [`-${name}`, value]),
    '-i',
    capture.input,
  ];
  const scaled = bands.map(
    (band, i) =>
      `[in${i}]scale=${band.width}:${band.height}:force_original_aspect_ratio=decrease,pad=${band.width}:${band.height}:-1:-1,format=yuv420p[out${i}]`,
  );
  const graph = [`[0:v]split=${bands.length}${bands.map((_, i) => `[in${i}]`).join('')}`, ...scaled].join(';');
  const outputs = bands.flatMap((_, i) => ['-map', `[out${i}]`, '-threads', '1', '-f', 'rawvideo', '-flush_packets', '1', `pipe:${3 + i}`]);
  // The camera's H.264 as it comes, in RTP (ffmpeg's packetizer), the parameter sets before each keyframe
  // (dump_extra: a camera that sends them only once, or only in its RTSP description). Not for an input
  // played in a loop (`stream_loop`): ffmpeg 5.1's dump_extra takes the loop for the end of the stream
  // and passes nothing more ("A non-NULL packet sent after an EOF": a 2 s file gave 2 s of packets, then
  // none), so a looped recording must carry its parameter sets before each keyframe, as a .ts from
  // libx264 does.
  const loops = capture.options?.stream_loop !== undefined && capture.options.stream_loop !== '0';
  const passthrough =
    passthroughPort === undefined
      ? []
      : [
          '-map',
          '0:v',
          '-c:v',
          'copy',
          ...(loops ? [] : ['-bsf:v', 'dump_extra=freq=keyframe']),
          '-f',
          'rtp',
          `rtp://127.0.0.1:${passthroughPort}?pkt_size=1200`,
        ];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-fflags',
    'nobuffer',
    '-flags',
    'low_delay',
    ...input,
    '-filter_complex',
    graph,
    ...outputs,
    ...passthrough,
  ];
}

/**
 * One capture input of one cabinet: a single ffmpeg process that reads and decodes it once and scales
 * it to every band, running while anyone watches; each band's pictures go to that band's shared
 * encoder (one per band and frame rate, as for a drawn cabinet).
 */
export class CaptureSource {
  readonly #capture: CaptureInput;
  readonly #bands: readonly VideoBand[];
  readonly #options: CaptureSourceOptions;
  readonly #feeds = new Map<string, CaptureFeed>();
  #holds = 0;
  #child: ChildProcess | undefined;
  #restartTimer: NodeJS.Timeout | undefined;
  #restartDelay: number;
  #starts = 0;
  /** The camera's own H.264 (CaptureInput.passthrough), and the socket its RTP packets come to. */
  readonly #h264: SharedH264Stream | undefined;
  #h264Feed: H264Feed | undefined;
  #socket: Socket | undefined;

  constructor(capture: CaptureInput, bands: readonly VideoBand[], options: CaptureSourceOptions = {}) {
    this.#capture = capture;
    this.#bands = bands;
    this.#options = options;
    this.#restartDelay = options.restartDelayMs ?? 1_000;
    this.#h264 = capture.passthrough ? new SharedH264Stream(capture.passthrough) : undefined;
  }

  /** The camera's own H.264 for a viewer whose offer takes its profile, when the input is passed through. */
  h264Feed(): H264Feed | undefined {
    if (!this.#h264) return undefined;
    return (this.#h264Feed ??= new H264Feed(this.#h264, () => this.#hold()));
  }

  /** The feed of one band at one frame rate (at most the band's). */
  feed(band: VideoBand): CaptureFeed {
    const index = this.#bands.findIndex((b) => b.id === band.id);
    if (index < 0) throw new Error(`No capture output for band ${band.id}`);
    const key = `${band.id}@${band.fps}`;
    let feed = this.#feeds.get(key);
    if (!feed) {
      const stream = this.#options.createStream?.(band) ?? new SharedVideoStream(band, { content: 'camera' });
      feed = new CaptureFeed(band, index, stream, () => this.#hold());
      this.#feeds.set(key, feed);
    }
    return feed;
  }

  /** Each band's shared encoder figures, by `{band}@{fps}`. */
  streamStats(): Record<string, SharedStreamStats | SharedH264StreamStats> {
    const stats: Record<string, SharedStreamStats | SharedH264StreamStats> = {};
    for (const [key, feed] of this.#feeds) stats[key] = feed.sink.stats();
    if (this.#h264) stats.h264 = this.#h264.stats();
    return stats;
  }

  /** How many times ffmpeg was started. */
  get starts(): number {
    return this.#starts;
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  close(): void {
    this.#holds = 0;
    this.#stop();
    this.#socket?.close();
    this.#socket = undefined;
  }

  #hold(): () => void {
    this.#holds++;
    if (this.#holds === 1) this.#start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      if (this.#holds === 0) this.#stop();
    };
  }

  #start(): void {
    clearTimeout(this.#restartTimer);
    const h264 = this.#h264;
    if (h264 && !this.#socket) {
      const socket = createSocket({ type: 'udp4', recvBufferSize: CAMERA_RTP_BUFFER_BYTES });
      this.#socket = socket;
      socket.on('message', (packet) => {
        // RTCP (payload types 200–204 in the second byte) is ffmpeg's sender report: not forwarded.
        if (packet.length > 12 && (packet[1]! < 200 || packet[1]! > 204)) h264.onPacket(packet);
      });
      socket.bind(0, '127.0.0.1', () => this.#holds > 0 && this.#spawn());
      return;
    }
    this.#spawn();
  }

  #spawn(): void {
    const args = captureArguments(this.#capture, this.#bands, this.#socket?.address().port);
    const child = (this.#options.spawn ?? spawnProcess)('ffmpeg', args, {
      stdio: ['ignore', 'ignore', 'pipe', ...this.#bands.map(() => 'pipe' as const)],
    });
    this.#child = child;
    this.#starts++;
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
    this.#bands.forEach((band, i) => {
      const pipe = child.stdio[3 + i] as Readable;
      readFrames(pipe, band, (frame) => {
        // The picture has come: the next failure starts again from the first delay.
        this.#restartDelay = this.#options.restartDelayMs ?? 1_000;
        for (const feed of this.#feeds.values()) if (feed.bandIndex === i) feed.deliver(frame);
      });
    });
    child.on('error', (error) => this.#options.log?.('the capture source did not start (is ffmpeg installed?)', { error: error.message }));
    child.on('exit', (code, signal) => {
      if (this.#child !== child) return;
      this.#child = undefined;
      if (this.#holds === 0) return;
      this.#options.log?.('the capture source stopped; starting it again', {
        code,
        signal,
        errors: errors.trim(),
        input: this.#capture.input,
      });
      this.#restartTimer = setTimeout(() => this.#holds > 0 && this.#spawn(), this.#restartDelay);
      this.#restartDelay = Math.min(this.#restartDelay * 2, 10_000);
    });
  }

  #stop(): void {
    clearTimeout(this.#restartTimer);
    const child = this.#child;
    this.#child = undefined;
    child?.kill('SIGTERM');
  }
}

/** Cuts a raw I420 byte stream into frames of one band, reusing one buffer (the encoder copies it). */
function readFrames(pipe: Readable, band: VideoBand, onFrame: (frame: I420Frame) => void): void {
  const size = i420Size(band.width, band.height);
  const frame: I420Frame = { width: band.width, height: band.height, data: new Uint8ClampedArray(size) };
  let filled = 0;
  pipe.on('data', (chunk: Buffer) => {
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(size - filled, chunk.length - offset);
      frame.data.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === size) {
        filled = 0;
        onFrame(frame);
      }
    }
  });
  pipe.on('error', () => {});
}

/** One band of a capture source at one frame rate: what a viewer's session holds, like a drawn cabinet's feed. */
export class CaptureFeed implements PictureFeed<SharedVideoStream> {
  readonly sink: SharedVideoStream;
  readonly bandIndex: number;
  readonly #interval: number;
  readonly #hold: () => () => void;
  #holds = 0;
  #lastAt = -Infinity;

  constructor(band: VideoBand, bandIndex: number, sink: SharedVideoStream, hold: () => () => void) {
    this.sink = sink;
    this.bandIndex = bandIndex;
    this.#interval = 1000 / band.fps;
    this.#hold = hold;
  }

  hold(): () => void {
    const release = this.#hold();
    this.#holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      release();
    };
  }

  /** The source's next picture comes at its own pace: nothing to draw early. */
  refresh(): void {}

  kick(): boolean {
    return false;
  }

  deliver(frame: I420Frame): void {
    if (this.#holds === 0) return;
    const now = performance.now();
    // A viewer who asked fewer frames a second than the source gives (WHEP `?fps=`) gets every n-th.
    if (now - this.#lastAt < this.#interval * 0.8) return;
    this.#lastAt = now;
    this.sink.onFrame(frame);
  }
}

/** The camera's own H.264, held like a band's feed. */
export class H264Feed implements PictureFeed<SharedH264Stream> {
  readonly sink: SharedH264Stream;
  readonly #hold: () => () => void;

  constructor(sink: SharedH264Stream, hold: () => () => void) {
    this.sink = sink;
    this.#hold = hold;
  }

  hold(): () => void {
    return this.#hold();
  }

  /** The camera's next keyframe comes at its own pace. */
  refresh(): void {}

  kick(): boolean {
    return false;
  }
}
