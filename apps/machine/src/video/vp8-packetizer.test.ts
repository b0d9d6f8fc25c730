import { RtpPacket, Vp8RtpPayload } from 'werift';
import { describe, expect, it } from 'vitest';
import { Vp8Packetizer } from './vp8-packetizer.ts';

// werift's VP8 depacketizer reads what we write: the two are separate readings of RFC 7741.
describe('Vp8Packetizer', () => {
  it('cuts a frame into packets a VP8 depacketizer puts back together, the last one marked', () => {
    const packetizer = new Vp8Packetizer({ payloadType: 100, ssrc: 0x1234, maxPacketBytes: 100 });
    const frame = Buffer.from(Array.from({ length: 250 }, (_, i) => i & 0xff));
    const packets = packetizer.packetize(frame, 90_000).map((bytes) => RtpPacket.deSerialize(bytes));
    expect(packets).toHaveLength(3); // 84 payload bytes a packet
    const payloads = packets.map((p) => Vp8RtpPayload.deSerialize(p.payload));
    expect(payloads.map((p) => p.sBit)).toEqual([1, 0, 0]);
    expect(packets.map((p) => p.header.marker)).toEqual([false, false, true]);
    expect(new Set(payloads.map((p) => p.pictureId)).size).toBe(1);
    expect(Buffer.concat(payloads.map((p) => p.payload))).toEqual(frame);
    for (const p of packets) {
      expect(p.header.payloadType).toBe(100);
      expect(p.header.ssrc).toBe(0x1234);
      expect(p.header.timestamp).toBe(90_000);
      expect(p.serialize().length).toBeLessThanOrEqual(100);
    }
    const sequence = packets.map((p) => p.header.sequenceNumber);
    expect(sequence).toEqual([sequence[0], (sequence[0]! + 1) & 0xffff, (sequence[0]! + 2) & 0xffff]);
  });

  it('numbers frames one after another and packets without a gap across frames', () => {
    const packetizer = new Vp8Packetizer({ maxPacketBytes: 1200 });
    const first = packetizer.packetize(Buffer.alloc(10), 0).map((b) => RtpPacket.deSerialize(b));
    const second = packetizer.packetize(Buffer.alloc(10), 3000).map((b) => RtpPacket.deSerialize(b));
    const id = (p: RtpPacket) => Vp8RtpPayload.deSerialize(p.payload).pictureId!;
    expect((id(second[0]!) - id(first[0]!)) & 0x7fff).toBe(1);
    expect((second[0]!.header.sequenceNumber - first[0]!.header.sequenceNumber) & 0xffff).toBe(1);
    expect(first[0]!.header.marker && second[0]!.header.marker).toBe(true);
  });
});
