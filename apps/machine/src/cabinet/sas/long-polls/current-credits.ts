import { FieldReader, typeR, type LongPoll } from './long-poll.ts';

/** Long poll 1A: the credit meter, in credits of the accounting denomination (4 BCD). */
export const currentCredits: LongPoll<number> = {
  name: '1A current credits',
  command: 0x1a,
  answer: { kind: 'fixed', length: 8 },
  frame: (address) => typeR(address, 0x1a),
  parse: (answer) => new FieldReader(answer, 2).bcd(4),
};
