/** Packed BCD as SAS sends meters and amounts: two decimal digits a byte, most significant first. */
export function toBcd(value: number, bytes: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a BCD value: ${value}`);
  const digits = value.toString().padStart(bytes * 2, '0');
  if (digits.length > bytes * 2) throw new RangeError(`${value} does not fit ${bytes} BCD bytes`);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = (Number(digits[2 * i]) << 4) | Number(digits[2 * i + 1]);
  return out;
}

/** The number packed in BCD, or null when a nibble is not a decimal digit. */
export function fromBcd(bytes: Uint8Array): number | null {
  let value = 0;
  for (const byte of bytes) {
    const high = byte >>> 4;
    const low = byte & 0x0f;
    if (high > 9 || low > 9) return null;
    value = value * 100 + high * 10 + low;
  }
  return value;
}

/** Binary fields (asset number, pool ID, POS ID) go least significant byte first. */
export function toLittleEndian(value: number, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Math.floor(value / 2 ** (8 * i)) & 0xff;
  return out;
}

export function fromLittleEndian(bytes: Uint8Array): number {
  return bytes.reduceRight((value, byte) => value * 256 + byte, 0);
}
