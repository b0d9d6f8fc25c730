import { answerLength, type Expected } from './answer-reader.ts';
import type { Scheduler } from './scheduler.ts';
import type { SasTiming } from './timing.ts';

export type RawAnswer = { kind: 'answer'; bytes: Uint8Array } | { kind: 'silent' } | { kind: 'garbled'; why: string };

/**
 * The host listening for one answer (SAS 6.02 §2.3): silent if nothing starts within the response
 * time after the poll; garbled if a gap longer than the inter-byte time cuts it short, if a line error
 * hits it, or if more bytes follow it within the inter-byte time (a late answer to an earlier poll
 * running into this one). An answer counts only once the line has stayed quiet after it.
 */
export class AnswerWindow {
  readonly result: Promise<RawAnswer>;
  #resolve!: (answer: RawAnswer) => void;
  #bytes: number[] = [];
  #damaged = false;
  #done = false;
  #cancelTimer: (() => void) | undefined;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly timing: SasTiming,
    private readonly expected: Expected,
    private readonly address: number,
  ) {
    this.result = new Promise((resolve) => (this.#resolve = resolve));
  }

  /** The poll has left the host: the response time runs from now. */
  start(): void {
    if (!this.#done && this.#bytes.length === 0 && !this.#damaged) {
      this.#wait(this.timing.responseTimeoutMs, { kind: 'silent' });
    }
  }

  bytes(chunk: Uint8Array): void {
    if (this.#done) return;
    this.#bytes.push(...chunk);
    this.#settle();
  }

  lineError(): void {
    if (this.#done) return;
    this.#damaged = true;
    this.#settle();
  }

  cancel(): void {
    this.#finish({ kind: 'garbled', why: 'cancelled' });
  }

  #settle(): void {
    const bytes = Uint8Array.from(this.#bytes);
    const length = answerLength(this.expected, this.address, bytes);
    const quiet = this.timing.interByteTimeoutMs;
    if (this.#damaged) this.#wait(quiet, { kind: 'garbled', why: 'line error' });
    else if (length === null) this.#wait(quiet, { kind: 'garbled', why: `unexpected first byte ${bytes[0]}` });
    else if (length === undefined || bytes.length < length) this.#wait(quiet, { kind: 'garbled', why: 'answer cut short' });
    else if (bytes.length > length) this.#wait(quiet, { kind: 'garbled', why: 'bytes after the answer' });
    else this.#wait(quiet, { kind: 'answer', bytes });
  }

  #wait(ms: number, outcome: RawAnswer): void {
    this.#cancelTimer?.();
    this.#cancelTimer = this.scheduler.after(ms, () => this.#finish(outcome));
  }

  #finish(outcome: RawAnswer): void {
    if (this.#done) return;
    this.#done = true;
    this.#cancelTimer?.();
    this.#resolve(outcome);
  }
}
