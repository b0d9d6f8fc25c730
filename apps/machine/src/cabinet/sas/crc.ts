/**
 * SAS 6.02 §5: CRC-16 with the polynomial x^16 + x^12 + x^5 + 1, least significant bit first, seed 0
 * (the catalogue's CRC-16/KERMIT). It covers every byte of a long poll or an answer before the CRC, which
 * is sent least significant byte first.
 */
export function crc16(bytes: Uint8Array, seed = 0): number {
  let crc = seed;
  for (const byte of bytes) {
    let q = (crc ^ byte) & 0x0f;
    crc = (crc >> 4) ^ (q * 0x1081);
    q = (crc ^ (byte >> 4)) & 0x0f;
    crc = (crc >> 4) ^ (q * 0x1081);
  }
  return crc;
}

/** The frame with its CRC appended (low byte first). */
export function withCrc(bytes: Uint8Array | readonly number[]): Uint8Array {
  const frame = new Uint8Array(bytes.length + 2);
  frame.set(bytes);
  const crc = crc16(frame.subarray(0, bytes.length));
  frame[bytes.length] = crc & 0xff;
  frame[bytes.length + 1] = crc >> 8;
  return frame;
}

/** Whether the last two bytes are the CRC of the bytes before them. */
export function hasValidCrc(frame: Uint8Array): boolean {
  if (frame.length < 3) return false;
  const crc = crc16(frame.subarray(0, frame.length - 2));
  return frame[frame.length - 2] === (crc & 0xff) && frame[frame.length - 1] === crc >> 8;
}
