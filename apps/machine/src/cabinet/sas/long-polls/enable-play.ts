import { typeS, type LongPoll } from './long-poll.ts';

/** Long poll 01 "shutdown": no play until 02 (§7.4.1); the machine finishes a game in progress first. */
export const disablePlay: LongPoll<true> = {
  name: '01 disable play',
  command: 0x01,
  answer: { kind: 'ack' },
  frame: (address) => typeS(address, 0x01, [], false),
  parse: () => true,
};

/** Long poll 02 "startup": play allowed again. */
export const enablePlay: LongPoll<true> = {
  name: '02 enable play',
  command: 0x02,
  answer: { kind: 'ack' },
  frame: (address) => typeS(address, 0x02, [], false),
  parse: () => true,
};
