import { describe, expect, it } from 'vitest';
import { decodeBcd, encodeBcd, SasFormatError } from './bcd.ts';

describe('packed BCD (SAS 6.02 §2.2.3, most significant byte first)', () => {
  it('encodes and decodes amounts and meters', () => {
    expect([...encodeBcd(12345, 5)]).toEqual([0x00, 0x00, 0x01, 0x23, 0x45]);
    expect([...encodeBcd(1451, 4)]).toEqual([0x00, 0x00, 0x14, 0x51]);
    expect(decodeBcd(Uint8Array.from([0x00, 0x02, 0x98, 0x98, 0x00]))).toBe(29_898_00);
    expect(decodeBcd(Uint8Array.from([0x99, 0x99, 0x99, 0x99, 0x99]))).toBe(9_999_999_999);
    expect(decodeBcd(new Uint8Array(0))).toBe(0);
  });

  it('refuses what does not fit and what is not BCD', () => {
    expect(() => encodeBcd(100, 1)).toThrow(RangeError);
    expect(() => encodeBcd(-1, 4)).toThrow(RangeError);
    expect(() => encodeBcd(1.5, 4)).toThrow(RangeError);
    expect(() => decodeBcd(Uint8Array.from([0x0a]))).toThrow(SasFormatError);
    expect(() => decodeBcd(Uint8Array.from([0xa0]))).toThrow(SasFormatError);
  });
});
