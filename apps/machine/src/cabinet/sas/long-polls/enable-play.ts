import { typeS, type LongPoll } from './long-poll.ts';

const playSwitch = (command: number, name: string): LongPoll<true> => ({
  name,
  command,
  answer: { kind: 'ack' },
  frame: (address) => typeS(address, command, [], false),
  parse: () => true,
});

/** Long poll 01 "shutdown": no play until 02 (§7.4.1); the machine finishes a game in progress first. */
export const disablePlay = playSwitch(0x01, '01 disable play');

/** Long poll 02 "startup": play allowed again. */
export const enablePlay = playSwitch(0x02, '02 enable play');
