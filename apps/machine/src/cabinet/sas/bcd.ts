/** A field of an answer that does not hold what SAS says it holds: the answer is garbled. */
export class SasFormatError extends Error {
  override readonly name = 'SasFormatError';
}

/**
 * Packed BCD, most significant byte first (SAS 6.02 §2.2.3): 1234 in 3 bytes is 00 12 34. Amounts and
 * meters fit in a JavaScript number up to 7 bytes (14 digits).
 */
export function encodeBcd(value: number, length: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`BCD needs a whole number ≥ 0, not ${value}`);
  if (length > 7) throw new RangeError('BCD fields longer than 7 bytes do not fit a number');
  const digits = value.toString().padStart(length * 2, '0');
  if (digits.length > length * 2) throw new RangeError(`${value} does not fit ${length} BCD bytes`);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (Number(digits[2 * i]) << 4) | Number(digits[2 * i + 1]);
  return bytes;
}

/** The number a packed BCD field holds; a nibble above 9 is a format error. */
export function decodeBcd(bytes: Uint8Array): number {
  if (bytes.length > 7) throw new RangeError('BCD fields longer than 7 bytes do not fit a number');
  let value = 0;
  for (const byte of bytes) {
    const high = byte >> 4;
    const low = byte & 0x0f;
    if (high > 9 || low > 9) throw new SasFormatError(`not BCD: ${byte.toString(16).padStart(2, '0')}`);
    value = value * 100 + high * 10 + low;
  }
  return value;
}
