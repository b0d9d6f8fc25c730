import type { AnswerShape } from './long-polls/long-poll.ts';

/** What the host waits for after a poll: a general poll's one-byte exception, or a long poll's answer. */
export type Expected = { kind: 'exception' } | { kind: 'long-poll'; shape: AnswerShape };

/**
 * How many bytes make the whole answer, from what has arrived so far: a number once it is known,
 * `undefined` while more must come first, or `null` when the bytes cannot start a valid answer (the
 * host then reads until the line is quiet and counts the answer as garbled). Besides the answer it
 * asked for, a type S poll can be NACKed (address | 80) and a long poll answered "busy" (address, 00)
 * (SAS 6.02 §2.2.2.2, §4.1).
 */
export function answerLength(expected: Expected, address: number, bytes: Uint8Array): number | null | undefined {
  if (expected.kind === 'exception') return 1;
  if (bytes.length === 0) return undefined;
  if (bytes[0] === (address | 0x80)) return 1;
  if (bytes[0] !== address) return null;
  const { shape } = expected;
  if (shape.kind === 'ack') return 1;
  if (bytes.length < 2) return undefined;
  if (bytes[1] === 0x00) return 2;
  if (shape.kind === 'fixed') return shape.length;
  if (bytes.length < 3) return undefined;
  return 3 + bytes[2]! + 2;
}
