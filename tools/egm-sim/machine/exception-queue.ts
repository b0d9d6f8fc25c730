import { Exception, PRIORITY_ORDER } from './exception-codes.ts';
import type { NvramState } from './state.ts';

export type OverflowPolicy = 'discard-oldest' | 'discard-newest';

/** What a general poll reports, and how to remove it once the host has acknowledged it. */
export interface Reported {
  code: number;
  acknowledge(): void;
}

/**
 * The general poll's exception queue, kept in NVRAM: priority exceptions as flags in their fixed order, the rest
 * first in, first out, up to `capacity` entries (SAS asks for at least 20). When it is full, one event is dropped
 * (the oldest by default, or the new one) and exception 70 (buffer overflow) is raised.
 */
export class ExceptionQueue {
  constructor(
    private readonly state: NvramState['exceptions'],
    private readonly capacity: number,
    private readonly overflow: OverflowPolicy,
  ) {}

  add(code: number): void {
    if (PRIORITY_ORDER.includes(code)) {
      if (!this.state.priority.includes(code)) this.state.priority.push(code);
      return;
    }
    if (this.state.fifo.length >= this.capacity) {
      this.add(Exception.ExceptionBufferOverflow);
      if (this.overflow === 'discard-newest') return;
      this.state.fifo.shift();
    }
    this.state.fifo.push({ seq: this.state.nextSeq++, code });
  }

  /** The next exception to report, without removing it: removal waits for the host's implied ACK. */
  next(): Reported {
    const priority = PRIORITY_ORDER.find((code) => this.state.priority.includes(code));
    if (priority !== undefined) {
      return { code: priority, acknowledge: () => this.removePriority(priority) };
    }
    const head = this.state.fifo[0];
    if (head === undefined) return { code: Exception.None, acknowledge: () => {} };
    return {
      code: head.code,
      acknowledge: () => {
        this.state.fifo = this.state.fifo.filter((entry) => entry.seq !== head.seq);
      },
    };
  }

  has(code: number): boolean {
    return this.state.priority.includes(code) || this.state.fifo.some((entry) => entry.code === code);
  }

  removePriority(code: number): void {
    this.state.priority = this.state.priority.filter((pending) => pending !== code);
  }

  get size(): number {
    return this.state.priority.length + this.state.fifo.length;
  }
}
