import type { ChunkDecoder, Received } from './port-link.ts';

/**
 * Reads input that the tty marks with PARMRK (termios(3)): a character with a parity or framing fault,
 * or a break, arrives as 0xFF 0x00 X and is a line error; a real 0xFF arrives doubled. With space
 * parity a character from the machine with the wakeup bit (a loop-break chirp, SAS 6.02 §4.2) is a
 * parity fault, so it too becomes a line error. Keeps a split marker across chunks.
 */
export class ParityMarkDecoder implements ChunkDecoder {
  #state: 'data' | 'escape' | 'marked' = 'data';

  push(chunk: Uint8Array): Received {
    const received: Received = { bytes: [], lineErrors: 0 };
    for (const byte of chunk) {
      if (this.#state === 'escape') {
        if (byte === 0xff) {
          received.bytes.push(0xff);
          this.#state = 'data';
        } else this.#state = 'marked';
      } else if (this.#state === 'marked') {
        received.lineErrors++;
        this.#state = 'data';
      } else if (byte === 0xff) this.#state = 'escape';
      else received.bytes.push(byte);
    }
    return received;
  }
}
