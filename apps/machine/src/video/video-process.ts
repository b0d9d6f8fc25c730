import { CABINET_CAMERA_BAND, findBand, VIDEO_BANDS, type VideoBand } from '@reelcast/protocol';
import { CaptureSource } from './capture-source.ts';
import { h264PayloadFor } from './shared-h264-stream.ts';
import { ForwardingVideoTransport } from './forwarding-transport.ts';
import { setLatencyTraceFile, trace } from './latency-trace.ts';
import type { CabinetViewState } from './cabinet-state.ts';
import { SdpError } from './sdp.ts';
import { SharedCodecStreams } from './shared-stream.ts';
import { VideoFeedHub, type VideoFeedOptions } from './video-source.ts';
import type { VideoSession, VideoTransport } from './video-transport.ts';
import type { CaptureInput } from './capture-source.ts';
import { VIDEO_PROCESS_OPTIONS_ENV, type FromVideoProcess, type ToVideoProcess, type VideoProcessOptions } from './video-ipc.ts';
import { WrtcVideoTransport } from './wrtc-transport.ts';

/**
 * The video process (docs/video.md, "The video process"): draws, encodes and sends the machines'
 * video for the agent that forked it. It holds no money and no seats: it knows only how each
 * cabinet looks, which the agent sends on every change.
 */
if (!process.send) {
  console.error('The video process is started by the machine agent (ProcessVideoTransport), not by hand.');
  process.exit(2);
}

const options = JSON.parse(process.env[VIDEO_PROCESS_OPTIONS_ENV] ?? '{}') as VideoProcessOptions;
const path = options.path ?? 'forward';
setLatencyTraceFile(options.latencyTraceFile);
const views = new Map<string, CabinetViewState>();
const view = (machineId: string) => views.get(machineId);
const feedOptions: VideoFeedOptions = {
  renderer: { frameStamp: options.frameStamp ?? false },
  idleFrameIntervalMs: options.idleFrameIntervalMs,
};
// A send that fails (the agent went away between the check and the write: EPIPE) is dropped, not
// thrown as an 'error' event that kills the process with a stack trace; 'disconnect' below ends it.
const send = (message: FromVideoProcess) => {
  if (process.connected) process.send!(message, undefined, undefined, () => {});
};
const sessionOptions = {
  iceGatheringTimeoutMs: options.iceGatheringTimeoutMs,
  connectTimeoutMs: options.connectTimeoutMs,
  disconnectedGraceMs: options.disconnectedGraceMs,
  onSessionConnected: (session: VideoSession) => send({ t: 'state', sessionId: session.id, state: 'connected' }),
  onSessionClosed: (session: VideoSession) => send({ t: 'state', sessionId: session.id, state: 'closed' }),
};
const forwarded =
  path === 'forward'
    ? new VideoFeedHub(view, feedOptions, (band, machineId) => new SharedCodecStreams(band, { traceId: machineId }))
    : undefined;
/** Machines whose picture is a capture input (a camera): one ffmpeg each, while watched. Forward path only. */
const captures = new Map<string, CaptureSource>();
const perViewer =
  path === 'per-viewer' ? new WrtcVideoTransport({ feeds: new VideoFeedHub(view, feedOptions), ...sessionOptions }) : undefined;
const feeds: Pick<VideoFeedHub, 'notifyStateChanged' | 'stats'> = forwarded ?? perViewer!.feeds;
const transport: VideoTransport = forwarded
  ? new ForwardingVideoTransport({
      feeds: { feed: (machineId, band, offerSdp) => captureFeed(machineId, band, offerSdp) ?? forwarded.feed(machineId, band) },
      preferredCodec: options.codec ?? 'h264',
      ...sessionOptions,
    })
  : perViewer!;

/** The top band's picture of a passed-through camera goes as the camera coded it to a browser that takes its profile. */
const topBand = [...VIDEO_BANDS].sort((a, b) => b.Order - a.Order)[0]!;
function captureFeed(machineId: string, band: VideoBand, offerSdp: string | undefined) {
  const capture = captures.get(machineId);
  if (!capture) return undefined;
  const h264 = band.id === topBand.id && offerSdp ? capture.h264Feed() : undefined;
  if (h264 && offerSdp && h264PayloadFor(offerSdp, h264.sink.profile) !== undefined) return h264;
  return capture.feed(band);
}

/** Every shared encoder's figures by `{machine}/{band}@{fps}`, drawn and captured. */
function streamStats() {
  const captured = [...captures].flatMap(([machineId, source]) =>
    Object.entries(source.streamStats()).map(([key, stats]) => [`${machineId}/${key}`, stats] as const),
  );
  return { ...forwarded?.sinkStats(), ...Object.fromEntries(captured) };
}

function setCapture(machineId: string, capture: CaptureInput | null): void {
  captures.get(machineId)?.close();
  captures.delete(machineId);
  transport.closeMachineSessions(machineId);
  if (!capture) return;
  if (path !== 'forward') return console.error(`machine ${machineId}: a capture input needs MACHINE_VIDEO_PATH=forward`);
  captures.set(
    machineId,
    new CaptureSource(capture, VIDEO_BANDS, { log: (message, detail) => console.error(`machine ${machineId}: ${message}`, detail ?? '') }),
  );
}

async function create(message: Extract<ToVideoProcess, { t: 'create' }>): Promise<void> {
  const band = findBand(message.bandId, [...VIDEO_BANDS, CABINET_CAMERA_BAND]);
  if (!band) return send({ t: 'create-failed', req: message.req, sdpError: true, message: `Unknown band ${message.bandId}.` });
  const fps = Math.min(message.fps, band.fps);
  try {
    const session = await transport.createSession({
      machineId: message.machineId,
      band: fps === band.fps ? band : { ...band, fps },
      offerSdp: message.offerSdp,
      iceServers: message.iceServers,
    });
    send({ t: 'created', req: message.req, sessionId: session.id, answerSdp: session.answerSdp, createdAt: session.createdAt });
  } catch (error) {
    send({ t: 'create-failed', req: message.req, sdpError: error instanceof SdpError, message: (error as Error).message });
  }
}

/**
 * Latency trace only: the machine's senders' libwebrtc counters just after a changed frame was handed
 * over and 300 ms later, so a benchmark can tell the mean encode time and pacer delay around a press.
 */
function traceSenderStats(machineId: string): void {
  if (!perViewer) return;
  const snapshot = (phase: string) =>
    void perViewer
      .senderStats(machineId)
      .then((senders) => trace.mark('sender-stats', machineId, { phase, senders }))
      .catch(() => {});
  snapshot('press');
  setTimeout(() => snapshot('after'), 300).unref();
}

process.on('message', (message: ToVideoProcess) => {
  switch (message.t) {
    case 'view':
      if (message.changed) trace.mark('video-received', message.machineId);
      views.set(message.machineId, message.view);
      if (message.changed) feeds.notifyStateChanged(message.machineId);
      if (message.changed && trace.enabled) traceSenderStats(message.machineId);
      return;
    case 'create':
      return void create(message);
    case 'capture':
      return setCapture(message.machineId, message.capture);
    case 'close':
      transport.closeSession(message.sessionId);
      return;
    case 'stats':
      return void (perViewer?.senderStats() ?? Promise.resolve({})).then((senders) =>
        send({ t: 'stats', req: message.req, cpu: process.cpuUsage(), feeds: feeds.stats(), senders, streams: streamStats() }),
      );
  }
});

// The agent is gone (stopped or killed): nobody may watch any more.
process.on('disconnect', () => {
  for (const capture of captures.values()) capture.close();
  void transport.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
});

send({ t: 'ready', path });
