import { describe, expect, it } from 'vitest';
import { MachineGame } from './machine-game.ts';
import { classicPaytable, DOCUMENTED_HIT_FREQUENCY, DOCUMENTED_RTP, DOCUMENTED_STANDARD_DEVIATION, type Paytable } from './paytable.ts';
import { analysePaytable, computeRtp, rtpParts } from './rtp.ts';

/** Three one-row reels of [A, B]-like strips: small enough to work out by hand. */
const tiny: Paytable = {
  id: 'tiny',
  rows: 1,
  reels: [
    ['CHERRY', 'BELL'],
    ['CHERRY', 'WILD', 'BELL', 'BELL'],
    ['CHERRY', 'SCATTER', 'BELL', 'BELL'],
  ],
  lines: [[0, 0, 0]],
  linePays: { CHERRY: { 3: 10, 4: 0, 5: 0 }, BELL: { 3: 40, 4: 0, 5: 0 } },
  wild: 'WILD',
  scatter: 'SCATTER',
  scatterPays: { 1: 1 },
};

describe('computeRtp', () => {
  it('matches a return worked out by hand', () => {
    // 2 × 4 × 4 = 32 combinations. CHERRY-(CHERRY|WILD)-CHERRY: 2 ways × 10;
    // BELL-(WILD|BELL|BELL)-(BELL|BELL): 6 ways × 40; the SCATTER on reel 3 pays 1 in 2 × 4 ways.
    expect(rtpParts(tiny)).toEqual({ lineNumerator: 260, scatterNumerator: 8, denominator: 32 });
    expect(computeRtp(tiny)).toBe(268 / 32);
  });

  it('gives the documented RTP for the classic table, exactly 9,328,565 / 9,765,625', () => {
    const { lineNumerator, scatterNumerator, denominator } = rtpParts(classicPaytable);
    expect(denominator).toBe(25 ** 5);
    expect(lineNumerator + scatterNumerator).toBe(9_328_565);
    expect(computeRtp(classicPaytable)).toBeCloseTo(DOCUMENTED_RTP, 4);
    expect(DOCUMENTED_RTP).toBeGreaterThanOrEqual(0.94);
    expect(DOCUMENTED_RTP).toBeLessThanOrEqual(0.96);
  });

  it('moves when a pay moves', () => {
    const richer = { ...classicPaytable, linePays: { ...classicPaytable.linePays, CHERRY: { 3: 9, 4: 25, 5: 80 } } };
    expect(computeRtp(richer)).toBeGreaterThan(computeRtp(classicPaytable));
  });
});

describe('analysePaytable (every stop combination)', () => {
  it('agrees with the hand-worked table', () => {
    const a = analysePaytable(tiny);
    expect(a.combinations).toBe(32);
    expect(a.rtp).toBeCloseTo(268 / 32, 12);
    // Winning combinations: 8 with the scatter, plus 2 + 6 line wins (which never show it).
    expect(a.hitFrequency).toBe(16 / 32);
    expect(a.maxWinMultiple).toBe(40);
  });

  it('agrees with the per-line shortcut and pins hit frequency and volatility of the classic table', () => {
    const a = analysePaytable(classicPaytable);
    expect(a.combinations).toBe(9_765_625);
    expect(a.rtp).toBeCloseTo(computeRtp(classicPaytable), 12);
    expect(a.hitFrequency).toBeCloseTo(DOCUMENTED_HIT_FREQUENCY, 4);
    expect(a.standardDeviation).toBeCloseTo(DOCUMENTED_STANDARD_DEVIATION, 3);
  });
});

describe('Monte-Carlo through the machine', () => {
  it('lands 200k seeded spins within 4 standard errors of the theoretical RTP and hit frequency', () => {
    const spins = 200_000;
    const game = new MachineGame({
      machineId: 'mc',
      seed: 'monte-carlo',
      status: 'playing',
      credit: 1_000_000_000,
      jackpot: null,
      handPayThreshold: Number.MAX_SAFE_INTEGER,
    });
    let hits = 0;
    for (let i = 0; i < spins; i++) {
      const result = game.press('SPIN', i);
      if (!result.ok) throw new Error(result.reason);
      if (result.state.lastWin > 0) hits++;
    }
    const { totalBet, totalWon } = game.state;
    const rtp = totalWon / totalBet;
    const rtpTolerance = (4 * DOCUMENTED_STANDARD_DEVIATION) / Math.sqrt(spins);
    expect(Math.abs(rtp - computeRtp(classicPaytable))).toBeLessThan(rtpTolerance);
    const p = DOCUMENTED_HIT_FREQUENCY;
    expect(Math.abs(hits / spins - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / spins));
  });
});
