import { REEL, type GameSymbol } from '../machine/reel-game.ts';

/** The machine's screen as raw video: what `--glass` serves (README "The glass"). */
export const GLASS = { width: 320, height: 240, fps: 30, pixelFormat: 'rgb24' } as const;

/** Each symbol's colour on the glass, far enough apart to tell after a lossy video codec. */
export const SYMBOL_COLOURS: Readonly<Record<GameSymbol, readonly [number, number, number]>> = {
  SEVEN: [220, 20, 40],
  BAR: [30, 60, 220],
  BELL: [240, 200, 20],
  CHERRY: [200, 40, 200],
  LEMON: [60, 200, 60],
  BLANK: [235, 235, 235],
};
const FRAME: readonly [number, number, number] = [20, 20, 20];

/** Three rows show on each reel: the stop above the line, the stop on it, the stop below. */
const CELL = GLASS.height / 3;
/** How fast a spinning reel rolls, in pixels a millisecond (27 a frame at 30 fps). */
const ROLL_PX_PER_MS = 0.9;
const REEL_WIDTH = Math.floor(GLASS.width / 3);
/** A dark line above each symbol and between the reels, so a rolling reel is seen to move. */
const GAP = 4;

export interface ReelView {
  /** The stops on the line: the last game's, or the one before while the reels spin. */
  stops: readonly number[];
  /** How long the reels have been spinning, or null when they stand. */
  spinningForMs: number | null;
}

/** One frame of the glass: three reels of coloured symbols, the centre row the pay line. */
export function drawReels(view: ReelView, frame = Buffer.alloc(GLASS.width * GLASS.height * 3)): Buffer {
  const rowBytes = GLASS.width * 3;
  const stripPx = REEL.length * CELL;
  for (let reel = 0; reel < 3; reel++) {
    const top = ((view.stops[reel] ?? 0) - 1) * CELL - (view.spinningForMs ?? 0) * ROLL_PX_PER_MS;
    const left = reel * REEL_WIDTH;
    for (let y = 0; y < GLASS.height; y++) {
      const position = (((Math.floor(top) + y) % stripPx) + stripPx) % stripPx;
      const colour = position % CELL < GAP ? FRAME : SYMBOL_COLOURS[REEL[Math.floor(position / CELL)]!];
      const row = y * rowBytes;
      fillPixels(frame, row + left * 3, REEL_WIDTH - GAP, colour);
      fillPixels(frame, row + (left + REEL_WIDTH - GAP) * 3, GAP, FRAME);
    }
  }
  return frame;
}

function fillPixels(frame: Buffer, offset: number, pixels: number, [r, g, b]: readonly [number, number, number]): void {
  frame[offset] = r;
  frame[offset + 1] = g;
  frame[offset + 2] = b;
  // Doubling copies: log2(pixels) copies instead of one write a pixel.
  for (let done = 1; done < pixels; done *= 2) frame.copy(frame, offset + done * 3, offset, offset + Math.min(done, pixels - done) * 3);
}
