/** The SAS timing the host keeps (docs/sas.md "Timing and retries"). */
export interface SasTiming {
  /** §2.3.1: the machine starts its answer within 20 ms of the end of the poll. */
  responseTimeoutMs: number;
  /** §2.3.2: no more than 5 ms between two bytes of one message. */
  interByteTimeoutMs: number;
  /** §2.3.3: polls to one machine at least 200 ms apart (and at most 5 s). */
  pollIntervalMs: number;
  /** §3.2: a poll goes out at most three times: once, then twice more as implied NACKs. */
  attempts: number;
  /** The link is down after this many polls in a row without a valid answer (25 × 200 ms: §4.3's five seconds). */
  linkDownAfterPolls: number;
}

export const sasTiming: SasTiming = {
  responseTimeoutMs: 20,
  interByteTimeoutMs: 5,
  pollIntervalMs: 200,
  attempts: 3,
  linkDownAfterPolls: 25,
};
