import type { LongPoll } from '../long-polls/long-poll.ts';
import type { PollResult } from '../poller.ts';

/** What the AFT client needs of the poll loop (SasPoller has it). */
export interface LongPollQueue {
  request<T>(poll: LongPoll<T>): Promise<PollResult<T>>;
}
