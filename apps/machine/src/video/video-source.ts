import { performance } from 'node:perf_hooks';
import { CABINET_CAMERA_BAND, type VideoBand } from '@reelcast/protocol';
import { CabinetCameraRenderer } from './cabinet-camera-renderer.ts';
import { idleCabinetState, type CabinetViewState } from './cabinet-state.ts';
import { FrameRenderer, type FrameRendererOptions } from './frame-renderer.ts';
import { trace } from './latency-trace.ts';
import { wrtc, type I420Frame, type WrtcVideoSource } from './wrtc.ts';

/**
 * Where a feed's pictures go: libwebrtc's video source, whose every viewer track has an encoder of its
 * own (WrtcVideoTransport), or one shared encoder whose packets every viewer gets (SharedVideoStream).
 */
export interface FrameSink {
  onFrame(frame: I420Frame): void;
}

/** What a viewer's session holds: one picture (machine, band, frame rate) and its sink. */
export interface PictureFeed<S> {
  readonly sink: S;
  /** Keeps the pictures coming for one more viewer; the returned function ends that hold. */
  hold(): () => void;
  /** A viewer connected: full frame rate for a while, so its first frames come at once. */
  refresh(): void;
  /** Sends a picture now instead of at the next tick; false when it did not. */
  kick(): boolean;
}

/**
 * Where sessions find their pictures: drawn cabinets (VideoFeedHub), captured ones (CaptureSource), or
 * both. `offerSdp`: what the viewer's browser decodes (a camera's own H.264 goes to those that take it).
 */
export interface PictureFeeds<S> {
  feed(machineId: string, band: VideoBand, offerSdp?: string): PictureFeed<S>;
}

/** Returns the current state of a machine, or undefined when it is unknown or offline. */
export type CabinetStateProvider = (machineId: string) => CabinetViewState | undefined;

export interface BandFeedStats {
  readonly frames: number;
  /** Ticks dropped because the loop fell more than one frame behind. */
  readonly skipped: number;
  /** Frames drawn but not sent because the picture had not changed (see VideoFeedOptions.idleFrameIntervalMs). */
  readonly unchanged: number;
  /** Frames drawn early because the state changed (see kick()). */
  readonly kicked: number;
  /** Mean ms per frame: draw (in I420) + hand-over to the sink. */
  readonly meanFrameMs: number;
  readonly viewers: number;
}

export interface VideoFeedOptions {
  /**
   * Mark the source as screen content (default true). libwebrtc then keeps the resolution under
   * load (drops frame rate instead) and tags the stream as screenshare; Chrome's jitter buffer
   * holds such frames far shorter: 720p p50 37 ms against 94 ms as camera content here
   * (docs/benchmarks.md, "Video").
   */
  readonly screencast?: boolean;
  /** How reels spin (see FrameRendererOptions); the defaults are the tuned ones. */
  readonly renderer?: FrameRendererOptions;
  /**
   * While the picture stays the same (still reels, no frame stamp), send a frame only this often
   * (default 100 ms: 10 a second) instead of every tick: VP8 encodes an unchanged frame for nearly
   * the price of a changed one. Frames keep going out at the full rate for `settleMs` after the
   * last change (the encoder sharpens the picture it has just coded in motion) and after a viewer
   * connects. 0 sends every tick.
   */
  readonly idleFrameIntervalMs?: number;
  /** Full frame rate kept after the picture last changed (default 500 ms). */
  readonly settleMs?: number;
}

/** Gap between kicked frames, so a burst of state changes cannot exceed the band's frame rate by much. */
const MIN_KICK_GAP_MS = 8;
/** The cabinet camera's still picture goes out once a second: it is a glance at the cabinet, not the game. */
const CAMERA_IDLE_FRAME_MS = 1_000;

/** What a feed draws with: the screen's FrameRenderer, or the cabinet camera's. */
type PictureRenderer = Pick<FrameRenderer, 'render' | 'invalidate'>;

/**
 * One frame loop for one machine at one band: draws I420 pictures with a FrameRenderer and hands
 * each to the band's one sink, which every viewer of the band shares.
 * The loop runs only while at least one viewer holds it.
 */
export class BandVideoFeed<S extends FrameSink = WrtcVideoSource> implements PictureFeed<S> {
  readonly band: VideoBand;
  readonly sink: S;
  private readonly renderer: PictureRenderer;
  private readonly interval: number;
  private viewers = 0;
  private timer: NodeJS.Timeout | undefined;
  private phaseStart = 0;
  private tickIndex = 0;
  private lastFrameAt = -Infinity;
  private frames = 0;
  private skipped = 0;
  private kicked = 0;
  private busyMs = 0;
  private unchanged = 0;
  private readonly idleFrameIntervalMs: number;
  private readonly settleMs: number;
  private lastChangeAt = -Infinity;
  private lastSentAt = -Infinity;

  constructor(
    band: VideoBand,
    private readonly getState: () => CabinetViewState,
    options: VideoFeedOptions = {},
    sink?: S,
  ) {
    this.band = band;
    this.interval = 1000 / band.fps;
    const camera = band.id === CABINET_CAMERA_BAND.id;
    // Without a sink of its own the feed is libwebrtc's (S keeps its default then).
    this.sink = sink ?? (wrtcSource(band, options) as unknown as S);
    this.renderer = camera
      ? new CabinetCameraRenderer(band.width, band.height)
      : new FrameRenderer(band.width, band.height, options.renderer);
    this.idleFrameIntervalMs = camera ? CAMERA_IDLE_FRAME_MS : (options.idleFrameIntervalMs ?? 100);
    this.settleMs = options.settleMs ?? 500;
  }

  /** Starts the loop for one more viewer; the returned function ends that hold. */
  hold(): () => void {
    this.viewers++;
    if (this.viewers === 1) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.viewers--;
      if (this.viewers === 0) this.stop();
    };
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** The state changed (a spin was pressed): send a frame now instead of at the next tick. False when it did not. */
  kick(): boolean {
    if (!this.running) return false;
    const since = performance.now() - this.lastFrameAt;
    if (since < MIN_KICK_GAP_MS) {
      // Too soon after the last frame: draw the change as soon as the gap allows, not at the next tick.
      clearTimeout(this.timer);
      this.phaseStart = this.lastFrameAt + MIN_KICK_GAP_MS;
      this.tickIndex = 0;
      this.timer = setTimeout(this.tick, MIN_KICK_GAP_MS - since);
      return false;
    }
    clearTimeout(this.timer);
    this.kicked++;
    this.phaseStart = performance.now();
    this.tickIndex = 0;
    this.tick();
    return true;
  }

  /** A viewer connected: send at the full rate for a while, so its first frames come at once. */
  refresh(): void {
    this.lastChangeAt = performance.now();
  }

  stats(): BandFeedStats {
    return {
      frames: this.frames,
      skipped: this.skipped,
      unchanged: this.unchanged,
      kicked: this.kicked,
      meanFrameMs: this.frames + this.unchanged ? this.busyMs / (this.frames + this.unchanged) : 0,
      viewers: this.viewers,
    };
  }

  private start(): void {
    this.renderer.invalidate();
    this.phaseStart = performance.now();
    this.tickIndex = 0;
    // The first frame is drawn after the current task: a new viewer's WHEP answer goes out first, and
    // the drawing (a renderer's first frame builds its layers: 20–140 ms at 720p) overlaps ICE and DTLS.
    this.timer = setTimeout(this.tick, 0);
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Draws and sends one frame, then sleeps until the next slot of a fixed grid (no drift). */
  private readonly tick = (): void => {
    const started = performance.now();
    this.produceFrame();
    const done = performance.now();
    this.busyMs += done - started;
    this.lastFrameAt = started;
    this.tickIndex++;
    let next = this.phaseStart + this.tickIndex * this.interval;
    if (done - next > this.interval) {
      const behind = Math.floor((done - next) / this.interval);
      this.skipped += behind;
      this.tickIndex += behind;
      next += behind * this.interval;
    }
    this.timer = setTimeout(this.tick, Math.max(0, next - done));
  };

  private produceFrame(): void {
    // The stamp carries the wall clock; timeOrigin + now keeps it monotonic between NTP steps.
    const now = performance.now();
    const frame = this.renderer.render(this.getState(), performance.timeOrigin + now);
    if (frame.changed) this.lastChangeAt = now;
    // Half a tick of slack, so a 100 ms interval on a 33 ms grid sends every third tick, not every fourth.
    const idle = now - this.lastChangeAt > this.settleMs && now - this.lastSentAt < this.idleFrameIntervalMs - this.interval / 2;
    if (idle) {
      this.unchanged++;
      return;
    }
    this.sink.onFrame(frame.i420);
    this.lastSentAt = now;
    this.frames++;
  }
}

/** libwebrtc's source for a band; the cabinet camera is camera content (libwebrtc may lower its resolution under load). */
export function wrtcSource(band: VideoBand, options: VideoFeedOptions): WrtcVideoSource {
  const camera = band.id === CABINET_CAMERA_BAND.id;
  return new wrtc.nonstandard.RTCVideoSource({ isScreencast: camera ? false : (options.screencast ?? true) });
}

/**
 * The video feeds of all machines: one BandVideoFeed per (machine, band, frame rate), created on first
 * use (a viewer may ask a band at a lower frame rate than its own: WHEP `?fps=`). `createSink` gives each
 * feed its sink; without it, libwebrtc's video source.
 * The engine calls notifyStateChanged(machineId) after a spin press or a meter change so that the
 * change goes out at once rather than at the next tick.
 */
export class VideoFeedHub<S extends FrameSink = WrtcVideoSource> implements PictureFeeds<S> {
  private readonly feeds = new Map<string, BandVideoFeed<S>>();

  constructor(
    private readonly getState: CabinetStateProvider,
    private readonly options: VideoFeedOptions = {},
    private readonly createSink?: (band: VideoBand, machineId: string) => S,
  ) {}

  feed(machineId: string, band: VideoBand): BandVideoFeed<S> {
    const key = `${machineId}\u0000${band.id}@${band.fps}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      const offline = { ...idleCabinetState(machineId), status: 'offline' };
      feed = new BandVideoFeed<S>(band, () => this.getState(machineId) ?? offline, this.options, this.createSink?.(band, machineId));
      this.feeds.set(key, feed);
    }
    return feed;
  }

  notifyStateChanged(machineId: string): void {
    for (const [key, feed] of this.feeds) {
      if (!key.startsWith(`${machineId}\u0000`)) continue;
      const started = performance.now();
      const kicked = feed.kick();
      // The frame is drawn and handed to the sink by now (the latency trace's stage).
      if (trace.enabled)
        trace.mark(kicked ? 'frame-handed' : 'kick-deferred', machineId, { band: feed.band.id, ms: performance.now() - started });
    }
  }

  stats(): Record<string, BandFeedStats> {
    return Object.fromEntries([...this.feeds].map(([key, feed]) => [key.replace('\u0000', '/'), feed.stats()]));
  }

  /** The sinks' own figures by `{machine}/{band}@{fps}`, for sinks that keep any (SharedVideoStream). */
  sinkStats<T>(this: VideoFeedHub<S & { stats(): T }>): Record<string, T> {
    return Object.fromEntries([...this.feeds].map(([key, feed]) => [key.replace('\u0000', '/'), feed.sink.stats()]));
  }
}
