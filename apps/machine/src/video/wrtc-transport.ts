import { randomUUID } from 'node:crypto';
import { preferVp8WithLimits, assertLooksLikeOffer, SdpError } from './sdp.ts';
import type { VideoFeedHub } from './video-source.ts';
import { SessionTableTransport, VideoSessionRecord, type VideoSession, type VideoSessionRequest } from './video-transport.ts';
import { wrtc } from './wrtc.ts';

export interface WrtcVideoTransportOptions {
  readonly feeds: VideoFeedHub;
  /** Non-trickle answers wait for ICE gathering this long at most (host candidates come in a few ms). */
  readonly iceGatheringTimeoutMs?: number;
  /** A session that has not connected by then is closed. */
  readonly connectTimeoutMs?: number;
  /** A session that stays disconnected this long is closed. */
  readonly disconnectedGraceMs?: number;
  readonly onSessionClosed?: (session: VideoSession) => void;
  readonly onSessionConnected?: (session: VideoSession) => void;
}

/** A video sender's counters from libwebrtc's getStats (`outbound-rtp`); times in seconds. */
export interface SenderStats {
  readonly framesEncoded: number;
  readonly bytesSent: number;
  readonly totalEncodeTime: number;
  readonly totalPacketSendDelay: number;
  readonly packetsSent: number;
  /** Frames sent (`framesEncoded - framesSent`: encoded but not sent). */
  readonly framesSent: number;
  readonly retransmittedPacketsSent: number;
  /** The encoder's target (bit/s) and the bandwidth estimate of the connection (bit/s), now. */
  readonly targetBitrate: number;
  readonly availableOutgoingBitrate: number;
  readonly qualityLimitationReason: string;
}

/**
 * VideoTransport on @roamhq/wrtc (libwebrtc): one peer connection per viewer, VP8, with an encoder per
 * viewer (the `per-viewer` video path; ForwardingVideoTransport codes once for all).
 */
export class WrtcVideoTransport extends SessionTableTransport<WrtcSession> {
  private readonly iceGatheringTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly disconnectedGraceMs: number;
  /** The feeds the sessions watch (the video process asks them for stats). */
  readonly feeds: VideoFeedHub;
  constructor(private readonly options: WrtcVideoTransportOptions) {
    super();
    this.feeds = options.feeds;
    this.iceGatheringTimeoutMs = options.iceGatheringTimeoutMs ?? 1500;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
    this.disconnectedGraceMs = options.disconnectedGraceMs ?? 5_000;
  }

  async createSession(request: VideoSessionRequest): Promise<VideoSession> {
    assertLooksLikeOffer(request.offerSdp);
    const offer = preferVp8WithLimits(request.offerSdp, request.band);
    const pc = new wrtc.RTCPeerConnection({
      iceServers: request.iceServers?.map((s) => ({ ...s })) ?? [],
      bundlePolicy: 'max-bundle',
      rtcpMuxPolicy: 'require',
    });
    let attachment: { track: MediaStreamTrack; release: () => void } | undefined;
    const feed = this.options.feeds.feed(request.machineId, request.band);
    try {
      try {
        await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      } catch (error) {
        throw new SdpError(`The offer was refused: ${(error as Error).message}`);
      }
      const transceiver = pc.getTransceivers().find((t) => t.receiver.track?.kind === 'video');
      if (!transceiver) throw new SdpError('The offer has no video section we can answer.');
      // A track of its own (libwebrtc encodes per track) on the band's shared source and frame loop.
      const track = feed.sink.createTrack();
      const unhold = feed.hold();
      attachment = {
        track,
        release: () => {
          track.stop();
          unhold();
        },
      };
      await transceiver.sender.replaceTrack(attachment.track);
      // The track in a stream (the answer's `a=msid:{stream} {track}`), so a player that shows the track
      // event's `streams[0]`, as most WHEP players do, has something to show.
      transceiver.sender.setStreams(new wrtc.MediaStream());
      transceiver.direction = 'sendonly';
      let answer: RTCSessionDescriptionInit;
      try {
        answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
      } catch (error) {
        throw new SdpError(`No answer for this offer: ${(error as Error).message}`);
      }
      await iceGatheringComplete(pc, this.iceGatheringTimeoutMs);
      const answerSdp = pc.localDescription?.sdp;
      if (!answerSdp) throw new Error('libwebrtc produced no local description');
      const session = new WrtcSession(randomUUID(), request, answerSdp, pc, attachment.release, {
        connected: (s) => {
          // A still picture goes out only a few times a second: send at the full rate while the new viewer starts.
          feed.refresh();
          // The encoder starts with the first frame after the connection is up: one now, not at the next tick.
          feed.kick();
          this.options.onSessionConnected?.(s);
        },
        closed: (s) => {
          this.sessions.delete(s.id);
          this.options.onSessionClosed?.(s);
        },
      });
      session.watch(this.connectTimeoutMs, this.disconnectedGraceMs);
      this.sessions.set(session.id, session);
      return session;
    } catch (error) {
      attachment?.release();
      pc.close();
      throw error;
    }
  }

  /** libwebrtc's sender figures by session, of every open session or of one machine's (benchmarks). */
  async senderStats(machineId?: string): Promise<Record<string, SenderStats>> {
    const out: Record<string, SenderStats> = {};
    for (const session of this.sessions.values()) {
      if (machineId !== undefined && session.machineId !== machineId) continue;
      const stats = await session.senderStats();
      if (stats) out[session.id] = stats;
    }
    return out;
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    for (const session of all) session.close();
    await Promise.all(all.map((s) => s.closed));
  }
}

class WrtcSession extends VideoSessionRecord {
  constructor(
    id: string,
    request: VideoSessionRequest,
    answerSdp: string,
    private readonly pc: RTCPeerConnection,
    private readonly release: () => void,
    private readonly on: { connected: (session: WrtcSession) => void; closed: (session: WrtcSession) => void },
  ) {
    super(id, request, answerSdp);
  }

  async senderStats(): Promise<SenderStats | null> {
    if (this.current === 'closed') return null;
    type Report = { type: string; nominated?: boolean } & Partial<SenderStats>;
    const reports = [...((await this.pc.getStats()).values() as IterableIterator<Report>)];
    const r = reports.find((report) => report.type === 'outbound-rtp');
    if (!r) return null;
    const pair = reports.find((report) => report.type === 'candidate-pair' && report.nominated);
    return {
      framesEncoded: r.framesEncoded ?? 0,
      bytesSent: r.bytesSent ?? 0,
      totalEncodeTime: r.totalEncodeTime ?? 0,
      totalPacketSendDelay: r.totalPacketSendDelay ?? 0,
      packetsSent: r.packetsSent ?? 0,
      framesSent: r.framesSent ?? 0,
      retransmittedPacketsSent: r.retransmittedPacketsSent ?? 0,
      targetBitrate: r.targetBitrate ?? 0,
      availableOutgoingBitrate: pair?.availableOutgoingBitrate ?? 0,
      qualityLimitationReason: r.qualityLimitationReason ?? '',
    };
  }

  watch(connectTimeoutMs: number, disconnectedGraceMs: number): void {
    this.closeUnlessConnectedWithin(connectTimeoutMs);
    this.pc.onconnectionstatechange = () => {
      if (this.connectionChanged(this.pc.connectionState, () => this.pc.connectionState === 'connected', disconnectedGraceMs))
        this.on.connected(this);
    };
  }

  close(): void {
    if (this.current === 'closed') return;
    this.current = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.pc.onconnectionstatechange = null;
    this.release();
    this.pc.close();
    this.on.closed(this);
    this.ended();
  }
}

function iceGatheringComplete(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      pc.onicegatheringstatechange = null;
      resolve();
    }
    pc.onicegatheringstatechange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
  });
}
