import type { NvramState } from './state.ts';

interface MeterDefinition {
  /** Minimum size in bytes (SAS 6.02 Table C-7): 4 for credit and count meters, 5 for amounts in cents. */
  size: number;
  read(state: NvramState): number;
}

/** The meters this machine keeps, by SAS meter code (long polls 2F, 6F and AF). */
const METERS = new Map<number, MeterDefinition>([
  [0x00, { size: 4, read: (s) => s.meters.coinIn }],
  [0x01, { size: 4, read: (s) => s.meters.coinOut }],
  [0x02, { size: 4, read: (s) => s.meters.jackpot }],
  [0x03, { size: 4, read: (s) => s.meters.handPaidCancelledCredits }],
  [0x04, { size: 4, read: (s) => s.meters.cancelledCredits }],
  [0x05, { size: 4, read: (s) => s.meters.gamesPlayed }],
  [0x06, { size: 4, read: (s) => s.meters.gamesWon }],
  [0x07, { size: 4, read: (s) => s.meters.gamesLost }],
  [0x0c, { size: 4, read: (s) => s.credits }],
  [0x22, { size: 4, read: (s) => s.meters.coinOut + s.meters.jackpot }],
  [0x23, { size: 4, read: (s) => s.meters.handPaidCancelledCredits + s.meters.jackpot }],
  [0x24, { size: 4, read: (s) => s.meters.drop }],
  [0xa0, { size: 5, read: (s) => s.meters.aftInCents }],
  [0xa1, { size: 4, read: (s) => s.meters.aftInCount }],
  [0xa2, { size: 5, read: () => 0 }],
  [0xa3, { size: 4, read: () => 0 }],
  [0xa4, { size: 5, read: () => 0 }],
  [0xa5, { size: 4, read: () => 0 }],
  [0xb8, { size: 5, read: (s) => s.meters.aftOutCents }],
  [0xb9, { size: 4, read: (s) => s.meters.aftOutCount }],
  [0xba, { size: 5, read: () => 0 }],
  [0xbb, { size: 4, read: () => 0 }],
  [0xbc, { size: 5, read: () => 0 }],
  [0xbd, { size: 4, read: () => 0 }],
]);

export function readMeter(state: NvramState, code: number): { size: number; value: number } | null {
  const meter = METERS.get(code);
  return meter === undefined ? null : { size: meter.size, value: meter.read(state) };
}

/** The single-meter long polls 10 to 17, by command. */
export const SINGLE_METER_POLLS = new Map<number, (state: NvramState) => number>([
  [0x10, (s) => s.meters.cancelledCredits],
  [0x11, (s) => s.meters.coinIn],
  [0x12, (s) => s.meters.coinOut],
  [0x13, (s) => s.meters.drop],
  [0x14, (s) => s.meters.jackpot],
  [0x15, (s) => s.meters.gamesPlayed],
  [0x16, (s) => s.meters.gamesWon],
  [0x17, (s) => s.meters.gamesLost],
]);
