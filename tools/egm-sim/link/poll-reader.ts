import type { SasCharacter } from './test-link.ts';
import { hasValidCrc } from './crc.ts';
import { longPollShape } from './long-poll-shapes.ts';

/** What the host sent, as this machine sees it. */
export type Poll =
  | { kind: 'general'; address: number }
  | { kind: 'long'; address: number; frame: Uint8Array; crcValid: boolean | null }
  | { kind: 'unsupported'; address: number; command: number }
  | { kind: 'foreign'; address: number };

type Partial = { frame: number[]; expected: number | null; lastAt: number } | 'drop' | null;

/**
 * Cuts the character stream into polls. A character with the wakeup bit starts a message: 0x80 | address is a
 * general poll; a bare address starts a long poll, whose length comes from its command. Long polls to other
 * addresses (and broadcasts to address 0) are reported once and their bytes skipped.
 */
export class PollReader {
  private partial: Partial = null;
  brokenFrames = 0;

  constructor(
    private readonly address: number,
    /** A gap longer than this between two characters of one poll discards it (SAS: 5 ms); null: no limit. */
    private readonly interByteGapMs: number | null = null,
  ) {}

  push(character: SasCharacter, at: number): Poll | null {
    if (character.wakeup) return this.start(character.byte, at);
    const partial = this.partial;
    if (partial === null || partial === 'drop') return null;
    if (this.interByteGapMs !== null && at - partial.lastAt > this.interByteGapMs) {
      this.brokenFrames++;
      this.partial = 'drop';
      return null;
    }
    partial.frame.push(character.byte);
    partial.lastAt = at;
    return this.advance(partial);
  }

  private start(byte: number, at: number): Poll | null {
    if (this.partial !== null && this.partial !== 'drop') this.brokenFrames++;
    this.partial = null;
    if (byte & 0x80) return { kind: 'general', address: byte & 0x7f };
    if (byte !== this.address) {
      this.partial = 'drop';
      return { kind: 'foreign', address: byte };
    }
    this.partial = { frame: [byte], expected: null, lastAt: at };
    return null;
  }

  private advance(partial: { frame: number[]; expected: number | null }): Poll | null {
    const { frame } = partial;
    if (frame.length === 2) {
      const command = frame[1]!;
      const shape = longPollShape(command);
      if (shape === undefined) {
        this.partial = 'drop';
        return { kind: 'unsupported', address: this.address, command };
      }
      if (shape.type === 'R') return this.complete(frame, null);
      if (shape.type === 'S') partial.expected = 4;
      if (shape.type === 'fixed') partial.expected = shape.length;
      return null;
    }
    if (partial.expected === null && frame.length === 3) partial.expected = 5 + frame[2]!;
    if (partial.expected !== null && frame.length === partial.expected) return this.complete(frame, true);
    return null;
  }

  private complete(bytes: number[], checked: true | null): Poll {
    this.partial = null;
    const frame = Uint8Array.from(bytes);
    return { kind: 'long', address: this.address, frame, crcValid: checked && hasValidCrc(frame) };
  }
}
