/**
 * The game's mathematics as data: symbols, reel strips, paylines and pays. Everything the RTP
 * figure depends on lives here, so changing a strip or a pay is one edit followed by
 * `computeRtp` (rtp.ts) and an update of DOCUMENTED_RTP and docs/game-engine.md.
 */

export const symbols = ['CHERRY', 'LEMON', 'ORANGE', 'PLUM', 'BELL', 'BAR', 'SEVEN', 'WILD', 'SCATTER'] as const;
export type SymbolId = (typeof symbols)[number];

/** Multipliers for 3, 4 and 5 of a kind. */
export type KindPays = Readonly<{ 3: number; 4: number; 5: number }>;

export interface Paytable {
  readonly id: string;
  /** Visible rows per reel. */
  readonly rows: number;
  /** One strip per reel; a stop `s` shows strip[s], strip[s+1], … (wrapping) from the top row down. */
  readonly reels: readonly (readonly SymbolId[])[];
  /** Each payline is the row index shown on each reel, left to right. */
  readonly lines: readonly (readonly number[])[];
  /** Line pays, multipliers of the line bet, counted from the leftmost reel. */
  readonly linePays: Readonly<Partial<Record<SymbolId, KindPays>>>;
  /** Substitutes for every symbol except the scatter; a line of wilds alone pays linePays[wild]. */
  readonly wild: SymbolId | null;
  /** Pays anywhere in the window, as multipliers of the total bet. */
  readonly scatter: SymbolId | null;
  readonly scatterPays: Readonly<Record<number, number>>;
}

/**
 * Reelcast Classic: 5 reels × 3 rows, 10 lines. Theoretical RTP and hit frequency are pinned by
 * rtp.test.ts; the figures are explained in docs/game-engine.md.
 */
export const classicPaytable: Paytable = {
  id: 'reelcast-classic-10',
  rows: 3,
  reels: [
    [
      'CHERRY',
      'LEMON',
      'BAR',
      'ORANGE',
      'PLUM',
      'CHERRY',
      'SCATTER',
      'LEMON',
      'BELL',
      'ORANGE',
      'CHERRY',
      'PLUM',
      'SEVEN',
      'LEMON',
      'ORANGE',
      'CHERRY',
      'BELL',
      'PLUM',
      'WILD',
      'LEMON',
      'CHERRY',
      'ORANGE',
      'BAR',
      'PLUM',
      'LEMON',
    ],
    [
      'LEMON',
      'CHERRY',
      'ORANGE',
      'BELL',
      'PLUM',
      'LEMON',
      'SCATTER',
      'CHERRY',
      'BAR',
      'ORANGE',
      'LEMON',
      'PLUM',
      'WILD',
      'CHERRY',
      'ORANGE',
      'BELL',
      'LEMON',
      'PLUM',
      'SEVEN',
      'CHERRY',
      'ORANGE',
      'BAR',
      'LEMON',
      'PLUM',
      'CHERRY',
    ],
    [
      'ORANGE',
      'CHERRY',
      'LEMON',
      'PLUM',
      'BELL',
      'ORANGE',
      'SCATTER',
      'CHERRY',
      'LEMON',
      'BAR',
      'PLUM',
      'ORANGE',
      'WILD',
      'LEMON',
      'CHERRY',
      'BELL',
      'PLUM',
      'ORANGE',
      'SEVEN',
      'LEMON',
      'CHERRY',
      'BAR',
      'PLUM',
      'ORANGE',
      'LEMON',
    ],
    [
      'PLUM',
      'LEMON',
      'CHERRY',
      'ORANGE',
      'BAR',
      'PLUM',
      'SCATTER',
      'LEMON',
      'CHERRY',
      'BELL',
      'ORANGE',
      'PLUM',
      'WILD',
      'LEMON',
      'CHERRY',
      'ORANGE',
      'BELL',
      'PLUM',
      'SEVEN',
      'LEMON',
      'CHERRY',
      'ORANGE',
      'BAR',
      'PLUM',
      'LEMON',
    ],
    [
      'CHERRY',
      'PLUM',
      'ORANGE',
      'LEMON',
      'BELL',
      'CHERRY',
      'SCATTER',
      'PLUM',
      'ORANGE',
      'BAR',
      'LEMON',
      'CHERRY',
      'WILD',
      'PLUM',
      'ORANGE',
      'BELL',
      'LEMON',
      'CHERRY',
      'SEVEN',
      'PLUM',
      'ORANGE',
      'BAR',
      'LEMON',
      'CHERRY',
      'PLUM',
    ],
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [1, 0, 1, 2, 1],
  ],
  linePays: {
    CHERRY: { 3: 8, 4: 25, 5: 80 },
    LEMON: { 3: 8, 4: 25, 5: 80 },
    ORANGE: { 3: 10, 4: 30, 5: 120 },
    PLUM: { 3: 10, 4: 30, 5: 120 },
    BELL: { 3: 20, 4: 80, 5: 300 },
    BAR: { 3: 30, 4: 120, 5: 500 },
    SEVEN: { 3: 50, 4: 300, 5: 2000 },
    WILD: { 3: 100, 4: 500, 5: 5000 },
  },
  wild: 'WILD',
  scatter: 'SCATTER',
  scatterPays: { 3: 5, 4: 25, 5: 100 },
};

/** Theoretical return to player of classicPaytable: exactly 9,328,565 / 9,765,625 = 0.955245056. */
export const DOCUMENTED_RTP = 0.9552;
/** Share of classicPaytable spins that win anything (exhaustive count: 3,732,222 of 9,765,625). */
export const DOCUMENTED_HIT_FREQUENCY = 0.3822;
/** Standard deviation of one spin's return in units of the total bet (volatility). */
export const DOCUMENTED_STANDARD_DEVIATION = 2.751;

/** Throws on a paytable the evaluator cannot handle; agents call it on operator-supplied tables. */
export function validatePaytable(paytable: Paytable): void {
  const { rows, reels, lines } = paytable;
  if (!Number.isInteger(rows) || rows < 1) throw new Error('rows must be a positive integer');
  if (reels.length < 3) throw new Error('a paytable needs at least 3 reels');
  for (const [r, strip] of reels.entries()) {
    if (strip.length < rows) throw new Error(`reel ${r} is shorter than the window`);
    for (const s of strip) if (!symbols.includes(s)) throw new Error(`reel ${r} has unknown symbol ${s}`);
  }
  if (lines.length < 1) throw new Error('a paytable needs at least one line');
  for (const [i, line] of lines.entries()) {
    if (line.length !== reels.length || !line.every((row) => Number.isInteger(row) && row >= 0 && row < rows)) {
      throw new Error(`line ${i + 1} must give a row in [0, ${rows}) for each of the ${reels.length} reels`);
    }
  }
  const pays = [...Object.values(paytable.linePays), paytable.scatterPays].flatMap((p) => Object.values(p));
  if (!pays.every((m) => Number.isInteger(m) && m >= 0)) throw new Error('pays must be non-negative integers');
}
