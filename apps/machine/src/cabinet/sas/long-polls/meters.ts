import { encodeBcd, SasFormatError } from '../bcd.ts';
import { FieldReader, typeR, typeS, variableData, type LongPoll } from './long-poll.ts';

/** Long poll 0F's six meters (§7.2), in credits of the accounting denomination. */
export interface GameMeters {
  cancelledCredits: number;
  coinIn: number;
  coinOut: number;
  drop: number;
  jackpot: number;
  gamesPlayed: number;
}

/** Long poll 0F "send meters 10 through 15": six 4-byte BCD meters. */
export const gameMeters: LongPoll<GameMeters> = {
  name: '0F meters',
  command: 0x0f,
  answer: { kind: 'fixed', length: 28 },
  frame: (address) => typeR(address, 0x0f),
  parse(answer) {
    const data = new FieldReader(answer, 2);
    // Fields in the order they arrive (an object literal is evaluated in order).
    return {
      cancelledCredits: data.bcd(4),
      coinIn: data.bcd(4),
      coinOut: data.bcd(4),
      drop: data.bcd(4),
      jackpot: data.bcd(4),
      gamesPlayed: data.bcd(4),
    };
  },
};

/**
 * Meter codes of Table C-7 that the host reads with 2F, with their size in that answer: credit meters
 * and counts are 4 BCD bytes, AFT amounts in cents 5 (docs/sas.md "Long polls").
 */
export const meterCodes = {
  coinIn: { code: 0x00, size: 4 },
  coinOut: { code: 0x01, size: 4 },
  jackpot: { code: 0x02, size: 4 },
  handPaidCancelledCredits: { code: 0x03, size: 4 },
  cancelledCredits: { code: 0x04, size: 4 },
  gamesPlayed: { code: 0x05, size: 4 },
  gamesWon: { code: 0x06, size: 4 },
  currentCredits: { code: 0x0c, size: 4 },
  aftCashableToMachineCents: { code: 0xa0, size: 5 },
  aftTransfersToMachine: { code: 0xa1, size: 4 },
  aftCashableToHostCents: { code: 0xb8, size: 5 },
  aftTransfersToHost: { code: 0xb9, size: 4 },
} as const;

export type MeterName = keyof typeof meterCodes;

const nameOfCode = new Map<number, MeterName>(Object.entries(meterCodes).map(([name, { code }]) => [code, name as MeterName]));

/** Long poll 2F "send selected meters for game N" (§7.3): up to ten meters; game 0 is the whole machine. */
export function selectedMeters(names: readonly MeterName[], gameNumber = 0): LongPoll<Partial<Record<MeterName, number>>> {
  if (names.length < 1 || names.length > 10) throw new RangeError('2F reads one to ten meters');
  return {
    name: '2F selected meters',
    command: 0x2f,
    answer: { kind: 'variable' },
    frame: (address) => typeS(address, 0x2f, [...encodeBcd(gameNumber, 2), ...names.map((name) => meterCodes[name].code)], true),
    parse(answer) {
      const data = variableData(answer);
      if (data.bcd(2) !== gameNumber) throw new SasFormatError('2F answered for another game');
      const meters: Partial<Record<MeterName, number>> = {};
      while (data.remaining > 0) {
        const code = data.byte();
        const name = nameOfCode.get(code);
        if (!name || !names.includes(name)) throw new SasFormatError(`2F answered meter ${code.toString(16)}, which was not asked for`);
        meters[name] = data.bcd(meterCodes[name].size);
      }
      return meters;
    },
  };
}
