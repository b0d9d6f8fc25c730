import { FF_ENCODER_LIBX264 } from 'node-av/constants';
import { AvVideoEncoder, type VideoEncoderOptions } from './av-encoder.ts';

/** What the coded stream declares (RFC 6184 profile-level-id): constrained baseline, level 3.1 (720p30). */
export const H264_ENCODED_PROFILE_LEVEL_ID = '42e01f';

/**
 * libx264 (H.264) through node-av's codec context, set up for real time and for every browser's decoder:
 * `ultrafast` with `zerolatency` (no look-ahead, no frame threads, no B-frames), constrained baseline
 * profile, the parameter sets repeated before every IDR picture (Annex B, in band), an IDR picture only when
 * asked (`forced-idr`: a frame marked `AV_PICTURE_TYPE_I`). docs/video.md "One encode per cabinet".
 */
export class H264Encoder extends AvVideoEncoder {
  constructor(options: VideoEncoderOptions) {
    super(options, FF_ENCODER_LIBX264, {
      preset: 'ultrafast',
      tune: 'zerolatency',
      profile: 'baseline',
      'forced-idr': '1',
      // No periodic intra refresh or scene-cut keyframes: keyframes come on request only.
      sc_threshold: '0',
    });
  }
}
