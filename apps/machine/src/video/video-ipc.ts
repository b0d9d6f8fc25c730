import type { VideoBandId } from '@reelcast/protocol';
import type { VideoCodec } from './av-encoder.ts';
import type { CabinetViewState } from './cabinet-state.ts';
import type { CaptureInput } from './capture-source.ts';
import type { BandFeedStats } from './video-source.ts';
import type { SharedH264StreamStats } from './shared-h264-stream.ts';
import type { SharedStreamStats } from './shared-stream.ts';
import type { IceServer, VideoSessionState } from './video-transport.ts';
import type { SenderStats } from './wrtc-transport.ts';

/**
 * Messages between the machine agent and its video process (process-transport.ts ↔
 * video-process.ts), over the Node IPC channel of `child_process.fork`. Both ends are our own code
 * in one checkout, so these are plain types, not validated schemas.
 */
export type ToVideoProcess =
  /** The cabinet as it looks now; `changed` draws a frame at once (a press) instead of at the next tick. */
  | { t: 'view'; machineId: string; view: CabinetViewState; changed: boolean }
  /** `fps`: the frame rate the viewer asked for, at most the band's. */
  | { t: 'create'; req: number; machineId: string; bandId: VideoBandId; fps: number; offerSdp: string; iceServers: IceServer[] }
  /** The machine's picture comes from this capture input, not from drawing its view (null: drawn again). */
  | { t: 'capture'; machineId: string; capture: CaptureInput | null }
  | { t: 'close'; sessionId: string }
  | { t: 'stats'; req: number };

export type FromVideoProcess =
  | { t: 'ready'; path: VideoPath }
  | { t: 'created'; req: number; sessionId: string; answerSdp: string; createdAt: number }
  | { t: 'create-failed'; req: number; sdpError: boolean; message: string }
  | { t: 'state'; sessionId: string; state: VideoSessionState }
  | {
      t: 'stats';
      req: number;
      cpu: NodeJS.CpuUsage;
      feeds: Record<string, BandFeedStats>;
      senders: Record<string, SenderStats>;
      streams: Record<string, SharedStreamStats | SharedH264StreamStats>;
    };

/** Options the agent passes to the video process (JSON in an environment variable). */
export interface VideoProcessOptions {
  /**
   * How pictures reach viewers (docs/video.md): `forward` codes each cabinet picture once and forwards the
   * packets to every viewer (the default); `per-viewer` is libwebrtc with an encoder per viewer.
   */
  readonly path?: VideoPath;
  /**
   * The codec a drawn cabinet is coded in on the forward path when the viewer's browser takes both
   * (MACHINE_VIDEO_CODEC, docs/video.md): `h264` (default) or `vp8`. An offer without H.264 gets VP8 either way.
   */
  readonly codec?: VideoCodec;
  /** Paint the frame stamp into every frame (default false; benchmarks read it: FrameRendererOptions.frameStamp). */
  readonly frameStamp?: boolean;
  /** How often an unchanged picture is sent (VideoFeedOptions.idleFrameIntervalMs; 0: every tick). */
  readonly idleFrameIntervalMs?: number;
  readonly iceGatheringTimeoutMs?: number;
  readonly connectTimeoutMs?: number;
  readonly disconnectedGraceMs?: number;
  /** MACHINE_LATENCY_TRACE: the file the video process appends its latency-trace lines to; unset: off. */
  readonly latencyTraceFile?: string;
}

export type VideoPath = 'forward' | 'per-viewer';

export const VIDEO_PROCESS_OPTIONS_ENV = 'REELCAST_VIDEO_PROCESS_OPTIONS';
