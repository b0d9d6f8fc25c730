import { describe, expect, it } from 'vitest';
import { crc16, hasValidCrc, withCrc } from './crc.ts';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((byte) => parseInt(byte, 16)));

describe('SAS CRC (SAS 6.02 §5, CRC-16/KERMIT)', () => {
  it('gives the catalogue check value for "123456789"', () => {
    // The CRC catalogue (CRC RevEng) lists CRC-16/KERMIT with check=0x2189.
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x2189);
  });

  // Frames with their CRCs as captured on real machines in soicasino/spark-sas2,
  // docs/raspberryPython3.py.ref (lines 2-3, 29, 346, 366, 12434, 12530, 12561) and docs/para_commands.py.ref.
  it.each([
    ['01 01 51 08', 'long poll 01, disable play'],
    ['01 02 CA 3A', 'long poll 02, enable play'],
    ['01 72 02 FF 00 0F 22', 'long poll 72, interrogate the current transfer'],
    ['01 72 01 80 0B B4', 'long poll 72, cancel the transfer request'],
    ['01 73 01 FF A7 65', 'long poll 73, read the registration'],
    ['01 1A 00 00 00 00 C3 FC', 'answer to 1A: no credits'],
    ['01 1A 00 00 14 51 3E 4D', 'answer to 1A: 1451 credits'],
    ['01 72 02 00 C0 C3 1B', 'answer to 72: not compatible with the transfer in progress'],
    [
      '01 74 23 01 00 00 00 FF 03 01 9E 46 00 00 01 02 00 00 00 00 00 00 00 00 00 00 00 00 02 98 98 00 00 00 00 00 00 00 AB CF',
      'answer to 74',
    ],
  ])('%s (%s) carries its CRC low byte first', (frame) => {
    const bytes = hex(frame);
    expect(hasValidCrc(bytes)).toBe(true);
    expect([...withCrc(bytes.subarray(0, bytes.length - 2))]).toEqual([...bytes]);
  });

  it('rejects a frame with one bit changed, and one too short to hold a CRC', () => {
    expect(hasValidCrc(hex('01 02 CA 3B'))).toBe(false);
    expect(hasValidCrc(hex('01 02 CB 3A'))).toBe(false);
    expect(hasValidCrc(hex('CA 3A'))).toBe(false);
  });
});
