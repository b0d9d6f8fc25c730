import { describe, expect, it } from 'vitest';
import { assertLooksLikeOffer, preferVp8WithLimits, SdpError } from './sdp.ts';

const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98 99 45',
  'c=IN IP4 0.0.0.0',
  'a=mid:0',
  'a=recvonly',
  'a=rtpmap:96 VP8/90000',
  'a=rtcp-fb:96 nack',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:98 VP9/90000',
  'a=fmtp:98 profile-id=0',
  'a=rtpmap:99 rtx/90000',
  'a=fmtp:99 apt=98',
  'a=rtpmap:45 AV1/90000',
  '',
].join('\r\n');

describe('preferVp8WithLimits', () => {
  it('keeps VP8 and its RTX only and writes the bitrate limits', () => {
    const sdp = preferVp8WithLimits(offer, { maxBitrate: 2_500_000, startBitrate: 1_500_000, minBitrate: 500_000 });
    expect(sdp).toContain('m=video 9 UDP/TLS/RTP/SAVPF 96 97\r\n');
    expect(sdp).toContain('c=IN IP4 0.0.0.0\r\nb=AS:2500\r\n');
    expect(sdp).toContain('a=fmtp:96 x-google-start-bitrate=1500;x-google-max-bitrate=2500;x-google-min-bitrate=500\r\n');
    expect(sdp).toContain('a=rtcp-fb:96 nack');
    expect(sdp).toContain('a=fmtp:97 apt=96');
    expect(sdp).not.toMatch(/VP9|AV1|apt=98/);
    expect(sdp.endsWith('\r\n')).toBe(true);
  });

  it('refuses an offer without VP8, and text that is not an offer', () => {
    expect(() => preferVp8WithLimits(offer.replace('VP8', 'H264'), { maxBitrate: 1e6, startBitrate: 5e5 })).toThrow(SdpError);
    expect(() => assertLooksLikeOffer('hello')).toThrow(SdpError);
    expect(() => assertLooksLikeOffer('v=0\r\ns=-\r\nm=audio 9 RTP/AVP 0\r\n')).toThrow(/no video/);
  });
});
