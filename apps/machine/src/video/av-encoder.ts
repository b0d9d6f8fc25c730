import { Codec, CodecContext, Frame, Log, Packet, Rational } from 'node-av/lib';
import {
  type FFEncoderCodec,
  AV_LOG_WARNING,
  AV_PICTURE_TYPE_I,
  AV_PICTURE_TYPE_NONE,
  AV_PIX_FMT_YUV420P,
  AV_PKT_FLAG_KEY,
} from 'node-av/constants';

// FFmpeg's warnings and errors only: libx264 writes its settings on open and a page of statistics on close.
Log.setLevel(AV_LOG_WARNING);

/** The codecs a cabinet's picture is coded in on the forward path (docs/video.md "One encode per cabinet"). */
export type VideoCodec = 'vp8' | 'h264';

export interface VideoEncoderOptions {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** Target bit rate, bit/s (the band's start bitrate). */
  readonly bitrate: number;
  /** Ceiling of the rate control, bit/s (the band's max bitrate). */
  readonly maxBitrate: number;
  /**
   * `screen` (default): a drawn cabinet, flat colours and text that stand still where the reels do not.
   * `camera`: a captured picture, whose sensor noise no block is spared.
   */
  readonly content?: 'screen' | 'camera';
}

export interface EncodedFrame {
  readonly data: Buffer;
  readonly keyframe: boolean;
}

/**
 * One FFmpeg video encoder through node-av's codec context, I420 in, coded frames out; keyframes only when
 * asked. The low-level context is used rather than node-av's `Encoder`, which clears each frame's picture
 * type: a viewer's keyframe request is a frame marked `AV_PICTURE_TYPE_I`, which libvpx codes as a keyframe
 * (`VPX_EFLAG_FORCE_KF`) and libx264 as an IDR picture (`forced-idr`). The codec's own options are set on the
 * context (an options dictionary handed to open2 is freed twice by node-av 6.1 once collected: a crash).
 */
export class AvVideoEncoder {
  readonly #context = new CodecContext();
  readonly #frame = new Frame();
  readonly #packet = new Packet();
  #closed = false;
  /** The frame being coded now, if any: the context is freed only after it. */
  #coding: Promise<number> | undefined;
  /** The encoder's own clock: RTP timestamps wrap at 2^32, the encoder's pts must keep rising. */
  #lastTimestamp: number | undefined;
  #pts = 0n;

  constructor(
    readonly options: VideoEncoderOptions,
    encoderName: FFEncoderCodec,
    codecOptions: Record<string, string>,
  ) {
    const codec = Codec.findEncoderByName(encoderName);
    if (!codec) throw new Error(`node-av has no ${encoderName} encoder`);
    const context = this.#context;
    context.allocContext3(codec);
    context.width = options.width;
    context.height = options.height;
    context.pixelFormat = AV_PIX_FMT_YUV420P;
    context.timeBase = new Rational(1, 90_000);
    context.framerate = new Rational(options.fps, 1);
    context.bitRate = BigInt(options.bitrate);
    context.rcMaxRate = BigInt(options.maxBitrate);
    context.rcBufferSize = Math.round(options.maxBitrate / 2);
    // Keyframes only when asked: a viewer joining or repairing asks for one.
    context.gopSize = 1 << 30;
    context.maxBFrames = 0;
    context.threadCount = 1;
    for (const [name, value] of Object.entries(codecOptions)) {
      if (context.setOption(name, value) < 0) throw new Error(`${encoderName} has no option ${name}`);
    }
    const opened = context.open2Sync(codec, null);
    if (opened < 0) throw new Error(`${encoderName} did not open (${opened})`);
    this.#frame.alloc();
    this.#frame.width = options.width;
    this.#frame.height = options.height;
    this.#frame.format = AV_PIX_FMT_YUV420P;
    if (this.#frame.allocBuffer() < 0) throw new Error('No frame buffer for the encoder');
    this.#packet.alloc();
  }

  /**
   * Codes one I420 picture (`width × height × 1.5` bytes); `timestamp` in 90 kHz units. The picture is
   * copied before this returns; the codec runs on a worker thread (libuv's pool, node-av's async
   * `send_frame`), so the caller's event loop goes on sending packets meanwhile. One call at a time.
   */
  async encode(i420: ArrayBufferView, timestamp: number, keyframe: boolean): Promise<EncodedFrame[]> {
    if (this.#closed) throw new Error('The encoder is closed');
    const frame = this.#frame;
    frame.makeWritable();
    frame.fromBuffer(Buffer.from(i420.buffer, i420.byteOffset, i420.byteLength));
    // Steps of the 32-bit RTP clock, wrap included; at least one tick, so the pts always rises.
    if (this.#lastTimestamp !== undefined) this.#pts += BigInt(Math.max(1, (timestamp - this.#lastTimestamp) >>> 0));
    this.#lastTimestamp = timestamp;
    frame.pts = this.#pts;
    frame.pictType = keyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
    // The codec codes in send_frame (FFmpeg's encode callback); the packets are then ready to take.
    const sending = this.#context.sendFrame(frame);
    this.#coding = sending;
    const sent = await sending.finally(() => (this.#coding = undefined));
    if (this.#closed) return [];
    if (sent < 0) throw new Error(`The encoder refused a frame (${sent})`);
    const out: EncodedFrame[] = [];
    while (this.#context.receivePacketSync(this.#packet) >= 0) {
      const data = this.#packet.data;
      if (data) out.push({ data: Buffer.from(data), keyframe: (this.#packet.flags & AV_PKT_FLAG_KEY) !== 0 });
      this.#packet.unref();
    }
    return out;
  }

  /** Frees the encoder; one still coding is freed when it is done. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#coding) void this.#coding.finally(() => this.#free());
    else this.#free();
  }

  #free(): void {
    this.#context.freeContext();
    this.#frame.free();
    this.#packet.free();
  }
}
