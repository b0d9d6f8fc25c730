import { describe, expect, it } from 'vitest';
import { fromBcd, fromLittleEndian, toBcd, toLittleEndian } from './bcd.ts';

describe('BCD fields', () => {
  it('packs two digits a byte, most significant first, padded with zeros', () => {
    expect(toBcd(1234, 4)).toEqual(Uint8Array.of(0x00, 0x00, 0x12, 0x34));
    expect(toBcd(9_999_999_999, 5)).toEqual(Uint8Array.of(0x99, 0x99, 0x99, 0x99, 0x99));
    expect(toBcd(0, 2)).toEqual(Uint8Array.of(0, 0));
  });

  it('reads them back, and refuses a nibble above 9', () => {
    expect(fromBcd(Uint8Array.of(0x00, 0x00, 0x51, 0x00))).toBe(5100);
    expect(fromBcd(Uint8Array.of(0x12, 0x3a))).toBeNull();
    expect(fromBcd(Uint8Array.of(0xa0))).toBeNull();
  });

  it('will not write a value that does not fit, or is not a whole number', () => {
    expect(() => toBcd(100, 1)).toThrow(RangeError);
    expect(() => toBcd(1.5, 2)).toThrow(RangeError);
    expect(() => toBcd(-1, 2)).toThrow(RangeError);
  });
});

describe('binary fields', () => {
  // Aristocrat's LP 74 parser test (github.com/tejvirc/Platform, Test/Aristocrat.SasClient.Tests/Parsers/
  // LP74AftGameLockAndStatusRequestParserTest.cs) writes asset number 0x12345678 as 78 56 34 12 and pool ID 0x0C00 as 00 0C.
  it('go least significant byte first', () => {
    expect(toLittleEndian(0x12345678, 4)).toEqual(Uint8Array.of(0x78, 0x56, 0x34, 0x12));
    expect(toLittleEndian(0x0c00, 2)).toEqual(Uint8Array.of(0x00, 0x0c));
    expect(fromLittleEndian(Uint8Array.of(0x78, 0x56, 0x34, 0x12))).toBe(0x12345678);
    expect(fromLittleEndian(Uint8Array.of(0xff, 0xff, 0xff, 0xff))).toBe(0xffffffff);
  });
});
