import type { Poll } from './poll-reader.ts';

/** An answer and what to do once the host has (implicitly) acknowledged it. */
export interface Answer {
  bytes: Uint8Array;
  onAck?: () => void;
}

/** The gaming machine behind the link. */
export interface SasMachine {
  answerGeneralPoll(): Answer;
  /** null: the poll is ignored (no answer). */
  answerLongPoll(frame: Uint8Array): Answer | null;
  /** Every poll addressed to this machine, answered or not: the machine's sense of passing polls. */
  onPollAddressed(): void;
}

export interface SasSessionOptions {
  address: number;
  /** Answer nothing until a poll to another address has been seen, after start and after a silence. */
  requireSync: boolean;
  /** No poll for this long: the link is down (the machine needs to synchronise again). */
  linkDownMs: number;
}

/** The host sends a poll at most three times: the third send is its final NACK, and whatever answers it is ignored. */
const FINAL_NACK = 2;
const NO_ACTIVITY = 0x00;

/**
 * The gaming machine's side of SAS's acknowledgement rules. An answer is held until the host's next poll says what
 * became of it: the same poll again (the same general poll, or a long poll with the same command) is an implied
 * NACK and gets the same bytes again, not acted on twice; the second repeat is the final NACK, which gets no
 * answer and drops the held one (an exception stays queued); any other poll, to this machine or another, is an
 * implied ACK. A general poll answered "no activity" (00) holds nothing: a host polling an idle machine sends
 * the same general poll over and over, and each is a new poll.
 */
export class SasSession {
  private synced: boolean;
  private lastPollAt: number | null = null;
  private pending: { key: string; answer: Answer; nacks: number } | null = null;

  constructor(
    private readonly machine: SasMachine,
    private readonly options: SasSessionOptions,
  ) {
    this.synced = !options.requireSync;
  }

  get isSynced(): boolean {
    return this.synced;
  }

  receive(poll: Poll, now: number): Uint8Array | null {
    this.noticeSilence(now);
    if (poll.kind === 'foreign' || (poll.kind === 'general' && poll.address !== this.options.address)) {
      this.acknowledgePending();
      this.synced = true;
      return null;
    }
    if (!this.synced) return null;
    this.machine.onPollAddressed();
    if (poll.kind === 'unsupported') {
      this.acknowledgePending();
      return null;
    }
    if (poll.kind === 'long' && poll.crcValid === false) return Uint8Array.of(this.options.address | 0x80);
    const key = poll.kind === 'general' ? 'general' : `long:${poll.frame[1]}`;
    if (this.pending?.key === key) {
      if (++this.pending.nacks < FINAL_NACK) return this.pending.answer.bytes;
      this.pending = null;
      return null;
    }
    this.acknowledgePending();
    const answer = poll.kind === 'general' ? this.machine.answerGeneralPoll() : this.machine.answerLongPoll(poll.frame);
    if (answer === null) return null;
    // "No activity" (00) waits for no acknowledgement: the next general poll is a new one, not a NACK.
    if (poll.kind === 'general' && answer.bytes[0] === NO_ACTIVITY) return answer.bytes;
    this.pending = { key, answer, nacks: 0 };
    return answer.bytes;
  }

  private noticeSilence(now: number): void {
    if (this.lastPollAt !== null && now - this.lastPollAt > this.options.linkDownMs) {
      // Link down: what was sent before is neither acknowledged nor sent again.
      this.pending = null;
      this.synced = !this.options.requireSync;
    }
    this.lastPollAt = now;
  }

  private acknowledgePending(): void {
    const pending = this.pending;
    this.pending = null;
    pending?.answer.onAck?.();
  }
}
