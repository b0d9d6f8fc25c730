import { RtpPacket, RtpHeader } from 'werift';
import { describe, expect, it } from 'vitest';
import { h264PayloadFor, h264ProfileName, offerWithOnlyPayloads, rtxPayloadFor, SharedH264Stream } from './shared-h264-stream.ts';

/** The H.264 part of Chromium 156's offer on this machine (RTCRtpReceiver.getCapabilities). */
const offer = [
  'v=0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 102 103 104 105 106 107',
  'a=rtpmap:96 VP8/90000',
  'a=rtpmap:102 H264/90000',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
  'a=rtpmap:103 H264/90000',
  'a=fmtp:103 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
  'a=rtpmap:104 H264/90000',
  'a=fmtp:104 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=rtpmap:105 H264/90000',
  'a=fmtp:105 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f',
  'a=rtpmap:106 H264/90000',
  'a=fmtp:106 packetization-mode=1;profile-level-id=f4001f',
  'a=rtpmap:107 rtx/90000',
  'a=fmtp:107 apt=104',
].join('\r\n');

describe("a camera's H.264 passed through", () => {
  it('names profiles as RFC 6184 does, constraint flags included', () => {
    expect(['42e01f', '42c01f', '42001f', '4d0028', '640028', '640c28', 'xx'].map(h264ProfileName)).toEqual([
      'constrained-baseline',
      'constrained-baseline',
      'baseline',
      'main',
      'high',
      'constrained-high',
      undefined,
    ]);
  });

  it("picks the offer's H.264 that takes the camera's profile with packetization mode 1, or none", () => {
    expect(h264PayloadFor(offer, { profileLevelId: '42c01f' })).toBe(104); // libx264's baseline: constrained
    expect(h264PayloadFor(offer, { profileLevelId: '4d0028' })).toBe(105); // level 4.0 > 3.1: asymmetry allowed
    expect(h264PayloadFor(offer, { profileLevelId: '640028' })).toBeUndefined(); // this Chromium offers no High
    expect(h264PayloadFor(offer, { profileLevelId: 'f40028' })).toBeUndefined(); // level 4.0 > 3.1, no asymmetry
    expect(h264PayloadFor(offer.replace(/a=rtpmap:\d+ H264.*\r\n/g, ''), { profileLevelId: '42e01f' })).toBeUndefined();
  });

  it('starts each viewer at a keyframe (the parameter sets before it) and forwards the packets unchanged', () => {
    const stream = new SharedH264Stream({ profileLevelId: '42c01f' });
    const rtp = (sequenceNumber: number, payload: number[]) =>
      new RtpPacket(new RtpHeader({ payloadType: 96, sequenceNumber, timestamp: 3000, ssrc: 1 }), Buffer.from(payload)).serialize();
    const sent: Buffer[] = [];
    stream.subscribe({ send: (p) => void sent.push(p) });
    stream.onPacket(rtp(1, [0x41, 0x9a, 0x00])); // a P slice: not a start
    stream.onPacket(rtp(2, [0x67, 0x42, 0xc0, 0x1f, 0x8c])); // SPS: constrained baseline 3.1
    stream.onPacket(rtp(3, [0x68, 0xce, 0x3c])); // PPS
    stream.onPacket(rtp(4, [0x7c, 0x85, 0x88])); // FU-A start of an IDR slice
    expect(sent.map((p) => RtpPacket.deSerialize(p).header.sequenceNumber)).toEqual([2, 3, 4]);
    // A viewer joining later starts at the next keyframe, here its parameter sets aggregated (STAP-A), as ffmpeg sends them.
    const later: Buffer[] = [];
    stream.subscribe({ send: (p) => void later.push(p) });
    stream.onPacket(rtp(5, [0x41, 0x9a, 0x01]));
    stream.onPacket(rtp(6, [0x78, 0x00, 0x05, 0x67, 0x4d, 0x00, 0x28, 0x8c, 0x00, 0x03, 0x68, 0xce, 0x3c]));
    expect(later.map((p) => RtpPacket.deSerialize(p).header.sequenceNumber)).toEqual([6]);
    stream.requestKeyframe();
    expect(stream.stats()).toMatchObject({
      viewers: 2,
      packetsIn: 6,
      packetsSent: 6,
      keyframes: 2,
      keyframeRequestsUnanswered: 1,
      packetsMissing: 0,
      seenProfileLevelId: '4d0028',
    });
  });

  it('counts the packets missing from the camera, across the sequence number wrap, and not a late one', () => {
    const stream = new SharedH264Stream({ profileLevelId: '42c01f' });
    const rtp = (sequenceNumber: number) =>
      new RtpPacket(new RtpHeader({ payloadType: 96, sequenceNumber, timestamp: 3000, ssrc: 1 }), Buffer.from([0x41, 0x9a])).serialize();
    for (const sequenceNumber of [65_533, 65_535, 2, 1, 3]) stream.onPacket(rtp(sequenceNumber));
    // 65 534 lost, then 0 and 1 before 2 (1 comes late, and is not counted again).
    expect(stream.stats().packetsMissing).toBe(3);
  });
});

describe('offerWithOnlyPayloads', () => {
  it("leaves the offer's video section the payload types asked, their lines and nothing of the others", () => {
    const only = offerWithOnlyPayloads(offer, [104]);
    expect(only).toContain('m=video 9 UDP/TLS/RTP/SAVPF 104\r\n');
    expect(only).toContain('a=fmtp:104 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f');
    expect(only).not.toMatch(/a=(rtpmap|fmtp):(96|102|103|105|106|107) /);
    const withRtx = offerWithOnlyPayloads(offer, [104, rtxPayloadFor(offer, 104)!]);
    expect(withRtx).toContain('m=video 9 UDP/TLS/RTP/SAVPF 104 107');
    expect(withRtx).toContain('a=fmtp:107 apt=104');
  });

  it("finds an H.264 payload type's RTX, and none for one without", () => {
    expect(rtxPayloadFor(offer, 104)).toBe(107);
    expect(rtxPayloadFor(offer, 102)).toBeUndefined();
  });
});
