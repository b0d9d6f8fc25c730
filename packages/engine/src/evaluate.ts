import type { KindPays, Paytable, SymbolId } from './paytable.ts';

/** Visible symbols, window[reel][row], top row first. */
export type ReelWindow = SymbolId[][];

export interface LineWin {
  /** 1-based payline number, as printed on a cabinet's glass. */
  line: number;
  symbol: SymbolId;
  count: number;
  multiplier: number;
  amount: number;
}

export interface ScatterWin {
  symbol: SymbolId;
  count: number;
  multiplier: number;
  amount: number;
}

export interface SpinEvaluation {
  lineWins: LineWin[];
  scatterWin: ScatterWin | null;
  /** Sum of all wins in minor units. */
  total: number;
}

export function windowAt(paytable: Paytable, stops: readonly number[]): ReelWindow {
  if (stops.length !== paytable.reels.length) {
    throw new RangeError(`expected ${paytable.reels.length} stops, got ${stops.length}`);
  }
  return paytable.reels.map((strip, r) => {
    const stop = stops[r]!;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) {
      throw new RangeError(`stop ${stop} is outside reel ${r} (length ${strip.length})`);
    }
    return Array.from({ length: paytable.rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

export function kindPay(pays: KindPays | undefined, count: number): number {
  if (!pays || count < 3) return 0;
  return pays[Math.min(count, 5) as 3 | 4 | 5];
}

/**
 * Best pay of one line read left to right. A leading run of wilds can pay as wilds or as the
 * first other symbol it completes; the player gets the larger, as on real cabinets.
 */
export function evaluateLine(
  paytable: Paytable,
  line: readonly SymbolId[],
): { symbol: SymbolId; count: number; multiplier: number } | null {
  const { wild, scatter, linePays } = paytable;
  let wildRun = 0;
  while (wild !== null && wildRun < line.length && line[wildRun] === wild) wildRun++;

  let best: { symbol: SymbolId; count: number; multiplier: number } | null = null;
  if (wild !== null && wildRun > 0) {
    const multiplier = kindPay(linePays[wild], wildRun);
    if (multiplier > 0) best = { symbol: wild, count: wildRun, multiplier };
  }
  const base = line[wildRun];
  if (base !== undefined && base !== scatter) {
    let count = wildRun;
    while (count < line.length && (line[count] === base || line[count] === wild)) count++;
    const multiplier = kindPay(linePays[base], count);
    if (multiplier > (best?.multiplier ?? 0)) best = { symbol: base, count, multiplier };
  }
  return best;
}

export function evaluateWindow(paytable: Paytable, window: ReelWindow, betPerLine: number): SpinEvaluation {
  const lineWins: LineWin[] = [];
  for (const [i, rowsOfLine] of paytable.lines.entries()) {
    const line = rowsOfLine.map((row, reel) => window[reel]![row]!);
    const win = evaluateLine(paytable, line);
    if (win) lineWins.push({ line: i + 1, ...win, amount: win.multiplier * betPerLine });
  }

  let scatterWin: ScatterWin | null = null;
  if (paytable.scatter !== null) {
    const symbol = paytable.scatter;
    const count = window.reduce((n, column) => n + column.filter((s) => s === symbol).length, 0);
    const multiplier = paytable.scatterPays[count] ?? 0;
    if (multiplier > 0) {
      scatterWin = { symbol, count, multiplier, amount: multiplier * betPerLine * paytable.lines.length };
    }
  }

  const total = lineWins.reduce((sum, w) => sum + w.amount, 0) + (scatterWin?.amount ?? 0);
  return { lineWins, scatterWin, total };
}
