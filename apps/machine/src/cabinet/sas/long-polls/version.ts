import { typeR, variableData, type LongPoll } from './long-poll.ts';

export interface MachineVersion {
  /** e.g. "602" for SAS 6.02. */
  sasVersion: string;
  serialNumber: string;
}

/** Long poll 54 (§7.15): SAS version (3 ASCII) and the serial number (0 to 40 ASCII). */
export const version: LongPoll<MachineVersion> = {
  name: '54 SAS version and serial number',
  command: 0x54,
  answer: { kind: 'variable' },
  frame: (address) => typeR(address, 0x54),
  parse(answer) {
    const data = variableData(answer);
    return { sasVersion: data.ascii(3), serialNumber: data.ascii(data.remaining) };
  },
};
