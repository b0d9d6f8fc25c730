import { describe, expect, it } from 'vitest';
import { CharacterDecoder, encodeCharacters } from './test-link-codec.ts';

describe('test link characters (docs/sas-test-link.md §2)', () => {
  it('sends the wakeup marker on the first character of a host frame only', () => {
    // The AFT interrogation 01 72 02 FF 00 0F 22 (see long-polls.test.ts for its source).
    const frame = Uint8Array.from([0x01, 0x72, 0x02, 0xff, 0x00, 0x0f, 0x22]);
    expect([...encodeCharacters(frame)]).toEqual([1, 0x01, 0, 0x72, 0, 0x02, 0, 0xff, 0, 0x00, 0, 0x0f, 0, 0x22]);
  });

  it('reads the machine’s characters across chunk boundaries', () => {
    const decoder = new CharacterDecoder();
    expect(decoder.push(Uint8Array.from([0x00, 0x01, 0x00]))).toEqual({ bytes: [0x01], lineErrors: 0 });
    expect(decoder.push(Uint8Array.from([0x1a, 0x00, 0x00]))).toEqual({ bytes: [0x1a, 0x00], lineErrors: 0 });
  });

  it('drops a bad marker and resynchronises on the next byte', () => {
    const decoder = new CharacterDecoder();
    expect(decoder.push(Uint8Array.from([0x7e, 0x00, 0x51, 0x00, 0x52]))).toEqual({ bytes: [0x51, 0x52], lineErrors: 1 });
  });

  it('counts a character with the wakeup bit from the machine as a line error', () => {
    const decoder = new CharacterDecoder();
    expect(decoder.push(Uint8Array.from([0x01, 0x01, 0x00, 0x1f]))).toEqual({ bytes: [0x1f], lineErrors: 1 });
  });
});
