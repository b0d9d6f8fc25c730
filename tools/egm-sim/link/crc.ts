/**
 * CRC-16/KERMIT: polynomial x^16 + x^12 + x^5 + 1 taken bit-reversed (0x8408), initial value 0, no final XOR.
 * SAS 6.02 puts it on every long poll that carries data or asks for an action, and on every answer longer than
 * one byte, least significant byte first.
 */
export function crc16Kermit(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc;
}

/** The frame with its CRC appended, least significant byte first. */
export function withCrc(frame: Uint8Array): Uint8Array {
  const crc = crc16Kermit(frame);
  const out = new Uint8Array(frame.length + 2);
  out.set(frame);
  out[frame.length] = crc & 0xff;
  out[frame.length + 1] = crc >>> 8;
  return out;
}

/** Whether the last two bytes are the CRC of the ones before them. */
export function hasValidCrc(frame: Uint8Array): boolean {
  if (frame.length < 3) return false;
  const crc = crc16Kermit(frame.subarray(0, frame.length - 2));
  return frame[frame.length - 2] === (crc & 0xff) && frame[frame.length - 1] === crc >>> 8;
}
