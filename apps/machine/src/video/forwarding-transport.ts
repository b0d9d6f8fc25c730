import { randomUUID } from 'node:crypto';
import {
  MediaStream,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTCRtpHeaderExtensionParameters,
  RtpPacket,
  useSdesMid,
  type RTCRtpSender,
  type RTCRtpTransceiver,
} from 'werift';
import { assertLooksLikeOffer, SdpError } from './sdp.ts';
import type { VideoCodec } from './av-encoder.ts';
import { H264_ENCODED_PROFILE_LEVEL_ID } from './h264-encoder.ts';
import { h264PayloadFor, offerWithOnlyPayloads, rtxPayloadFor, SharedH264Stream } from './shared-h264-stream.ts';
import { SharedCodecStreams, type SharedVideoStream } from './shared-stream.ts';
import type { PictureFeeds } from './video-source.ts';
import { SessionTableTransport, VideoSessionRecord, type VideoSession, type VideoSessionRequest } from './video-transport.ts';

/**
 * The playout-delay RTP header extension (webrtc.org experiments): min and max delay 0 tell the
 * viewer's browser to show each frame as soon as it is decoded, not after a smoothing buffer.
 */
export const PLAYOUT_DELAY_URI = 'http://www.webrtc.org/experiments/rtp-hdrext/playout-delay';
/** 12 bits min, 12 bits max, in 10 ms units: 0 and 0. */
const PLAYOUT_DELAY_ZERO = Buffer.from([0, 0, 0]);
const VP8_PAYLOAD_TYPE = 96;

export interface ForwardingTransportOptions {
  /**
   * Drawn pictures (one shared encoder per codec), captured ones (a shared VP8 encoder), or a camera's own
   * H.264.
   */
  readonly feeds: PictureFeeds<SharedCodecStreams | SharedVideoStream | SharedH264Stream>;
  /**
   * The codec a drawn picture is coded in for an offer that has both (default `h264`: libx264 constrained
   * baseline, MACHINE_VIDEO_CODEC); an offer without H.264 packetization mode 1 gets VP8.
   */
  readonly preferredCodec?: VideoCodec;
  /** Non-trickle answers wait for ICE gathering this long at most. */
  readonly iceGatheringTimeoutMs?: number;
  /** A session that has not connected by then is closed. */
  readonly connectTimeoutMs?: number;
  /** A session that stays disconnected this long is closed. */
  readonly disconnectedGraceMs?: number;
  /**
   * A connected viewer that sends no RTCP this long is gone (a closed tab, a reload): its session is closed.
   * Browsers report on received video about once a second; ICE consent (RFC 7675) would take 30 s.
   */
  readonly silentViewerMs?: number;
  readonly onSessionClosed?: (session: VideoSession) => void;
  readonly onSessionConnected?: (session: VideoSession) => void;
}

/**
 * VideoTransport that codes each cabinet picture once and forwards it (docs/video.md, "One encode per
 * cabinet"): the band's SharedCodecStreams codes H.264 (libx264) or VP8 (libvpx), once per codec its viewers take,
 * and each viewer has a werift peer connection whose
 * sender re-stamps the packets (SSRC, sequence, SRTP), answers NACKs from its own history (RTX when the
 * viewer offers it) and passes keyframe requests (PLI) to the shared stream. There is no pacer: a
 * frame's packets leave as soon as they are coded.
 */
export class ForwardingVideoTransport extends SessionTableTransport<ForwardedSession> {
  private readonly iceGatheringTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly disconnectedGraceMs: number;
  private readonly silentViewerMs: number;

  constructor(private readonly options: ForwardingTransportOptions) {
    super();
    this.iceGatheringTimeoutMs = options.iceGatheringTimeoutMs ?? 1500;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
    this.disconnectedGraceMs = options.disconnectedGraceMs ?? 5_000;
    this.silentViewerMs = options.silentViewerMs ?? 5_000;
  }

  async createSession(request: VideoSessionRequest): Promise<VideoSession> {
    assertLooksLikeOffer(request.offerSdp);
    const feed = this.options.feeds.feed(request.machineId, request.band, request.offerSdp);
    const sink = feed.sink;
    // H.264 for this viewer: a camera's own stream, or a drawn picture coded in H.264 when preferred and offered.
    const h264 =
      sink instanceof SharedH264Stream
        ? sink.profile
        : sink instanceof SharedCodecStreams && (this.options.preferredCodec ?? 'h264') === 'h264'
          ? { profileLevelId: H264_ENCODED_PROFILE_LEVEL_ID }
          : undefined;
    const h264PayloadType = h264 ? h264PayloadFor(request.offerSdp, h264) : undefined;
    if (h264PayloadType === undefined && !/^a=rtpmap:\d+ VP8\/90000/im.test(request.offerSdp))
      throw new SdpError('The offer has no VP8 video codec (this sender offers VP8 and H.264 only).');
    const stream: SharedVideoStream | SharedH264Stream =
      sink instanceof SharedCodecStreams ? sink.stream(h264PayloadType === undefined ? 'vp8' : 'h264') : sink;
    const rtxPayloadType = h264PayloadType === undefined ? undefined : rtxPayloadFor(request.offerSdp, h264PayloadType);
    const iceServers = request.iceServers?.map((s) => ({ ...s })) ?? [];
    const pc = new RTCPeerConnection({
      iceServers,
      // Without STUN/TURN servers of its own the agent answers with its host candidates and lets the
      // browser check them (ICE lite, as media servers do): full ICE in werift would ask Google's public
      // STUN server for a reflexive candidate on every join, a default nobody configured.
      iceLite: iceServers.length === 0,
      bundlePolicy: 'max-bundle',
      codecs: {
        video:
          h264 && h264PayloadType !== undefined
            ? [
                // Its profile, packetization mode 1 (FU-A, as ffmpeg's and werift's packetizers write).
                new RTCRtpCodecParameters({
                  mimeType: 'video/H264',
                  clockRate: 90_000,
                  payloadType: h264PayloadType,
                  parameters: `level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=${h264.profileLevelId}`,
                  rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
                }),
                ...(rtxPayloadType === undefined
                  ? []
                  : [
                      new RTCRtpCodecParameters({
                        mimeType: 'video/rtx',
                        clockRate: 90_000,
                        payloadType: rtxPayloadType,
                        parameters: `apt=${h264PayloadType}`,
                      }),
                    ]),
              ]
            : [
                new RTCRtpCodecParameters({
                  mimeType: 'video/VP8',
                  clockRate: 90_000,
                  payloadType: VP8_PAYLOAD_TYPE,
                  rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
                }),
                new RTCRtpCodecParameters({
                  mimeType: 'video/rtx',
                  clockRate: 90_000,
                  payloadType: VP8_PAYLOAD_TYPE + 1,
                  parameters: `apt=${VP8_PAYLOAD_TYPE}`,
                }),
              ],
      },
      headerExtensions: { video: [useSdesMid(), new RTCRtpHeaderExtensionParameters({ id: 0, uri: PLAYOUT_DELAY_URI })] },
    });
    let unhold: (() => void) | undefined;
    let unsubscribe: (() => void) | undefined;
    try {
      try {
        // H.264: only the offer's payload type that takes its profile (and its RTX) is left to answer.
        const offer =
          h264PayloadType === undefined
            ? request.offerSdp
            : offerWithOnlyPayloads(request.offerSdp, [h264PayloadType, ...(rtxPayloadType === undefined ? [] : [rtxPayloadType])]);
        await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      } catch (error) {
        throw new SdpError(`The offer was refused: ${(error as Error).message}`);
      }
      const transceiver = pc.getTransceivers().find((t: RTCRtpTransceiver) => t.kind === 'video');
      if (!transceiver) throw new SdpError('The offer has no video section we can answer.');
      transceiver.setDirection('sendonly');
      // The track in a stream (the answer's `a=msid:{stream} {track}`): most WHEP players show `streams[0]`.
      transceiver.sender.setStreams([new MediaStream()]);
      try {
        // The viewer leads the DTLS handshake (docs/video.md "Who leads the handshake").
        await pc.setLocalDescription({ type: 'answer', sdp: asDtlsServer((await pc.createAnswer()).sdp) });
      } catch (error) {
        throw new SdpError(`No answer for this offer: ${(error as Error).message}`);
      }
      await iceGatheringComplete(pc, this.iceGatheringTimeoutMs);
      const answerSdp = pc.localDescription?.sdp;
      if (!answerSdp) throw new Error('werift produced no local description');
      const sender = transceiver.sender;
      sender.onPictureLossIndication.subscribe(() => stream.requestKeyframe());
      const session = new ForwardedSession(randomUUID(), request, answerSdp, pc, sender, {
        connected: (s) => {
          // From now on the viewer gets the band's packets, starting with a keyframe coded at once.
          unsubscribe = stream.subscribe(viewerOf(sender, playoutDelayId(answerSdp)));
          unhold = feed.hold();
          feed.refresh();
          feed.kick();
          this.options.onSessionConnected?.(s);
        },
        closed: (s) => {
          unsubscribe?.();
          unhold?.();
          this.sessions.delete(s.id);
          this.options.onSessionClosed?.(s);
        },
      });
      session.watch(this.connectTimeoutMs, this.disconnectedGraceMs, this.silentViewerMs);
      this.sessions.set(session.id, session);
      return session;
    } catch (error) {
      await pc.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    for (const session of all) session.close();
    await Promise.all(all.map((s) => s.closed));
  }
}

/** A viewer of the shared stream: each packet parsed for this sender (it rewrites the header), with playout delay 0. */
function viewerOf(sender: RTCRtpSender, playoutDelay: number | undefined): { send(packet: Buffer): void } {
  return {
    send(bytes) {
      const packet = RtpPacket.deSerialize(bytes);
      if (playoutDelay !== undefined) packet.header.extensions = [{ id: playoutDelay, payload: PLAYOUT_DELAY_ZERO }];
      void sender.sendRtp(packet);
    },
  };
}

/**
 * The answer with `a=setup:passive` in place of werift's `a=setup:active`: the agent is the DTLS server,
 * so the viewer sends its ClientHello the moment its ICE check succeeds instead of waiting for ours
 * (RFC 8842: the answerer picks active or passive for an offer's actpass; werift takes the role from
 * the local answer's a=setup line, per transport).
 */
export function asDtlsServer(answerSdp: string): string {
  return answerSdp.replaceAll(/^a=setup:active(\r?)$/gm, 'a=setup:passive$1');
}

/** The id the answer gives the playout-delay extension; none when the viewer did not offer it. */
export function playoutDelayId(answerSdp: string): number | undefined {
  const id = new RegExp(`^a=extmap:(\\d+)(?:/\\w+)? ${PLAYOUT_DELAY_URI.replaceAll('.', '\\.')}`, 'm').exec(answerSdp)?.[1];
  return id === undefined ? undefined : Number(id);
}

class ForwardedSession extends VideoSessionRecord {
  private unsubscribe: (() => void)[] = [];

  constructor(
    id: string,
    request: VideoSessionRequest,
    answerSdp: string,
    private readonly pc: RTCPeerConnection,
    private readonly sender: RTCRtpSender,
    private readonly on: { connected: (session: ForwardedSession) => void; closed: (session: ForwardedSession) => void },
  ) {
    super(id, request, answerSdp);
  }

  watch(connectTimeoutMs: number, disconnectedGraceMs: number, silentViewerMs: number): void {
    let lastHeard = Date.now();
    this.unsubscribe.push(this.sender.onRtcp.subscribe(() => void (lastHeard = Date.now())).unSubscribe);
    const silence = setInterval(
      () => {
        if (this.current === 'connected' && Date.now() - lastHeard > silentViewerMs) this.close();
      },
      Math.min(1_000, silentViewerMs),
    );
    silence.unref();
    this.timers.push(silence);
    this.closeUnlessConnectedWithin(connectTimeoutMs);
    const { unSubscribe } = this.pc.connectionStateChange.subscribe((state) => {
      if (!this.connectionChanged(state, () => this.pc.connectionState === 'connected', disconnectedGraceMs)) return;
      lastHeard = Date.now();
      this.on.connected(this);
    });
    this.unsubscribe.push(unSubscribe);
  }

  close(): void {
    if (this.current === 'closed') return;
    this.current = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.on.closed(this);
    void this.pc.close().finally(() => this.ended());
  }
}

function iceGatheringComplete(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') done();
    });
    function done(): void {
      clearTimeout(timer);
      unSubscribe();
      resolve();
    }
  });
}
