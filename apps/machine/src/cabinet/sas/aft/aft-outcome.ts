import type { PollFailure } from '../poller.ts';

/**
 * What the machine confirmed about a transfer, and nothing more (docs/sas.md "AFT"):
 * - completed: the machine moved `amount` cents (from its answer, not from the request);
 * - refused: it said no, with its own status code, at the lock (74) or the transfer (72);
 * - absent: asked afterwards, it has no such transfer, current or in its history: nothing moved;
 * - not-sent: the transfer poll never went out (the lock went unanswered), so nothing moved;
 * - unknown: no answer settles it (the link is down, or it stayed pending past the limit).
 */
export type AftOutcome =
  | { status: 'completed'; transactionId: string; amount: number }
  | { status: 'refused'; transactionId: string; stage: 'lock' | 'transfer'; code: number }
  | { status: 'absent'; transactionId: string }
  | { status: 'not-sent'; transactionId: string; reason: PollFailure }
  | { status: 'unknown'; transactionId: string; reason: 'link-down' | 'still-pending' };

export type RegistrationOutcome =
  { status: 'registered' } | { status: 'refused'; registrationStatus: number } | { status: 'unknown'; reason: PollFailure };
