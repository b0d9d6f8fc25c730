import { performance } from 'node:perf_hooks';
import type { VideoBand } from '@reelcast/protocol';
import { H264Packetizer } from 'werift';
import type { EncodedFrame, VideoCodec, VideoEncoderOptions } from './av-encoder.ts';
import { H264Encoder } from './h264-encoder.ts';
import { trace } from './latency-trace.ts';
import { Vp8Encoder } from './vp8-encoder.ts';
import { Vp8Packetizer } from './vp8-packetizer.ts';
import type { FrameSink } from './video-source.ts';
import type { I420Frame } from './wrtc.ts';

/** One viewer's end of a shared stream: the RTP packets of every frame from its first keyframe on. */
export interface StreamViewer {
  send(packet: Buffer): void;
}

/** What a shared stream needs of an encoder (tests give a fake one). */
export interface FrameEncoder {
  /** The picture is taken (copied) before this returns; one call at a time. */
  encode(i420: ArrayBufferView, timestamp: number, keyframe: boolean): Promise<EncodedFrame[]>;
  close(): void;
}

export interface SharedStreamOptions {
  /** Keyframes asked for by viewers (PLI) are coded at most this often (default 1000 ms); a joining viewer's is not held back. */
  readonly keyframeIntervalMs?: number;
  readonly now?: () => number;
  readonly createEncoder?: (options: VideoEncoderOptions) => FrameEncoder;
  /** What the picture is (VideoEncoderOptions.content): drawn (`screen`, the default) or filmed (`camera`). */
  readonly content?: VideoEncoderOptions['content'];
  /** `vp8` (default): libvpx, RTP per RFC 7741. `h264`: libx264 constrained baseline, RTP per RFC 6184 (werift's packetizer). */
  readonly codec?: VideoCodec;
  /**
   * The machine whose picture this is, for the latency trace (MACHINE_LATENCY_TRACE): with the trace on, each
   * coded frame's packets handed to the viewers are a `frame-sent` line, with the picture's capture time.
   */
  readonly traceId?: string;
}

export interface SharedStreamStats {
  readonly viewers: number;
  readonly framesEncoded: number;
  readonly keyframes: number;
  /** Keyframe requests (PLI) that found one already coded or due: the encoder was not asked twice. */
  readonly keyframeRequestsMerged: number;
  readonly packetsSent: number;
  readonly bytesSent: number;
  /** Time from handing a picture to the encoder to its packets (coded on a worker thread). */
  readonly encodeMs: number;
  /** Pictures replaced by a newer one while they waited for the encoder (each waits for at most one coding). */
  readonly framesSkipped: number;
}

/**
 * One cabinet picture at one band in one codec, coded once and forwarded to every viewer (docs/video.md, "One encode
 * per cabinet"). A BandVideoFeed hands it frames; each viewer's peer connection (ForwardingVideoTransport)
 * subscribes and gets the same RTP packets, which its sender re-stamps with its own SSRC, sequence and
 * SRTP keys, and repairs from its own history on NACK.
 *
 * Keyframes: a viewer starts at a keyframe, coded at once when it joins. A viewer that lost one asks
 * (PLI); those requests reach the encoder at most once per `keyframeIntervalMs`, so a viewer on a bad
 * link costs the others at most one keyframe a second. Between keyframes NACK repairs single losses.
 */
export class SharedVideoStream implements FrameSink {
  readonly #band: VideoBand;
  readonly #now: () => number;
  readonly #keyframeIntervalMs: number;
  readonly codec: VideoCodec;
  readonly #createEncoder: (options: VideoEncoderOptions) => FrameEncoder;
  readonly #content: VideoEncoderOptions['content'];
  readonly #traceId: string | undefined;
  readonly #packetize: (frame: Buffer, timestamp: number) => Buffer[];
  readonly #viewers = new Map<StreamViewer, { started: boolean }>();
  #encoder: FrameEncoder | undefined;
  #joinKeyframe = false;
  #repairKeyframe = false;
  #lastKeyframeAt = -Infinity;
  #stats = { framesEncoded: 0, keyframes: 0, keyframeRequestsMerged: 0, packetsSent: 0, bytesSent: 0, encodeMs: 0, framesSkipped: 0 };
  /** The picture being coded, if any. */
  #coding: Promise<void> | undefined;
  /** The newest picture that came while one was being coded (a copy: the feed reuses its buffer), and when. */
  #waiting: { frame: I420Frame; at: number } | undefined;
  #waitingBuffer: I420Frame | undefined;

  constructor(band: VideoBand, options: SharedStreamOptions = {}) {
    this.#band = band;
    this.#now = options.now ?? (() => performance.now());
    this.#keyframeIntervalMs = options.keyframeIntervalMs ?? 1000;
    this.codec = options.codec ?? 'vp8';
    this.#createEncoder = options.createEncoder ?? ((o) => (this.codec === 'h264' ? new H264Encoder(o) : new Vp8Encoder(o)));
    this.#content = options.content;
    this.#traceId = options.traceId;
    if (this.codec === 'h264') {
      // The parameter sets come in band before every IDR picture (libx264's repeated headers).
      const packetizer = new H264Packetizer({ inputFormat: 'annexb' });
      this.#packetize = (frame, timestamp) => packetizer.packetize(frame, timestamp).map((packet) => packet.serialize());
    } else {
      const packetizer = new Vp8Packetizer();
      this.#packetize = (frame, timestamp) => packetizer.packetize(frame, timestamp);
    }
  }

  /** Adds a viewer: it gets packets from the next frame on, which is coded as a keyframe. Returns its removal. */
  subscribe(viewer: StreamViewer): () => void {
    this.#viewers.set(viewer, { started: false });
    this.#joinKeyframe = true;
    return () => {
      this.#viewers.delete(viewer);
      // Nobody watches: the encoder's buffers go; the next viewer starts a new one at a keyframe.
      if (this.#viewers.size === 0) this.close();
    };
  }

  /** A viewer lost a keyframe's worth of picture (PLI): code one, once per interval at most. */
  requestKeyframe(): void {
    if (this.#repairKeyframe || this.#joinKeyframe) {
      this.#stats.keyframeRequestsMerged++;
      return;
    }
    this.#repairKeyframe = true;
  }

  /**
   * Codes a picture and sends it to every viewer that has started (or starts with this keyframe). One that
   * comes while another is being coded waits, and is coded the moment the encoder is free; a newer one
   * replaces it (real time: no queue). So a press's frame goes out right after the frame before it, not a
   * tick later.
   */
  onFrame(frame: I420Frame): void {
    if (this.#viewers.size === 0) return;
    if (this.#coding) {
      if (this.#waiting) this.#stats.framesSkipped++;
      // One buffer kept for the waiting picture, reused while the size stays (the feed reuses its own).
      if (this.#waitingBuffer?.data.length !== frame.data.length)
        this.#waitingBuffer = { ...frame, data: new Uint8ClampedArray(frame.data.length) };
      const copy = this.#waitingBuffer;
      copy.data.set(frame.data);
      this.#waiting = { frame: copy, at: this.#now() };
      return;
    }
    this.#code(frame, this.#now());
  }

  #code(frame: I420Frame, now: number): void {
    const repairDue = this.#repairKeyframe && now - this.#lastKeyframeAt >= this.#keyframeIntervalMs;
    const keyframe = this.#joinKeyframe || repairDue;
    const encoder = (this.#encoder ??= this.#createEncoder({
      width: frame.width,
      height: frame.height,
      fps: this.#band.fps,
      bitrate: this.#band.startBitrate,
      maxBitrate: this.#band.maxBitrate,
      content: this.#content,
    }));
    const started = performance.now();
    // 90 kHz media clock from the capture time (RFC 7741 §4.1).
    const timestamp = Math.round(now * 90) >>> 0;
    this.#coding = encoder
      .encode(frame.data, timestamp, keyframe)
      .then((encoded) => {
        this.#stats.encodeMs += performance.now() - started;
        for (const out of encoded) this.#forward(out, timestamp, now);
      })
      .catch((error: unknown) => console.error('the video encoder failed', error))
      .finally(() => {
        this.#coding = undefined;
        const waiting = this.#waiting;
        this.#waiting = undefined;
        if (waiting && this.#viewers.size > 0) this.#code(waiting.frame, waiting.at);
      });
  }

  /** Resolves when the pictures being coded and waiting have gone out (tests). */
  async settled(): Promise<void> {
    while (this.#coding) await this.#coding;
  }

  #forward(out: EncodedFrame, timestamp: number, now: number): void {
    this.#stats.framesEncoded++;
    if (out.keyframe) {
      this.#stats.keyframes++;
      this.#lastKeyframeAt = now;
      this.#joinKeyframe = false;
      this.#repairKeyframe = false;
    }
    const packets = this.#packetize(out.data, timestamp);
    for (const [viewer, state] of this.#viewers) {
      if (!state.started && !out.keyframe) continue;
      state.started = true;
      for (const packet of packets) viewer.send(packet);
      this.#stats.packetsSent += packets.length;
      for (const packet of packets) this.#stats.bytesSent += packet.length;
    }
    if (this.#traceId !== undefined && trace.enabled) {
      // `captured`: when the picture was handed over (the trace's clock), so a press's frame can be told from one coded before it.
      const captured = performance.timeOrigin + now;
      trace.mark('frame-sent', this.#traceId, { codec: this.codec, captured, bytes: out.data.length, packets: packets.length });
    }
  }

  stats(): SharedStreamStats {
    return { viewers: this.#viewers.size, ...this.#stats };
  }

  close(): void {
    this.#viewers.clear();
    this.#encoder?.close();
    this.#encoder = undefined;
  }
}

export interface CodecStreamsStats extends SharedStreamStats {
  /** Each codec's own figures, for the codecs coded so far. */
  readonly codecs: Partial<Record<VideoCodec, SharedStreamStats>>;
}

/**
 * A drawn cabinet picture at one band, coded once per codec its viewers take: VP8 for one browser and H.264
 * for another each cost one encode, and a codec nobody watches in codes nothing. The frame loop draws once.
 */
export class SharedCodecStreams implements FrameSink {
  readonly #streams = new Map<VideoCodec, SharedVideoStream>();

  constructor(
    private readonly band: VideoBand,
    private readonly options: Omit<SharedStreamOptions, 'codec'> = {},
  ) {}

  /** The stream in `codec`, made on first use. */
  stream(codec: VideoCodec): SharedVideoStream {
    let stream = this.#streams.get(codec);
    if (!stream) this.#streams.set(codec, (stream = new SharedVideoStream(this.band, { ...this.options, codec })));
    return stream;
  }

  onFrame(frame: I420Frame): void {
    for (const stream of this.#streams.values()) stream.onFrame(frame);
  }

  stats(): CodecStreamsStats {
    const codecs = Object.fromEntries([...this.#streams].map(([codec, stream]) => [codec, stream.stats()]));
    const all = Object.values(codecs);
    const sum = (key: keyof SharedStreamStats) => all.reduce((a, s) => a + s[key], 0);
    return {
      viewers: sum('viewers'),
      framesEncoded: sum('framesEncoded'),
      keyframes: sum('keyframes'),
      keyframeRequestsMerged: sum('keyframeRequestsMerged'),
      packetsSent: sum('packetsSent'),
      bytesSent: sum('bytesSent'),
      encodeMs: sum('encodeMs'),
      framesSkipped: sum('framesSkipped'),
      codecs,
    };
  }

  close(): void {
    for (const stream of this.#streams.values()) stream.close();
  }
}
