export { VIDEO_BANDS, DEFAULT_BAND_ID, bandSelects, findBand, type VideoBand, type VideoBandId } from '@reelcast/protocol';
export {
  DEFAULT_REEL_STOP_MS,
  LAMP_IDS,
  REEL_COUNT,
  ROW_COUNT,
  idleCabinetState,
  type CabinetViewState,
  type LampId,
} from './cabinet-state.ts';
export { FrameRenderer, type FrameRendererOptions, type RenderedFrame } from './frame-renderer.ts';
export {
  decodeFrameStamp,
  decodeFrameStampFromLuma,
  drawFrameStamp,
  stampAgeMs,
  stampCellSize,
  STAMP_DECODER_JS,
  type FrameStamp,
} from './frame-stamp.ts';
export {
  BandVideoFeed,
  VideoFeedHub,
  type BandFeedStats,
  type CabinetStateProvider,
  type FrameSink,
  type VideoFeedOptions,
} from './video-source.ts';
export { SdpError } from './sdp.ts';
export type { IceServer, VideoSession, VideoSessionRequest, VideoSessionState, VideoTransport } from './video-transport.ts';
export { WrtcVideoTransport, type SenderStats, type WrtcVideoTransportOptions } from './wrtc-transport.ts';
export { ProcessVideoTransport, type ProcessVideoTransportOptions, type VideoProcessStats } from './process-transport.ts';
export { whepRoutes, iceServerLinks, type WhepAuthDecision, type WhepRoutesOptions } from './whep.ts';
export { ForwardingVideoTransport, PLAYOUT_DELAY_URI, type ForwardingTransportOptions } from './forwarding-transport.ts';
export { CaptureSource, captureArguments, type CaptureInput } from './capture-source.ts';
export {
  SharedCodecStreams,
  SharedVideoStream,
  type CodecStreamsStats,
  type SharedStreamOptions,
  type SharedStreamStats,
  type StreamViewer,
} from './shared-stream.ts';
export type { VideoCodec } from './av-encoder.ts';
export type { VideoPath } from './video-ipc.ts';
