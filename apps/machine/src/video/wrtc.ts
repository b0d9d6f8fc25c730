import { createRequire } from 'node:module';

/** The parts of @roamhq/wrtc the video pipeline uses, typed as the native code really takes them. */
export interface I420Frame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface WrtcVideoSource {
  createTrack(): MediaStreamTrack;
  onFrame(frame: I420Frame): void;
}

export interface WrtcModule {
  RTCPeerConnection: typeof RTCPeerConnection;
  MediaStream: typeof MediaStream;
  nonstandard: {
    RTCVideoSource: new (init?: { isScreencast?: boolean; needsDenoising?: boolean }) => WrtcVideoSource;
    rgbaToI420(rgba: { width: number; height: number; data: Uint8ClampedArray }, i420: I420Frame): void;
    i420ToRgba(i420: I420Frame, rgba: { width: number; height: number; data: Uint8ClampedArray }): void;
  };
}

// A CommonJS native addon: loaded with require so that tsx, vitest and plain Node agree.
const require = createRequire(import.meta.url);
export const wrtc = require('@roamhq/wrtc') as WrtcModule;

export function i420Size(width: number, height: number): number {
  return width * height + 2 * Math.ceil(width / 2) * Math.ceil(height / 2);
}
