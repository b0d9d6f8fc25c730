import fs from 'node:fs';
import tty from 'node:tty';
import { withCrc } from './link/crc.ts';

/**
 * The host's end of the SAS test link, by hand, for tests: frames go out with the wakeup flag on their first
 * character (docs/sas-test-link.md §2), answers come back as plain bytes. It knows nothing of SAS beyond that.
 */
export class HandHost {
  private readonly fd: number;
  private readonly stream: tty.ReadStream;
  private pending: number[] = [];
  private received: number[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(path: string) {
    this.fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
    this.stream = new tty.ReadStream(this.fd);
    this.stream.setRawMode(true);
    this.stream.on('data', (chunk: Buffer) => {
      this.pending.push(...chunk);
      while (this.pending.length >= 2) {
        const [flag, byte] = this.pending.splice(0, 2) as [number, number];
        if (flag !== 0x00) throw new Error(`the machine sent a character with flag ${flag}`);
        this.received.push(byte);
      }
      this.wake?.();
    });
  }

  /** Sends bytes as one poll: the first with the wakeup flag. */
  send(bytes: Iterable<number>): void {
    const out = [...bytes].flatMap((byte, i) => [i === 0 ? 0x01 : 0x00, byte]);
    fs.writeSync(this.fd, Uint8Array.from(out));
  }

  sendWithCrc(bytes: number[]): void {
    this.send(withCrc(Uint8Array.from(bytes)));
  }

  /** The next `count` bytes the machine sends; fails if they do not come within `withinMs`. */
  async read(count: number, withinMs = 5000): Promise<number[]> {
    const deadline = Date.now() + withinMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} bytes from the machine, got [${this.received.join(', ')}]`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.received.splice(0, count);
  }

  /** An answer with a length byte: address, command, length, that many bytes, CRC. */
  async readFrame(): Promise<number[]> {
    const head = await this.read(3);
    return [...head, ...(await this.read(head[2]! + 2))];
  }

  /** Sends a poll and reads an answer of a known length. */
  async ask(bytes: Iterable<number>, answerLength: number): Promise<number[]> {
    this.send(bytes);
    return this.read(answerLength);
  }

  /** Closes the host's end; again is a no-op (its number may belong to another file by then). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream.destroy();
    fs.closeSync(this.fd);
  }
}
