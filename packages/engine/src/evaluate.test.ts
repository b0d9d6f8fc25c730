import { describe, expect, it } from 'vitest';
import { evaluateLine, evaluateWindow, windowAt, type ReelWindow } from './evaluate.ts';
import { classicPaytable as table, type SymbolId } from './paytable.ts';

/** Window from three rows written left to right, as they look on the glass. */
const glass = (top: SymbolId[], middle: SymbolId[], bottom: SymbolId[]): ReelWindow =>
  top.map((_, reel) => [top[reel]!, middle[reel]!, bottom[reel]!]);

const fillers: SymbolId[] = ['CHERRY', 'LEMON', 'ORANGE', 'PLUM'];
/**
 * Top row A B A B A and bottom row B A B A B break every line except the middle one after at most
 * two reels, as long as the middle line's first symbols are neither A nor B.
 */
const middleOnly = (middle: SymbolId[]): ReelWindow => {
  const [a, b] = fillers.filter((f) => !middle.slice(0, 3).includes(f));
  return glass([a!, b!, a!, b!, a!], middle, [b!, a!, b!, a!, b!]);
};

describe('evaluateWindow', () => {
  const betPerLine = 20;
  const payingSymbols = Object.keys(table.linePays) as SymbolId[];

  for (const symbol of payingSymbols) {
    it(`pays 3, 4 and 5 ${symbol} on the middle line`, () => {
      // A wild run followed by a paying symbol would pay as that symbol; a scatter ends it cleanly.
      const breaker: SymbolId = symbol === 'WILD' ? 'SCATTER' : symbol === 'BELL' ? 'BAR' : 'BELL';
      for (const count of [3, 4, 5] as const) {
        const middle = Array.from({ length: 5 }, (_, r): SymbolId => (r < count ? symbol : breaker));
        const result = evaluateWindow(table, middleOnly(middle), betPerLine);
        const multiplier = table.linePays[symbol]![count];
        const expected = { line: 1, symbol, count, multiplier, amount: multiplier * betPerLine };
        expect(result.scatterWin).toBeNull();
        if (symbol === 'WILD') {
          // Wilds on the middle reels complete other lines too; only line 1 is the subject here.
          expect(result.lineWins.find((w) => w.line === 1)).toEqual(expected);
        } else {
          expect(result.lineWins).toEqual([expected]);
          expect(result.total).toBe(multiplier * betPerLine);
        }
      }
    });
  }

  it('pays nothing for two of a kind or a run that does not start on the first reel', () => {
    expect(evaluateWindow(table, middleOnly(['SEVEN', 'SEVEN', 'BELL', 'BAR', 'BELL']), betPerLine).total).toBe(0);
    expect(evaluateWindow(table, middleOnly(['BELL', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN']), betPerLine).total).toBe(0);
  });

  it('lets WILD substitute anywhere in the run', () => {
    expect(evaluateLine(table, ['BAR', 'WILD', 'BAR', 'BAR', 'BELL'])).toEqual({ symbol: 'BAR', count: 4, multiplier: 120 });
    expect(evaluateLine(table, ['WILD', 'SEVEN', 'WILD', 'SEVEN', 'SEVEN'])).toEqual({ symbol: 'SEVEN', count: 5, multiplier: 2000 });
    expect(evaluateLine(table, ['BELL', 'WILD', 'WILD', 'BAR', 'BAR'])).toEqual({ symbol: 'BELL', count: 3, multiplier: 20 });
  });

  it('pays a leading run of wilds as wilds or as the symbol it completes, whichever is more', () => {
    expect(evaluateLine(table, ['WILD', 'WILD', 'WILD', 'CHERRY', 'CHERRY'])).toEqual({ symbol: 'WILD', count: 3, multiplier: 100 });
    expect(evaluateLine(table, ['WILD', 'WILD', 'SEVEN', 'SEVEN', 'SEVEN'])).toEqual({ symbol: 'SEVEN', count: 5, multiplier: 2000 });
    // Three wilds alone pay 100, but completing five BELLs pays 300.
    expect(evaluateLine(table, ['WILD', 'WILD', 'WILD', 'BELL', 'BELL'])).toEqual({ symbol: 'BELL', count: 5, multiplier: 300 });
    expect(evaluateLine(table, ['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({ symbol: 'WILD', count: 5, multiplier: 5000 });
  });

  it('never lets WILD stand in for SCATTER, and a scatter breaks the line', () => {
    expect(evaluateLine(table, ['SCATTER', 'WILD', 'WILD', 'SCATTER', 'SCATTER'])).toBeNull();
    expect(evaluateLine(table, ['WILD', 'SCATTER', 'SEVEN', 'SEVEN', 'SEVEN'])).toBeNull();
    expect(evaluateLine(table, ['SEVEN', 'SEVEN', 'SCATTER', 'SEVEN', 'SEVEN'])).toBeNull();
  });

  it('pays scatters anywhere in the window as multiples of the total bet', () => {
    const window = glass(
      ['SCATTER', 'LEMON', 'ORANGE', 'PLUM', 'CHERRY'],
      ['LEMON', 'ORANGE', 'PLUM', 'CHERRY', 'SCATTER'],
      ['BELL', 'PLUM', 'SCATTER', 'LEMON', 'ORANGE'],
    );
    const result = evaluateWindow(table, window, betPerLine);
    expect(result.lineWins).toEqual([]);
    expect(result.scatterWin).toEqual({ symbol: 'SCATTER', count: 3, multiplier: 5, amount: 5 * betPerLine * 10 });
    expect(result.total).toBe(1_000);

    const two = glass(
      ['SCATTER', 'LEMON', 'ORANGE', 'PLUM', 'CHERRY'],
      ['LEMON', 'ORANGE', 'PLUM', 'CHERRY', 'SCATTER'],
      ['ORANGE', 'PLUM', 'BELL', 'LEMON', 'ORANGE'],
    );
    expect(evaluateWindow(table, two, betPerLine).scatterWin).toBeNull();
  });

  it('adds the wins of several lines and the scatter', () => {
    const window = glass(
      ['CHERRY', 'CHERRY', 'CHERRY', 'SCATTER', 'BAR'],
      ['BELL', 'BELL', 'BELL', 'BELL', 'SCATTER'],
      ['SCATTER', 'PLUM', 'LEMON', 'ORANGE', 'PLUM'],
    );
    const result = evaluateWindow(table, window, 10);
    expect(result.lineWins).toEqual([
      { line: 1, symbol: 'BELL', count: 4, multiplier: 80, amount: 800 },
      { line: 2, symbol: 'CHERRY', count: 3, multiplier: 8, amount: 80 },
    ]);
    expect(result.scatterWin).toEqual({ symbol: 'SCATTER', count: 3, multiplier: 5, amount: 500 });
    expect(result.total).toBe(1_380);
  });

  it('follows the V-shaped line 4 across rows', () => {
    const window = glass(
      ['SEVEN', 'LEMON', 'ORANGE', 'PLUM', 'SEVEN'],
      ['CHERRY', 'SEVEN', 'PLUM', 'SEVEN', 'CHERRY'],
      ['PLUM', 'ORANGE', 'SEVEN', 'LEMON', 'ORANGE'],
    );
    expect(evaluateWindow(table, window, 1).lineWins).toEqual([{ line: 4, symbol: 'SEVEN', count: 5, multiplier: 2000, amount: 2000 }]);
  });
});

describe('windowAt', () => {
  it('shows three consecutive symbols from each stop, wrapping at the end of the strip', () => {
    const last = table.reels[0]!.length - 1;
    const window = windowAt(table, [last, 0, 0, 0, 0]);
    expect(window[0]).toEqual([table.reels[0]![last], table.reels[0]![0], table.reels[0]![1]]);
    expect(window[1]).toEqual(table.reels[1]!.slice(0, 3));
  });

  it('refuses stops off the strip or of the wrong count', () => {
    expect(() => windowAt(table, [0, 0, 0, 0])).toThrow(RangeError);
    expect(() => windowAt(table, [0, 0, 0, 0, 25])).toThrow(RangeError);
    expect(() => windowAt(table, [0, 0, -1, 0, 0])).toThrow(RangeError);
  });
});
