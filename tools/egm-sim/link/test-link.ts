/**
 * The test link of docs/sas-test-link.md §2: a pseudo-terminal carries no parity, so each 9-bit SAS character
 * crosses as two bytes, the wakeup flag (0x01 or 0x00) and then the data byte.
 */
export interface SasCharacter {
  wakeup: boolean;
  byte: number;
}

export function encodeCharacters(bytes: Uint8Array, wakeupOnFirst = false): Buffer {
  const out = Buffer.alloc(bytes.length * 2);
  bytes.forEach((byte, i) => {
    out[2 * i] = wakeupOnFirst && i === 0 ? 0x01 : 0x00;
    out[2 * i + 1] = byte;
  });
  return out;
}

/** Turns the byte stream back into characters; a first byte that is neither 0x00 nor 0x01 is a line error, dropped. */
export class TestLinkDecoder {
  private flag: number | null = null;
  lineErrors = 0;

  push(chunk: Uint8Array): SasCharacter[] {
    const characters: SasCharacter[] = [];
    for (const byte of chunk) {
      if (this.flag === null) {
        if (byte === 0x00 || byte === 0x01) this.flag = byte;
        else this.lineErrors++;
        continue;
      }
      characters.push({ wakeup: this.flag === 0x01, byte });
      this.flag = null;
    }
    return characters;
  }

  reset(): void {
    this.flag = null;
  }
}
