import { describe, expect, it } from 'vitest';
import { encodeCharacters, TestLinkDecoder } from './test-link.ts';

describe('the test link encoding (docs/sas-test-link.md §2)', () => {
  it('sends each character as a wakeup flag and a data byte, the flag set on the first only when asked', () => {
    expect([...encodeCharacters(Uint8Array.of(0x01, 0x1a), true)]).toEqual([0x01, 0x01, 0x00, 0x1a]);
    expect([...encodeCharacters(Uint8Array.of(0x81))]).toEqual([0x00, 0x81]);
  });

  it('reads characters back across chunk boundaries', () => {
    const decoder = new TestLinkDecoder();
    expect(decoder.push(Uint8Array.of(0x01))).toEqual([]);
    expect(decoder.push(Uint8Array.of(0x81, 0x00))).toEqual([{ wakeup: true, byte: 0x81 }]);
    expect(decoder.push(Uint8Array.of(0x1a))).toEqual([{ wakeup: false, byte: 0x1a }]);
  });

  it('drops a first byte other than 00 or 01 as a line error and takes the next byte as a new first byte', () => {
    const decoder = new TestLinkDecoder();
    expect(decoder.push(Uint8Array.of(0x7f, 0x01, 0x81, 0x02, 0x00, 0x12))).toEqual([
      { wakeup: true, byte: 0x81 },
      { wakeup: false, byte: 0x12 },
    ]);
    expect(decoder.lineErrors).toBe(2);
  });
});
