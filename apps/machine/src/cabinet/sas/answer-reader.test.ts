import { describe, expect, it } from 'vitest';
import { answerLength, type Expected } from './answer-reader.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const exception: Expected = { kind: 'exception' };
const ack: Expected = { kind: 'long-poll', shape: { kind: 'ack' } };
const fixed8: Expected = { kind: 'long-poll', shape: { kind: 'fixed', length: 8 } };
const variable: Expected = { kind: 'long-poll', shape: { kind: 'variable' } };

describe('answer lengths (SAS 6.02 §2.2.2, §4.1)', () => {
  it('a general poll’s answer is one byte', () => {
    expect(answerLength(exception, 1, bytes(0x7e))).toBe(1);
  });

  it('an ACK is the address, a NACK the address with bit 7', () => {
    expect(answerLength(ack, 1, bytes(0x01))).toBe(1);
    expect(answerLength(ack, 1, bytes(0x81))).toBe(1);
  });

  it('a fixed answer waits for its length; "busy" is the address and 00', () => {
    expect(answerLength(fixed8, 1, bytes())).toBeUndefined();
    expect(answerLength(fixed8, 1, bytes(0x01))).toBeUndefined();
    expect(answerLength(fixed8, 1, bytes(0x01, 0x1a))).toBe(8);
    expect(answerLength(fixed8, 1, bytes(0x01, 0x00))).toBe(2);
  });

  it('a variable answer’s length is its third byte plus address, command, length and CRC', () => {
    expect(answerLength(variable, 1, bytes(0x01, 0x72))).toBeUndefined();
    expect(answerLength(variable, 1, bytes(0x01, 0x72, 0x02))).toBe(7);
    expect(answerLength(variable, 1, bytes(0x81))).toBe(1);
  });

  it('bytes that start with another address cannot be the answer', () => {
    expect(answerLength(fixed8, 1, bytes(0x02, 0x1a))).toBeNull();
    expect(answerLength(variable, 1, bytes(0x7e))).toBeNull();
  });
});
