import { randomInt } from 'node:crypto';

/** RTP header (RFC 3550 §5.1) without CSRCs or extensions, and the VP8 payload descriptor we write. */
const RTP_HEADER_BYTES = 12;
const DESCRIPTOR_BYTES = 4;

export interface Vp8PacketizerOptions {
  readonly payloadType?: number;
  readonly ssrc?: number;
  /** Largest RTP packet written, header included (default 1200: below every path MTU, with SRTP's tag). */
  readonly maxPacketBytes?: number;
}

/**
 * Cuts VP8 frames into RTP packets as RFC 7741 §4 says. Every packet carries the 4-byte payload
 * descriptor: X=1, S=1 on a frame's first packet, partition index 0; I=1 with a 15-bit picture id
 * (M=1) that grows by one per frame, so a receiver can tell a lost frame from a late one. The marker
 * bit ends a frame. A forwarder rewrites SSRC and sequence numbers per viewer (werift's sender does).
 */
export class Vp8Packetizer {
  readonly payloadType: number;
  readonly ssrc: number;
  readonly #chunk: number;
  #sequence = randomInt(0x10000);
  #pictureId = randomInt(0x8000);

  constructor(options: Vp8PacketizerOptions = {}) {
    this.payloadType = options.payloadType ?? 96;
    this.ssrc = options.ssrc ?? randomInt(2 ** 32 - 1);
    this.#chunk = (options.maxPacketBytes ?? 1200) - RTP_HEADER_BYTES - DESCRIPTOR_BYTES;
  }

  /** The packets of one encoded frame; `timestamp` in 90 kHz units (RFC 7741 §4.1). */
  packetize(frame: Uint8Array, timestamp: number): Buffer[] {
    const packets: Buffer[] = [];
    for (let offset = 0; offset < frame.length; offset += this.#chunk) {
      const end = Math.min(frame.length, offset + this.#chunk);
      const packet = Buffer.allocUnsafe(RTP_HEADER_BYTES + DESCRIPTOR_BYTES + end - offset);
      packet[0] = 0x80; // version 2
      packet[1] = (end === frame.length ? 0x80 : 0) | this.payloadType;
      packet.writeUInt16BE(this.#sequence, 2);
      packet.writeUInt32BE(timestamp >>> 0, 4);
      packet.writeUInt32BE(this.ssrc, 8);
      packet[12] = 0x80 | (offset === 0 ? 0x10 : 0); // X, S
      packet[13] = 0x80; // I: picture id follows
      packet.writeUInt16BE(0x8000 | this.#pictureId, 14); // M: 15 bits
      packet.set(frame.subarray(offset, end), RTP_HEADER_BYTES + DESCRIPTOR_BYTES);
      packets.push(packet);
      this.#sequence = (this.#sequence + 1) & 0xffff;
    }
    this.#pictureId = (this.#pictureId + 1) & 0x7fff;
    return packets;
  }
}
