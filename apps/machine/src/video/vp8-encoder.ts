import { Codec, CodecContext, Frame, Packet, Rational } from 'node-av/lib';
import { AV_PICTURE_TYPE_I, AV_PICTURE_TYPE_NONE, AV_PIX_FMT_YUV420P, AV_PKT_FLAG_KEY, FF_ENCODER_LIBVPX_VP8 } from 'node-av/constants';

export interface Vp8EncoderOptions {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** Target bit rate, bit/s (the band's start bitrate). */
  readonly bitrate: number;
  /** Ceiling of the rate control, bit/s (the band's max bitrate). */
  readonly maxBitrate: number;
  /**
   * `screen` (default): a drawn cabinet, flat colours and text that stand still where the reels do not:
   * libvpx's screen-content mode and a static threshold skip the unchanged blocks (720p spinning reels:
   * 4.4 → 3.4 ms a frame). `camera`: a captured picture, whose sensor noise no block is spared.
   */
  readonly content?: 'screen' | 'camera';
}

export interface EncodedFrame {
  readonly data: Buffer;
  readonly keyframe: boolean;
}

/**
 * libvpx (VP8) through node-av's codec context: one encoder per cabinet picture, its output
 * forwarded to every viewer (docs/video.md, "One encode per cabinet"). Real-time settings as
 * libwebrtc uses them: no look-ahead, no alt-ref frames, error-resilient partitions.
 *
 * The low-level context is used rather than node-av's `Encoder`, which clears each frame's picture
 * type: a viewer's keyframe request is a frame marked `AV_PICTURE_TYPE_I`, which libvpx codes as a
 * keyframe (`VPX_EFLAG_FORCE_KF`).
 */
export class Vp8Encoder {
  readonly #context = new CodecContext();
  readonly #frame = new Frame();
  readonly #packet = new Packet();
  #closed = false;
  /** The frame libvpx is coding now, if any: the context is freed only after it. */
  #coding: Promise<number> | undefined;

  constructor(readonly options: Vp8EncoderOptions) {
    const codec = Codec.findEncoderByName(FF_ENCODER_LIBVPX_VP8);
    if (!codec) throw new Error('node-av has no libvpx encoder');
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
    // libvpx's own options, set on the context (an options dictionary handed to open2 is freed twice by
    // node-av 6.1 once collected: a crash, seen in this file's first version).
    const libvpx = {
      deadline: 'realtime',
      'cpu-used': '16',
      'lag-in-frames': '0',
      'auto-alt-ref': '0',
      'error-resilient': '1',
      // A keyframe may take at most three frames' worth of bits: it goes out at once, not over a second.
      'max-intra-rate': '300',
      ...(options.content === 'camera' ? {} : { 'screen-content-mode': '1', 'static-thresh': '100' }),
    };
    for (const [name, value] of Object.entries(libvpx)) {
      if (context.setOption(name, value) < 0) throw new Error(`libvpx has no option ${name}`);
    }
    const opened = context.open2Sync(codec, null);
    if (opened < 0) throw new Error(`libvpx did not open (${opened})`);
    this.#frame.alloc();
    this.#frame.width = options.width;
    this.#frame.height = options.height;
    this.#frame.format = AV_PIX_FMT_YUV420P;
    if (this.#frame.allocBuffer() < 0) throw new Error('No frame buffer for the encoder');
    this.#packet.alloc();
  }

  /**
   * Codes one I420 picture (`width × height × 1.5` bytes); `timestamp` in 90 kHz units. The picture is
   * copied before this returns; libvpx codes it on a worker thread (libuv's pool), so the caller's event
   * loop goes on sending packets meanwhile. One call at a time.
   */
  async encode(i420: ArrayBufferView, timestamp: number, keyframe: boolean): Promise<EncodedFrame[]> {
    if (this.#closed) throw new Error('The encoder is closed');
    const frame = this.#frame;
    frame.makeWritable();
    frame.fromBuffer(Buffer.from(i420.buffer, i420.byteOffset, i420.byteLength));
    frame.pts = BigInt(timestamp);
    frame.pictType = keyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
    // libvpx codes in send_frame (FFmpeg's encode callback); the packets are then ready to take.
    const sending = this.#context.sendFrame(frame);
    this.#coding = sending;
    const sent = await sending.finally(() => (this.#coding = undefined));
    if (this.#closed) return [];
    if (sent < 0) throw new Error(`libvpx refused a frame (${sent})`);
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
