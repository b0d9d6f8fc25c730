import { CABINET_CAMERA_BAND, findBand, VIDEO_BANDS } from '@reelcast/protocol';
import { setWrtcFieldTrials } from './field-trials.ts';
import { setLatencyTraceFile, trace } from './latency-trace.ts';
import type { CabinetViewState } from './cabinet-state.ts';
import { SdpError } from './sdp.ts';
import { VideoFeedHub } from './video-source.ts';
import { VIDEO_PROCESS_OPTIONS_ENV, type FromVideoProcess, type ToVideoProcess, type VideoProcessOptions } from './video-ipc.ts';
import { WrtcVideoTransport } from './wrtc-transport.ts';

/**
 * The video process (docs/video.md, "The video process"): draws, encodes and sends the machines'
 * video for the agent that forked it. It holds no money and no seats: it knows only how each
 * cabinet looks, which the agent sends on every change. libwebrtc's field trials, which can only
 * be set by writing into process memory (field-trials.ts), are set here and nowhere else.
 */
if (!process.send) {
  console.error('The video process is started by the machine agent (ProcessVideoTransport), not by hand.');
  process.exit(2);
}

const options = JSON.parse(process.env[VIDEO_PROCESS_OPTIONS_ENV] ?? '{"fieldTrials":false}') as VideoProcessOptions;
setLatencyTraceFile(options.latencyTraceFile);
// Before any peer connection exists: libwebrtc reads the trials when it creates a sender.
const fieldTrials = options.fieldTrials === false ? null : setWrtcFieldTrials(options.fieldTrials);
const views = new Map<string, CabinetViewState>();
const feeds = new VideoFeedHub((machineId) => views.get(machineId), {
  renderer: { frameStamp: options.frameStamp ?? false },
  idleFrameIntervalMs: options.idleFrameIntervalMs,
});
// A send that fails (the agent went away between the check and the write: EPIPE) is dropped, not
// thrown as an 'error' event that kills the process with a stack trace; 'disconnect' below ends it.
const send = (message: FromVideoProcess) => {
  if (process.connected) process.send!(message, undefined, undefined, () => {});
};
const transport = new WrtcVideoTransport({
  feeds,
  iceGatheringTimeoutMs: options.iceGatheringTimeoutMs,
  connectTimeoutMs: options.connectTimeoutMs,
  disconnectedGraceMs: options.disconnectedGraceMs,
  onSessionConnected: (session) => send({ t: 'state', sessionId: session.id, state: 'connected' }),
  onSessionClosed: (session) => send({ t: 'state', sessionId: session.id, state: 'closed' }),
});

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
  const snapshot = (phase: string) =>
    void transport
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
    case 'close':
      transport.closeSession(message.sessionId);
      return;
    case 'stats':
      return void transport
        .senderStats()
        .then((senders) => send({ t: 'stats', req: message.req, cpu: process.cpuUsage(), feeds: feeds.stats(), senders }));
  }
});

// The agent is gone (stopped or killed): nobody may watch any more.
process.on('disconnect', () => {
  void transport.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
});

send({ t: 'ready', fieldTrials });
