import { evaluateLine } from './evaluate.ts';
import { symbols, type Paytable, type SymbolId } from './paytable.ts';

/**
 * Exact theoretical return to player: expected win divided by the bet.
 *
 * Every stop is equally likely and the reels are independent, so the symbol a line shows on a reel
 * is distributed like the strip itself, whatever row the line crosses. Every line therefore has the
 * same expected pay, and the line part of the RTP is that expectation over symbol counts (9^5
 * tuples, not 25^5 stops). The scatter part convolves, reel by reel, how many scatters each stop
 * shows. analysePaytable's full enumeration checks this shortcut in rtp.test.ts.
 */
export function computeRtp(paytable: Paytable): number {
  const { lineNumerator, scatterNumerator, denominator } = rtpParts(paytable);
  return (lineNumerator + scatterNumerator) / denominator;
}

export function rtpParts(paytable: Paytable): { lineNumerator: number; scatterNumerator: number; denominator: number } {
  const counts = paytable.reels.map((strip) => {
    const c = new Map<SymbolId, number>();
    for (const s of strip) c.set(s, (c.get(s) ?? 0) + 1);
    return [...c.entries()];
  });
  const denominator = paytable.reels.reduce((p, strip) => p * strip.length, 1);

  let lineNumerator = 0;
  const line: SymbolId[] = [];
  const walk = (reel: number, weight: number): void => {
    if (reel === counts.length) {
      lineNumerator += weight * (evaluateLine(paytable, line)?.multiplier ?? 0);
      return;
    }
    for (const [symbol, n] of counts[reel]!) {
      line[reel] = symbol;
      walk(reel + 1, weight * n);
    }
  };
  walk(0, 1);

  // ways[k] = number of stop combinations showing k scatters in the window.
  let ways = [1];
  for (const strip of paytable.reels) {
    const perStop = strip.map((_, stop) => {
      let k = 0;
      for (let row = 0; row < paytable.rows; row++) if (strip[(stop + row) % strip.length] === paytable.scatter) k++;
      return k;
    });
    const next = new Array<number>(ways.length + paytable.rows).fill(0);
    for (const [k, w] of ways.entries()) for (const add of perStop) next[k + add]! += w;
    ways = next;
  }
  const scatterNumerator = paytable.scatter === null ? 0 : ways.reduce((sum, w, k) => sum + w * (paytable.scatterPays[k] ?? 0), 0);

  return { lineNumerator, scatterNumerator, denominator };
}

export interface PaytableAnalysis {
  combinations: number;
  /** Expected return per unit bet. */
  rtp: number;
  /** Share of spins that win anything. */
  hitFrequency: number;
  /** Standard deviation of one spin's return, in units of the total bet: the volatility figure. */
  standardDeviation: number;
  /** Largest single-spin win, in multiples of the total bet. */
  maxWinMultiple: number;
  /** Probability that a spin returns at least `threshold` × total bet, for the listed thresholds. */
  atLeast: { threshold: number; probability: number }[];
}

const ANALYSIS_THRESHOLDS = [1, 5, 20, 50, 100, 200, 500];

/**
 * Full enumeration of every stop combination (product of the strip lengths, ~10 million for the
 * classic table, about a second). It gives what the per-line shortcut cannot: hit frequency,
 * variance and the tail, which need the lines of one spin together.
 */
export function analysePaytable(paytable: Paytable): PaytableAnalysis {
  const reels = paytable.reels.length;
  const lines = paytable.lines.length;
  const rows = paytable.rows;
  const id = (s: SymbolId | null): number => (s === null ? -1 : symbols.indexOf(s));
  const wild = id(paytable.wild);
  const scatter = id(paytable.scatter);

  // pay[symbol * (reels + 1) + count]
  const pay = new Float64Array(symbols.length * (reels + 1));
  for (const [s, symbol] of symbols.entries()) {
    const pays = paytable.linePays[symbol];
    if (!pays || s === scatter) continue;
    for (let c = 3; c <= reels; c++) pay[s * (reels + 1) + c] = pays[Math.min(c, 5) as 3 | 4 | 5];
  }
  const scatterPay = new Float64Array(reels * rows + 1);
  for (let k = 0; k <= reels * rows; k++) scatterPay[k] = (paytable.scatterPays[k] ?? 0) * lines;

  // For each reel and stop: the symbol under each line, and the scatters shown.
  const lineSymbol = paytable.reels.map((strip, r) =>
    strip.map((_, stop) => Int8Array.from(paytable.lines, (line) => id(strip[(stop + line[r]!) % strip.length]!))),
  );
  const scattersAt = paytable.reels.map((strip) =>
    Int8Array.from(strip, (_, stop) => {
      let k = 0;
      for (let row = 0; row < rows; row++) if (id(strip[(stop + row) % strip.length]!) === scatter) k++;
      return k;
    }),
  );

  // Per depth and line: wild run length, base symbol (-1 none yet), run length, flags.
  const wr = new Int8Array((reels + 1) * lines);
  const base = new Int8Array((reels + 1) * lines).fill(-1);
  const cnt = new Int8Array((reels + 1) * lines);
  const wrAlive = new Uint8Array((reels + 1) * lines);
  const baseAlive = new Uint8Array((reels + 1) * lines);
  wrAlive.fill(1, 0, lines);
  const scatters = new Int8Array(reels + 1);

  let combinations = 0;
  let sumReturn = 0;
  let sumSquares = 0;
  let hits = 0;
  let max = 0;
  const tail = new Array<number>(ANALYSIS_THRESHOLDS.length).fill(0);

  const walk = (d: number): void => {
    const from = d * lines;
    const to = (d + 1) * lines;
    const strip = lineSymbol[d]!;
    for (let stop = 0; stop < strip.length; stop++) {
      const syms = strip[stop]!;
      scatters[d + 1] = scatters[d]! + scattersAt[d]![stop]!;
      for (let l = 0; l < lines; l++) {
        const s = syms[l]!;
        let w = wr[from + l]!;
        let b = base[from + l]!;
        let c = cnt[from + l]!;
        let wa = wrAlive[from + l]!;
        let ba = baseAlive[from + l]!;
        if (wa && s === wild) {
          w++;
          c++;
        } else if (wa) {
          wa = 0;
          b = s;
          if (s === scatter) ba = 0;
          else {
            ba = 1;
            c++;
          }
        } else if (ba) {
          if (s === b || s === wild) c++;
          else ba = 0;
        }
        wr[to + l] = w;
        base[to + l] = b;
        cnt[to + l] = c;
        wrAlive[to + l] = wa;
        baseAlive[to + l] = ba;
      }
      if (d + 1 < reels) {
        walk(d + 1);
        continue;
      }
      let total = scatterPay[scatters[reels]!]!;
      for (let l = 0; l < lines; l++) {
        const wildPay = wild < 0 ? 0 : pay[wild * (reels + 1) + wr[to + l]!]!;
        const b = base[to + l]!;
        const basePay = b < 0 ? 0 : pay[b * (reels + 1) + cnt[to + l]!]!;
        total += wildPay > basePay ? wildPay : basePay;
      }
      combinations++;
      if (total > 0) {
        hits++;
        sumReturn += total;
        sumSquares += total * total;
        if (total > max) max = total;
        for (let t = 0; t < ANALYSIS_THRESHOLDS.length; t++) if (total >= ANALYSIS_THRESHOLDS[t]! * lines) tail[t]!++;
      }
    }
  };
  walk(0);

  // Returns above are in line-bet units; divide by the line count for multiples of the total bet.
  const mean = sumReturn / lines / combinations;
  const meanSquare = sumSquares / (lines * lines) / combinations;
  return {
    combinations,
    rtp: mean,
    hitFrequency: hits / combinations,
    standardDeviation: Math.sqrt(meanSquare - mean * mean),
    maxWinMultiple: max / lines,
    atLeast: ANALYSIS_THRESHOLDS.map((threshold, t) => ({ threshold, probability: tail[t]! / combinations })),
  };
}
