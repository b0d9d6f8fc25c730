import { aftLock, LockCode } from '../long-polls/aft-lock.ts';
import { aftInterrogate, transferStatusKind, type TransferRecord } from '../long-polls/aft-transfer.ts';
import type { Scheduler } from '../scheduler.ts';
import type { AftOutcome } from './aft-outcome.ts';
import type { LongPollQueue } from './long-poll-queue.ts';

const ID_NOT_UNIQUE = 0x81;

export interface ResolverTiming {
  /** Interrogations without an answer for this long mean the link is down (§4.3's five seconds). */
  linkWaitMs: number;
  /** A transfer still pending after this long is reported unknown (resolveInFlight asks again later). */
  pendingLimitMs: number;
}

/**
 * Settles a transfer from what the machine says when asked (long poll 72 interrogation, §8.3, §8.6):
 * the current transfer if it is this one, followed while pending; otherwise the history buffer,
 * newest first. No answer is guessed: without one the outcome is unknown.
 */
export class TransferResolver {
  constructor(
    private readonly queue: LongPollQueue,
    private readonly scheduler: Scheduler,
    private readonly timing: ResolverTiming,
  ) {}

  /** What the machine says of `transactionId` now, following it while it is pending. */
  async resolve(transactionId: string): Promise<AftOutcome> {
    const started = this.scheduler.now();
    for (;;) {
      const current = await this.#interrogate(0, transactionId);
      if ('outcome' in current) return current.outcome;
      const { record } = current;
      // 81 is the machine refusing this id again because a completed transfer has it: that one decides.
      if (record.details?.transactionId !== transactionId || record.status === ID_NOT_UNIQUE) {
        return this.#searchHistory(transactionId, record.bufferPosition);
      }
      const settled = this.settle(record, transactionId);
      if (settled) return settled;
      if (this.scheduler.now() - started >= this.timing.pendingLimitMs)
        return { status: 'unknown', transactionId, reason: 'still-pending' };
    }
  }

  /** The outcome a record of this transfer states, or null while it is pending. */
  settle(record: TransferRecord, transactionId: string): AftOutcome | null {
    switch (transferStatusKind(record.status)) {
      case 'completed':
        return { status: 'completed', transactionId, amount: record.details?.cashable ?? 0 };
      case 'pending':
        return null;
      default:
        return { status: 'refused', transactionId, stage: 'transfer', code: record.status };
    }
  }

  /** Interrogates until an answer comes or `linkWaitMs` passes without one. */
  async #interrogate(index: number, transactionId: string): Promise<{ record: TransferRecord } | { outcome: AftOutcome }> {
    const started = this.scheduler.now();
    for (;;) {
      const result = await this.queue.request(aftInterrogate(index));
      if (result.ok) return { record: result.value };
      if (result.reason === 'stopped' || this.scheduler.now() - started >= this.timing.linkWaitMs) {
        return { outcome: { status: 'unknown', transactionId, reason: 'link-down' } };
      }
    }
  }

  /** §8.6: completed transfers stay in a circular buffer of up to 127; searched from the newest back. */
  async #searchHistory(transactionId: string, newest: number): Promise<AftOutcome> {
    const status = await this.queue.request(aftLock(LockCode.interrogate));
    if (!status.ok) return { status: 'unknown', transactionId, reason: 'link-down' };
    const size = status.value.maxBufferIndex;
    for (let step = 0; step < size; step++) {
      const position = (((((newest || size) - 1 - step) % size) + size) % size) + 1;
      const entry = await this.#interrogate(position, transactionId);
      if ('outcome' in entry) return entry.outcome;
      if (transferStatusKind(entry.record.status) === 'no-information') break;
      if (entry.record.details?.transactionId === transactionId) {
        return this.settle(entry.record, transactionId) ?? { status: 'unknown', transactionId, reason: 'still-pending' };
      }
    }
    return { status: 'absent', transactionId };
  }
}
