/** The offer cannot be answered: bad SDP, no video, or no codec we send. Maps to 400. */
export class SdpError extends Error {
  override readonly name = 'SdpError';
}

export interface SendLimits {
  /** bits per second */
  readonly maxBitrate: number;
  readonly startBitrate: number;
  /** Floor of the bandwidth estimate the encoder targets, bits per second. */
  readonly minBitrate?: number;
}

/** Cheap sanity check before handing text to libwebrtc. */
export function assertLooksLikeOffer(sdp: string): void {
  if (!/^v=0\r?\n/.test(sdp)) throw new SdpError('The body is not an SDP offer (it must start with v=0).');
  if (!/^m=video /m.test(sdp)) throw new SdpError('The offer has no video section.');
}

/**
 * Rewrites a viewer's offer before we answer it: the video sections keep only VP8 (and its RTX),
 * so libwebrtc has to send VP8, and carry our bitrate ceiling and start bitrate
 * (`b=AS`, `x-google-*-bitrate`), which libwebrtc applies to what it sends. We answer the
 * offer, so limits written into the remote description are how the sender gets them:
 * RTCRtpSender.setParameters does not work in @roamhq/wrtc 0.10 (it always throws InvalidStateError).
 */
export function preferVp8WithLimits(offer: string, limits: SendLimits): string {
  const eol = offer.includes('\r\n') ? '\r\n' : '\n';
  const sections = offer.split(/\r?\n(?=m=)/);
  const out = sections.map((section) => (section.startsWith('m=video ') ? rewriteVideoSection(section, eol, limits) : section));
  let sdp = out.join(eol);
  if (!sdp.endsWith(eol)) sdp += eol;
  return sdp;
}

function rewriteVideoSection(section: string, eol: string, limits: SendLimits): string {
  const lines = section.split(/\r?\n/).filter((line) => line !== '');
  const vp8 = new Set<string>();
  for (const line of lines) {
    const m = /^a=rtpmap:(\d+) VP8\/90000/i.exec(line);
    if (m) vp8.add(m[1]!);
  }
  if (vp8.size === 0) {
    // A rejected section (port 0) may carry no codecs worth keeping; otherwise we cannot send.
    if (/^m=video 0 /.test(lines[0]!)) return section;
    throw new SdpError('The offer has no VP8 video codec (this sender offers VP8 only).');
  }
  const keep = new Set(vp8);
  for (const line of lines) {
    const m = /^a=fmtp:(\d+) apt=(\d+)/.exec(line);
    if (m && vp8.has(m[2]!)) keep.add(m[1]!);
  }
  const kbps = Math.round(limits.maxBitrate / 1000);
  const googleParams = `x-google-start-bitrate=${Math.round(limits.startBitrate / 1000)};x-google-max-bitrate=${kbps};x-google-min-bitrate=${Math.min(Math.round((limits.minBitrate ?? 300_000) / 1000), kbps)}`;
  const result: string[] = [];
  const vp8WithFmtp = new Set<string>();
  for (const line of lines) {
    if (line.startsWith('m=video ')) {
      const parts = line.split(' ');
      const payloads = parts.slice(3).filter((pt) => keep.has(pt));
      result.push([...parts.slice(0, 3), ...payloads].join(' '));
      continue;
    }
    const pt = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+)[ ]/.exec(line)?.[1];
    if (pt !== undefined && !keep.has(pt)) continue;
    if (line.startsWith('b=AS:') || line.startsWith('b=TIAS:')) continue;
    if (pt !== undefined && vp8.has(pt) && line.startsWith('a=fmtp:')) {
      vp8WithFmtp.add(pt);
      result.push(`${line};${googleParams}`);
      continue;
    }
    result.push(line);
    if (line.startsWith('c=')) result.push(`b=AS:${kbps}`);
    if (pt !== undefined && vp8.has(pt) && line.startsWith('a=rtpmap:') && !lines.some((l) => l.startsWith(`a=fmtp:${pt} `))) {
      vp8WithFmtp.add(pt);
      result.push(`a=fmtp:${pt} ${googleParams}`);
    }
  }
  if (!result.some((line) => line.startsWith('b=AS:'))) result.splice(1, 0, `b=AS:${kbps}`);
  return result.join(eol);
}
