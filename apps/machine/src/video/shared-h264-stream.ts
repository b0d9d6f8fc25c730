import { H264RtpPayload, RtpPacket } from 'werift';
import type { StreamViewer } from './shared-stream.ts';

const NAL_SPS = 7;

/** A camera's H.264 as it names itself in SDP: profile-level-id, 6 hex digits (RFC 6184 §8.1). */
export interface H264Profile {
  readonly profileLevelId: string;
}

export interface SharedH264StreamStats {
  readonly viewers: number;
  readonly packetsIn: number;
  readonly packetsSent: number;
  readonly keyframes: number;
  /** Keyframe requests (PLI) that cannot reach the camera: a viewer waits for its next keyframe. */
  readonly keyframeRequestsUnanswered: number;
  /**
   * Packets that never came from the camera (gaps in its RTP sequence numbers): lost on the way to this
   * process, before any viewer. A viewer's decoder then waits for the next keyframe.
   */
  readonly packetsMissing: number;
  /** The profile-level-id the camera's SPS declares, once one has come ('' before). */
  readonly seenProfileLevelId: string;
}

/**
 * A camera's own H.264 RTP packets (ffmpeg's RTP packetizer, RFC 6184), forwarded unchanged to every
 * viewer whose browser decodes the camera's profile: no decode, no encode (docs/video.md "A camera as the
 * picture"). A viewer starts at the next keyframe the camera sends (SPS, PPS, IDR: ffmpeg repeats the
 * parameter sets before each one); a keyframe request cannot reach the camera, so it is counted, and the
 * camera's keyframe interval is how long a viewer may wait.
 */
export class SharedH264Stream {
  readonly profile: H264Profile;
  readonly #viewers = new Map<StreamViewer, { started: boolean }>();
  #stats = { packetsIn: 0, packetsSent: 0, keyframes: 0, keyframeRequestsUnanswered: 0, packetsMissing: 0, seenProfileLevelId: '' };
  #lastSequenceNumber: number | undefined;

  constructor(profile: H264Profile) {
    this.profile = profile;
  }

  subscribe(viewer: StreamViewer): () => void {
    this.#viewers.set(viewer, { started: false });
    return () => this.#viewers.delete(viewer);
  }

  requestKeyframe(): void {
    this.#stats.keyframeRequestsUnanswered++;
  }

  /** One RTP packet from the camera's packetizer. */
  onPacket(bytes: Buffer): void {
    this.#stats.packetsIn++;
    const packet = RtpPacket.deSerialize(bytes);
    const sequenceNumber = packet.header.sequenceNumber;
    if (this.#lastSequenceNumber !== undefined) {
      // Sequence numbers are 16 bits and wrap (RFC 3550 §5.1); a packet from before the last is not a gap.
      const gap = (sequenceNumber - this.#lastSequenceNumber + 0x10000) % 0x10000;
      if (gap > 1 && gap < 0x8000) this.#stats.packetsMissing += gap - 1;
      if (gap > 0 && gap < 0x8000) this.#lastSequenceNumber = sequenceNumber;
    } else this.#lastSequenceNumber = sequenceNumber;
    const payload = H264RtpPayload.deSerialize(packet.payload);
    const sps = spsOf(packet.payload, payload.nalUnitType);
    const startsKeyframe = sps !== undefined;
    if (sps) {
      this.#stats.keyframes++;
      // profile_idc, constraint flags, level_idc follow the NAL header (ITU-T H.264 §7.3.2.1.1).
      this.#stats.seenProfileLevelId = sps.subarray(1, 4).toString('hex');
    }
    for (const [viewer, state] of this.#viewers) {
      if (!state.started && !startsKeyframe) continue;
      state.started = true;
      viewer.send(bytes);
      this.#stats.packetsSent++;
    }
  }

  stats(): SharedH264StreamStats {
    return { viewers: this.#viewers.size, ...this.#stats };
  }
}

const NAL_STAP_A = 24;

/** The SPS NAL unit a packet carries, alone or aggregated in a STAP-A (RFC 6184 §5.7.1): a keyframe begins. */
function spsOf(payload: Buffer, nalUnitType: number): Buffer | undefined {
  if (nalUnitType === NAL_SPS) return payload;
  if (nalUnitType !== NAL_STAP_A) return undefined;
  for (let offset = 1; offset + 2 < payload.length;) {
    const size = payload.readUInt16BE(offset);
    const nal = payload.subarray(offset + 2, offset + 2 + size);
    if ((nal[0]! & 0x1f) === NAL_SPS) return nal;
    offset += 2 + size;
  }
  return undefined;
}

/** RFC 6184 / RFC 7742's profile of a profile-level-id: profile_idc with the constraint flags that narrow it. */
export function h264ProfileName(profileLevelId: string): string | undefined {
  if (!/^[0-9a-f]{6}$/i.test(profileLevelId)) return undefined;
  const idc = parseInt(profileLevelId.slice(0, 2), 16);
  const flags = parseInt(profileLevelId.slice(2, 4), 16);
  const set0 = (flags & 0x80) !== 0;
  const set1 = (flags & 0x40) !== 0;
  if ((idc === 66 && set1) || (idc === 77 && set0) || (idc === 88 && set0 && set1)) return 'constrained-baseline';
  if (idc === 66) return 'baseline';
  if (idc === 77) return 'main';
  if (idc === 100) return (flags & 0x0c) === 0x0c ? 'constrained-high' : 'high';
  if (idc === 244) return 'predictive-high-444';
  return undefined;
}

/** The offer with these video payload types only (our choice of H.264 and its RTX), so the answer cannot pick another. */
export function offerWithOnlyPayloads(offerSdp: string, payloadTypes: readonly number[]): string {
  const eol = offerSdp.includes('\r\n') ? '\r\n' : '\n';
  const keep = new Set(payloadTypes.map(String));
  return offerSdp
    .split(/\r?\n(?=m=)/)
    .map((section) => {
      if (!section.startsWith('m=video')) return section;
      return section
        .split(/\r?\n/)
        .flatMap((line) => {
          if (line.startsWith('m=video ')) return [[...line.split(' ').slice(0, 3), ...keep].join(' ')];
          const pt = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+)[ ]/.exec(line)?.[1];
          return pt !== undefined && !keep.has(pt) ? [] : [line];
        })
        .join(eol);
    })
    .join(eol);
}

/** The offer's RTX payload type for `payloadType` (`a=fmtp:{rtx} apt={payloadType}`), if it has one. */
export function rtxPayloadFor(offerSdp: string, payloadType: number): number | undefined {
  const rtx = new RegExp(`^a=fmtp:(\\d+) apt=${payloadType}\\s*$`, 'm').exec(offerSdp)?.[1];
  return rtx === undefined ? undefined : Number(rtx);
}

/**
 * The payload type of the offer's H.264 that can take this camera's stream: packetization-mode 1 (FU-A,
 * which ffmpeg writes), the same profile (RFC 6184 §8.1: profile_idc and the constraint flags that narrow
 * it), and a level at least the camera's unless the offer allows level asymmetry. undefined: this browser
 * gets VP8 instead.
 */
export function h264PayloadFor(offerSdp: string, profile: H264Profile): number | undefined {
  const want = h264ProfileName(profile.profileLevelId);
  const level = parseInt(profile.profileLevelId.slice(4), 16);
  const video = offerSdp.split(/\r?\n(?=m=)/).find((section) => section.startsWith('m=video'));
  if (!want || !video) return undefined;
  for (const match of video.matchAll(/^a=rtpmap:(\d+) H264\/90000/gim)) {
    const pt = match[1]!;
    const fmtp = new RegExp(`^a=fmtp:${pt} (.*)$`, 'm').exec(video)?.[1]?.trim() ?? '';
    const params = new Map(fmtp.split(';').map((p) => p.trim().split('=') as [string, string]));
    if (params.get('packetization-mode') !== '1') continue;
    const offered = params.get('profile-level-id') ?? '42001f';
    if (h264ProfileName(offered) !== want) continue;
    if (parseInt(offered.slice(4), 16) < level && params.get('level-asymmetry-allowed') !== '1') continue;
    return Number(pt);
  }
  return undefined;
}
