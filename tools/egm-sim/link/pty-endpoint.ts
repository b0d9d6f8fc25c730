import fs from 'node:fs';
import tty from 'node:tty';

/**
 * One end of a pseudo-terminal pair, opened raw: reads arrive through a TTY stream, writes go out in order
 * through a small queue (a pty with a slow reader may refuse a write for a moment: EAGAIN is retried).
 */
export class PtyEndpoint {
  private readonly fd: number;
  private readonly reader: tty.ReadStream;
  private queue: Buffer[] = [];
  private writing = false;
  private closed = false;

  constructor(path: string, onData: (chunk: Buffer) => void) {
    this.fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
    this.reader = new tty.ReadStream(this.fd);
    this.reader.setRawMode(true);
    this.reader.on('data', (chunk: Buffer) => onData(chunk));
    // The other end going away (socat stopped) reads as EIO: nothing more will come.
    this.reader.on('error', () => {});
  }

  write(bytes: Uint8Array): void {
    if (this.closed) return;
    this.queue.push(Buffer.from(bytes));
    this.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    this.reader.destroy();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    if (this.writing || this.closed) return;
    const next = this.queue[0];
    if (next === undefined) return;
    this.writing = true;
    fs.write(this.fd, next, (error, written) => {
      this.writing = false;
      if (this.closed) return;
      if (error && error.code !== 'EAGAIN') return;
      if (error) {
        setTimeout(() => this.flush(), 1);
        return;
      }
      if (written < next.length) this.queue[0] = next.subarray(written);
      else this.queue.shift();
      this.flush();
    });
  }
}
