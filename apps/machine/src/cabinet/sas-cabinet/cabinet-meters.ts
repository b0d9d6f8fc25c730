import { meterCodes, selectedMeters, type LongPollQueue, type MeterName, type PollResult } from '../sas/index.ts';

/** The cabinet's meters: money in minor units (credits × denomination; AFT meters are cents already). */
export interface CabinetMeters {
  coinIn: number;
  coinOut: number;
  jackpot: number;
  handPaidCancelled: number;
  credit: number;
  aftIn: number;
  aftOut: number;
  gamesPlayed: number;
  aftInCount: number;
  aftOutCount: number;
}

/** Each cabinet meter: its SAS meter code, and whether it counts credits (× denomination). */
const sources: Record<keyof CabinetMeters, { name: MeterName; credits: boolean }> = {
  coinIn: { name: 'coinIn', credits: true },
  coinOut: { name: 'coinOut', credits: true },
  jackpot: { name: 'jackpot', credits: true },
  handPaidCancelled: { name: 'handPaidCancelledCredits', credits: true },
  credit: { name: 'currentCredits', credits: true },
  aftIn: { name: 'aftCashableToMachineCents', credits: false },
  aftOut: { name: 'aftCashableToHostCents', credits: false },
  gamesPlayed: { name: 'gamesPlayed', credits: false },
  aftInCount: { name: 'aftTransfersToMachine', credits: false },
  aftOutCount: { name: 'aftTransfersToHost', credits: false },
};
const fields = Object.keys(sources) as (keyof CabinetMeters)[];
const poll = selectedMeters(fields.map((field) => sources[field].name));

/** Reads the ten meters in one 2F; a meter the machine does not keep reads 0. */
export async function readMeters(queue: LongPollQueue, denomination: number): Promise<PollResult<CabinetMeters>> {
  const answer = await queue.request(poll);
  if (!answer.ok) return answer;
  const meters = {} as CabinetMeters;
  for (const field of fields) {
    const { name, credits } = sources[field];
    meters[field] = (answer.value[name] ?? 0) * (credits ? denomination : 1);
  }
  return { ok: true, value: meters };
}

/** How far a meter moved from `start` to `end`, across its roll-over (a BCD meter wraps at 10^digits). */
function moved(field: keyof CabinetMeters, start: CabinetMeters, end: CabinetMeters, denomination: number): number {
  const { name, credits } = sources[field];
  const wrap = 10 ** (2 * meterCodes[name].size) * (credits ? denomination : 1);
  return (((end[field] - start[field]) % wrap) + wrap) % wrap;
}

/** A game's (or several games') figures from the meters before and after: the machine's own numbers. */
export interface GameFigures {
  games: number;
  bet: number;
  win: number;
}

export function gameFigures(start: CabinetMeters, end: CabinetMeters, denomination: number): GameFigures {
  const delta = (field: keyof CabinetMeters) => moved(field, start, end, denomination);
  return { games: delta('gamesPlayed'), bet: delta('coinIn'), win: delta('coinOut') + delta('jackpot') };
}

/** A seat's figures from the meters read when it opened and when it closed (docs/cabinets.md). */
export interface SessionFigures {
  spins: number;
  totalBet: number;
  totalWon: number;
  cashIn: number;
  cashOut: number;
  /** Paid by an attendant: canceled credits and jackpots keyed off on the floor. */
  handPaid: number;
}

export function sessionFigures(start: CabinetMeters, end: CabinetMeters, denomination: number): SessionFigures {
  const delta = (field: keyof CabinetMeters) => moved(field, start, end, denomination);
  const game = gameFigures(start, end, denomination);
  return {
    spins: game.games,
    totalBet: game.bet,
    totalWon: game.win,
    cashIn: delta('aftIn'),
    cashOut: delta('aftOut'),
    handPaid: delta('handPaidCancelled') + delta('jackpot'),
  };
}
