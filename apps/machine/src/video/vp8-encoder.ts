import { FF_ENCODER_LIBVPX_VP8 } from 'node-av/constants';
import { AvVideoEncoder, type VideoEncoderOptions } from './av-encoder.ts';

export type { EncodedFrame, VideoEncoderOptions as Vp8EncoderOptions } from './av-encoder.ts';

/**
 * libvpx (VP8) through node-av's codec context: one encoder per cabinet picture, its output
 * forwarded to every viewer (docs/video.md, "One encode per cabinet"). Real-time settings as
 * libwebrtc uses them: no look-ahead, no alt-ref frames, error-resilient partitions.
 */
export class Vp8Encoder extends AvVideoEncoder {
  constructor(options: VideoEncoderOptions) {
    super(options, FF_ENCODER_LIBVPX_VP8, {
      deadline: 'realtime',
      'cpu-used': '16',
      'lag-in-frames': '0',
      'auto-alt-ref': '0',
      'error-resilient': '1',
      // A keyframe may take at most three frames' worth of bits: it goes out at once, not over a second.
      'max-intra-rate': '300',
      // Screen content: libvpx skips the blocks that stand still (720p spinning reels: 4.4 → 3.4 ms a frame).
      ...(options.content === 'camera' ? {} : { 'screen-content-mode': '1', 'static-thresh': '100' }),
    });
  }
}
