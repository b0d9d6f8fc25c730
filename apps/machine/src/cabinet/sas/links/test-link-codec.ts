import type { ChunkDecoder, Received } from './port-link.ts';

/**
 * docs/sas-test-link.md §2: on a pseudo-terminal each 9-bit SAS character crosses as two bytes, a
 * marker (0x01 wakeup set, 0x00 clear) and the 8 data bits.
 */
export function encodeCharacters(frame: Uint8Array, wakeupOnFirst = true): Uint8Array {
  const out = new Uint8Array(frame.length * 2);
  frame.forEach((byte, i) => {
    out[2 * i] = wakeupOnFirst && i === 0 ? 0x01 : 0x00;
    out[2 * i + 1] = byte;
  });
  return out;
}

/**
 * The host's side of the stream from the machine: a marker byte that is neither 0x00 nor 0x01 is
 * dropped and the next byte taken as a marker (the stream resynchronises); a character with the
 * wakeup bit is a line error, since the machine never sets it. Keeps a half character across chunks.
 */
export class CharacterDecoder implements ChunkDecoder {
  #marker: number | null = null;

  push(chunk: Uint8Array): Received {
    const decoded: Received = { bytes: [], lineErrors: 0 };
    for (const byte of chunk) {
      if (this.#marker === null) {
        if (byte === 0x00 || byte === 0x01) this.#marker = byte;
        else decoded.lineErrors++;
        continue;
      }
      if (this.#marker === 0x00) decoded.bytes.push(byte);
      else decoded.lineErrors++;
      this.#marker = null;
    }
    return decoded;
  }
}
