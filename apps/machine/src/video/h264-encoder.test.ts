import { AV_PICTURE_TYPE_I, FF_DECODER_H264 } from 'node-av/constants';
import { Codec, CodecContext, Frame, Packet } from 'node-av/lib';
import { H264RtpPayload, RtpPacket } from 'werift';
import { describe, expect, it } from 'vitest';
import { findBand } from '@reelcast/protocol';
import { decodeFrameStampFromLuma, stampCellSize } from './frame-stamp.ts';
import { FrameRenderer } from './frame-renderer.ts';
import { idleCabinetState } from './cabinet-state.ts';
import { H264Encoder } from './h264-encoder.ts';
import { SharedVideoStream } from './shared-stream.ts';
import { i420Size } from './wrtc.ts';

const band = findBand('360p')!;

/** What a browser does with the RTP packets: reassemble each frame's NAL units (werift's depacketizer), decode it (FFmpeg's h264). */
class Receiver {
  readonly #context = new CodecContext();
  readonly #frame = new Frame();
  readonly #packet = new Packet();
  #accessUnit: Buffer[] = [];
  #fragment: Buffer | undefined;
  readonly pictures: { keyframe: boolean; stamp: ReturnType<typeof decodeFrameStampFromLuma> }[] = [];

  constructor() {
    const codec = Codec.findDecoderByName(FF_DECODER_H264)!;
    this.#context.allocContext3(codec);
    expect(this.#context.open2Sync(codec, null)).toBe(0);
    this.#frame.alloc();
    this.#packet.alloc();
  }

  send(bytes: Buffer): void {
    const rtp = RtpPacket.deSerialize(bytes);
    const payload = H264RtpPayload.deSerialize(rtp.payload, this.#fragment);
    this.#fragment = payload.fragment;
    if (payload.payload) this.#accessUnit.push(payload.payload);
    if (!rtp.header.marker) return;
    this.#packet.data = Buffer.concat(this.#accessUnit);
    this.#accessUnit = [];
    expect(this.#context.sendPacketSync(this.#packet)).toBe(0);
    while (this.#context.receiveFrameSync(this.#frame) >= 0) {
      const luma = this.#frame.data![0]!;
      this.pictures.push({
        keyframe: this.#frame.pictType === AV_PICTURE_TYPE_I,
        stamp: decodeFrameStampFromLuma(luma, this.#frame.linesize[0]!, stampCellSize(band.height)),
      });
      this.#frame.unref();
    }
  }

  close(): void {
    this.#context.freeContext();
    this.#frame.free();
    this.#packet.free();
  }
}

describe('H264Encoder (libx264 through node-av) in a shared stream', () => {
  it('codes a keyframe first and on request, which a decoder reads back, frame stamp included', async () => {
    let now = 0;
    const stream = new SharedVideoStream(band, { codec: 'h264', now: () => now, keyframeIntervalMs: 0 });
    const receiver = new Receiver();
    stream.subscribe(receiver);
    const renderer = new FrameRenderer(band.width, band.height, { frameStamp: true });
    const view = { ...idleCabinetState('H.264'), spinning: true, spinStartedAt: 0, reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9] };
    for (let i = 0; i < 8; i++) {
      now = i * 33;
      const frame = renderer.render(view, 1_700_000_000_000 + now);
      if (i === 5) stream.requestKeyframe();
      stream.onFrame(frame.i420);
      await stream.settled();
    }
    stream.close();
    receiver.close();
    expect(receiver.pictures.map((p) => p.keyframe)).toEqual([true, false, false, false, false, true, false, false]);
    // The stamp survives the coding: each picture tells when it was drawn.
    expect(receiver.pictures.map((p) => p.stamp && p.stamp.clockMs - (1_700_000_000_000 % 2 ** 32))).toEqual([
      0, 33, 66, 99, 132, 165, 198, 231,
    ]);
    expect(stream.stats()).toMatchObject({ framesEncoded: 8, keyframes: 2 });
  });

  it('codes constrained baseline: the SPS says profile 66 with constraint_set1 (every browser decodes it)', async () => {
    const encoder = new H264Encoder({ width: 320, height: 240, fps: 30, bitrate: 300_000, maxBitrate: 500_000 });
    const [out] = await encoder.encode(new Uint8ClampedArray(i420Size(320, 240)).fill(90), 0, true);
    encoder.close();
    const sps = out!.data.indexOf(Buffer.from([0, 0, 1, 0x67]));
    expect(sps).toBeGreaterThanOrEqual(0);
    const [profile, constraints] = [out!.data[sps + 4]!, out!.data[sps + 5]!];
    expect(profile).toBe(66);
    expect(constraints & 0x40).toBe(0x40);
    expect(out!.keyframe).toBe(true);
  });
});
