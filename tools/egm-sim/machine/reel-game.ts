import { nextDraw } from './rng.ts';

export type GameSymbol = 'SEVEN' | 'BAR' | 'BELL' | 'CHERRY' | 'LEMON' | 'BLANK';

/** Three identical reels of 16 stops; the centre line pays. */
export const REEL: readonly GameSymbol[] = [
  'SEVEN', 'BLANK', 'LEMON', 'CHERRY', 'BAR', 'BLANK', 'BELL', 'LEMON',
  'BAR', 'BLANK', 'CHERRY', 'LEMON', 'BELL', 'BLANK', 'LEMON', 'BAR',
]; // prettier-ignore

/** Credits paid per credit bet. */
export const PAYTABLE: readonly { name: string; pays: number; matches(line: GameSymbol[]): boolean }[] = [
  { name: 'three sevens', pays: 500, matches: (line) => line.every((symbol) => symbol === 'SEVEN') },
  { name: 'three bars', pays: 60, matches: (line) => line.every((symbol) => symbol === 'BAR') },
  { name: 'three bells', pays: 40, matches: (line) => line.every((symbol) => symbol === 'BELL') },
  { name: 'three cherries', pays: 20, matches: (line) => line.every((symbol) => symbol === 'CHERRY') },
  { name: 'three lemons', pays: 10, matches: (line) => line.every((symbol) => symbol === 'LEMON') },
  { name: 'two cherries', pays: 4, matches: (line) => line.filter((symbol) => symbol === 'CHERRY').length === 2 },
  { name: 'one cherry', pays: 1, matches: (line) => line.filter((symbol) => symbol === 'CHERRY').length === 1 },
];

export function lineOf(stops: readonly number[]): GameSymbol[] {
  return stops.map((stop) => REEL[stop % REEL.length]!);
}

export function winFor(stops: readonly number[], bet: number): number {
  const line = lineOf(stops);
  return (PAYTABLE.find((row) => row.matches(line))?.pays ?? 0) * bet;
}

/** The outcome of one game: three reel stops drawn from the generator, and the win they pay. */
export function playGame(rngState: number, bet: number): { rngState: number; stops: number[]; win: number } {
  const stops: number[] = [];
  let state = rngState;
  for (let reel = 0; reel < 3; reel++) {
    const draw = nextDraw(state);
    state = draw.state;
    stops.push(Math.floor(draw.value * REEL.length));
  }
  return { rngState: state, stops, win: winFor(stops, bet) };
}
