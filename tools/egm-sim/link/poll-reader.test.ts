import { describe, expect, it } from 'vitest';
import { withCrc } from './crc.ts';
import { PollReader, type Poll } from './poll-reader.ts';
import type { SasCharacter } from './test-link.ts';

const characters = (bytes: number[]): SasCharacter[] => bytes.map((byte, i) => ({ wakeup: i === 0, byte }));

function read(reader: PollReader, bytes: number[], at = 0): Poll[] {
  return characters(bytes).flatMap((character) => reader.push(character, at) ?? []);
}

describe('cutting the character stream into polls', () => {
  it('reads a general poll to this machine and to others', () => {
    const reader = new PollReader(1);
    expect(read(reader, [0x81])).toEqual([{ kind: 'general', address: 1 }]);
    expect(read(reader, [0x80])).toEqual([{ kind: 'general', address: 0 }]);
  });

  it('ends a type R long poll after its command, with no CRC to check', () => {
    expect(read(new PollReader(1), [0x01, 0x1a])).toEqual([{ kind: 'long', address: 1, frame: Uint8Array.of(0x01, 0x1a), crcValid: null }]);
  });

  it('ends a type S long poll after its CRC, and checks it', () => {
    expect(read(new PollReader(1), [0x01, 0x01, 0x51, 0x08])).toEqual([
      { kind: 'long', address: 1, frame: Uint8Array.of(0x01, 0x01, 0x51, 0x08), crcValid: true },
    ]);
    expect(read(new PollReader(1), [0x01, 0x01, 0x51, 0x09])[0]).toMatchObject({ crcValid: false });
  });

  it('takes the length of a variable long poll from its length byte, and long poll 74 as fixed', () => {
    const interrogation = [...withCrc(Uint8Array.of(0x01, 0x72, 0x02, 0xff, 0x00))];
    expect(read(new PollReader(1), interrogation)).toEqual([
      { kind: 'long', address: 1, frame: Uint8Array.from(interrogation), crcValid: true },
    ]);
    const lock = [...withCrc(Uint8Array.of(0x01, 0x74, 0xff, 0x00, 0x00, 0x00))];
    expect(read(new PollReader(1), lock)).toHaveLength(1);
  });

  it('reports a long poll to another address once and skips its bytes', () => {
    const reader = new PollReader(1);
    expect(read(reader, [0x02, 0x1a])).toEqual([{ kind: 'foreign', address: 2 }]);
    expect(read(reader, [0x00, 0x80, 0x11, 0x22])).toEqual([{ kind: 'foreign', address: 0 }]);
  });

  it('reports a command it does not know, and skips what follows it', () => {
    const reader = new PollReader(1);
    expect(read(reader, [0x01, 0x4d, 0x00, 0x00])).toEqual([{ kind: 'unsupported', address: 1, command: 0x4d }]);
    expect(read(reader, [0x81])).toEqual([{ kind: 'general', address: 1 }]);
  });

  it('drops a poll cut short by the next wakeup character', () => {
    const reader = new PollReader(1);
    expect(read(reader, [0x01, 0x72, 0x02, 0xff])).toEqual([]);
    expect(read(reader, [0x81])).toEqual([{ kind: 'general', address: 1 }]);
    expect(reader.brokenFrames).toBe(1);
  });

  it('with an inter-character limit, drops a poll whose characters come too far apart', () => {
    const reader = new PollReader(1, 5);
    const frame = [...withCrc(Uint8Array.of(0x01, 0x01))];
    expect(reader.push({ wakeup: true, byte: frame[0]! }, 100)).toBeNull();
    expect(reader.push({ wakeup: false, byte: frame[1]! }, 104)).toBeNull();
    expect(reader.push({ wakeup: false, byte: frame[2]! }, 110)).toBeNull();
    expect(reader.push({ wakeup: false, byte: frame[3]! }, 111)).toBeNull();
    expect(reader.brokenFrames).toBe(1);
    const unlimited = new PollReader(1);
    expect(frame.map((byte, i) => unlimited.push({ wakeup: i === 0, byte }, i * 1000)).at(-1)).toMatchObject({ kind: 'long' });
  });
});
