import type { ImageData } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cabinetLayout, drawCabinet, drawGlyph, drawStrip, STRIP_SYMBOLS, stripSymbol, type Rect } from './cabinet-pictures.ts';
import { idleCabinetState, REEL_COUNT, ROW_COUNT, type CabinetViewState } from './cabinet-state.ts';
import { FrameRenderer, reelTravel } from './frame-renderer.ts';
import { i420Planes, toI420 } from './i420.ts';
import { wrtc, type I420Frame } from './wrtc.ts';

const BANDS = [
  [1280, 720],
  [854, 480],
  [640, 360],
] as const;
const still: CabinetViewState = {
  ...idleCabinetState('I420'),
  credit: 250_000,
  bet: 100,
  reels: [
    ['seven', 'bar', 'cherry'],
    ['bell', 'lemon', 'plum'],
    ['wild', 'star', 'grape'],
    ['orange', 'diamond', 'scatter'],
    ['seven', 'wild', 'bar'],
  ],
};
const SPIN_START = 1_000_000;
const spinning: CabinetViewState = {
  ...still,
  spinning: true,
  spinStartedAt: SPIN_START,
  reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9],
  status: 'spinning',
};
const LEAD_MS = 33;
/** ms after the press of the spinning frames compared: the first frame, slow and fast travel, past the reel's own symbols. */
const ELAPSED = [0, 7, 140, 333, 1_000, 1_517];

const copyOf = (frame: I420Frame): I420Frame => ({ ...frame, data: frame.data.slice() });
const grow = (rect: Rect, by: number): Rect => ({ x: rect.x - by, y: rect.y - by, w: rect.w + 2 * by, h: rect.h + 2 * by });

/** Bytes of each plane that differ between two frames of one size inside `rect` (even coordinates). */
function differences(a: I420Frame, b: I420Frame, rect: Rect): { y: number; u: number; v: number } {
  if ((rect.x | rect.y | rect.w | rect.h) & 1) throw new Error(`Chroma covers 2x2 pixels: ${JSON.stringify(rect)} is not on even pixels`);
  const [pa, pb] = [i420Planes(a), i420Planes(b)];
  const count = (x: Uint8ClampedArray, y: Uint8ClampedArray, stride: number, r: Rect) => {
    let n = 0;
    for (let row = r.y; row < r.y + r.h; row++)
      for (let col = r.x; col < r.x + r.w; col++) n += x[row * stride + col] === y[row * stride + col] ? 0 : 1;
    return n;
  };
  const half = { x: rect.x / 2, y: rect.y / 2, w: rect.w / 2, h: rect.h / 2 };
  return { y: count(pa.y, pb.y, a.width, rect), u: count(pa.u, pb.u, pa.chromaWidth, half), v: count(pa.v, pb.v, pa.chromaWidth, half) };
}

/** Bytes of each plane that differ between two frames outside `rect` (even coordinates). */
function differencesOutside(a: I420Frame, b: I420Frame, rect: Rect): { y: number; u: number; v: number } {
  const whole = { x: 0, y: 0, w: a.width, h: a.height };
  const all = differences(a, b, whole);
  const inside = differences(a, b, rect);
  return { y: all.y - inside.y, u: all.u - inside.u, v: all.v - inside.v };
}

/** The reference's glyphs and strips, drawn once per size. */
const drawings = new Map<string, ImageData>();
function cached(key: string, draw: () => ImageData): ImageData {
  if (!drawings.has(key)) drawings.set(key, draw());
  return drawings.get(key)!;
}

/**
 * The picture the renderer should give, composed here in RGBA, one pixel row at a time, from the cabinet and the
 * glyphs (or each reel's blurred strip), then converted as a whole with the converter the feed used before the
 * renderer composed I420. `travel`: px every reel has moved down since the press; null, standing still.
 */
function reference(
  width: number,
  height: number,
  symbols: readonly (readonly string[])[],
  travel: number | null,
  motion: 'sharp' | 'blur' = 'sharp',
): I420Frame {
  const layout = cabinetLayout(width, height);
  const { w, h } = layout.cell;
  const glyph = (symbol: string) => cached(`${w}x${h} ${symbol}`, () => drawGlyph(symbol, w, h));
  const moved = travel ?? 0;
  const rgba = drawCabinet(width, height, false);
  const paintRow = (source: ImageData, sourceRow: number, x: number, y: number) =>
    rgba.data.set(source.data.subarray(sourceRow * w * 4, (sourceRow + 1) * w * 4), (y * width + x) * 4);
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const rect = layout.reels[reel]!;
    const strip =
      motion === 'blur' && travel !== null ? cached(`${w}x${h} strip ${reel}`, () => drawStrip(reel, layout.cell, glyph)) : null;
    const loop = STRIP_SYMBOLS.length * h;
    for (let y = 0; y < ROW_COUNT * h; y++) {
      if (strip) {
        // The strip's first rows repeat at its end, so a window starting anywhere in the loop fits.
        paintRow(strip, loop - (moved % loop) + y, rect.x, rect.y + y);
        continue;
      }
      // Row y of the reel shows row c of the column: the reel's own symbols from 0 down, the strip's above 0.
      const c = y - moved;
      const k = Math.floor(c / h);
      paintRow(glyph(k >= 0 ? symbols[reel]![k]! : stripSymbol(reel, -k - 1)), c - k * h, rect.x, rect.y + y);
    }
  }
  return toI420(rgba);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FrameRenderer in I420: the reels are the converter’s picture of the same pixels', () => {
  it.each(BANDS)('at %ix%i, still and spinning (sharp) at several travels, byte for byte', (width, height) => {
    const renderer = new FrameRenderer(width, height, { spinLeadMs: LEAD_MS });
    const { reels, cell } = cabinetLayout(width, height);
    const standing = reference(width, height, still.reels, null);
    const first = renderer.render(still, SPIN_START - 100).i420;
    for (const rect of reels) expect(differences(first, standing, rect)).toEqual({ y: 0, u: 0, v: 0 });
    const travels = ELAPSED.map((ms) => reelTravel(ms + LEAD_MS, cell.h));
    expect(new Set(travels).size).toBe(ELAPSED.length);
    for (const [i, ms] of ELAPSED.entries()) {
      const frame = renderer.render(spinning, SPIN_START + ms).i420;
      const travel = travels[i]!;
      expect(travel % 2).toBe(0);
      const expected = reference(width, height, still.reels, travel);
      for (const rect of reels) {
        expect(differences(frame, expected, rect), `${ms} ms, ${travel} px`).toEqual({ y: 0, u: 0, v: 0 });
        expect(differences(frame, standing, rect).y).toBeGreaterThan(0);
      }
    }
  });

  it.each(BANDS)('at %ix%i, the blurred strip (reelMotion blur), byte for byte', (width, height) => {
    const renderer = new FrameRenderer(width, height, { reelMotion: 'blur' });
    const { reels, cell } = cabinetLayout(width, height);
    const first = renderer.render(still, SPIN_START - 100).i420;
    const standing = reference(width, height, still.reels, null, 'blur');
    for (const rect of reels) expect(differences(first, standing, rect)).toEqual({ y: 0, u: 0, v: 0 });
    for (const ms of ELAPSED) {
      const frame = renderer.render(spinning, SPIN_START + ms).i420;
      const expected = reference(width, height, still.reels, reelTravel(ms, cell.h), 'blur');
      for (const rect of reels) expect(differences(frame, expected, rect), `${ms} ms`).toEqual({ y: 0, u: 0, v: 0 });
    }
  });

  it.each(BANDS.slice(1))(
    'at %ix%i, where the design scales to odd coordinates, a reel’s chroma sits on its rows: no colour fringe at its edges',
    (width, height) => {
      // Some reel edge of the design (reel i: x 120 + 210i, 200 px wide; y 112, 438 px high) scales to an odd pixel
      // here: a layout that kept it would put a glyph's chroma half over the cabinet.
      const [sx, sy] = [width / 1280, height / 720];
      const edges = [0, 1, 2, 3, 4].flatMap((i) => [(120 + 210 * i) * sx, (320 + 210 * i) * sx, 112 * sy, 550 * sy]);
      expect(edges.some((edge) => Math.round(edge) % 2 === 1)).toBe(true);
      const renderer = new FrameRenderer(width, height, { spinLeadMs: LEAD_MS });
      const { reels, cell } = cabinetLayout(width, height);
      renderer.render(still, SPIN_START - 100);
      const ms = 140;
      const frame = renderer.render(spinning, SPIN_START + ms).i420;
      const expected = reference(width, height, still.reels, reelTravel(ms + LEAD_MS, cell.h));
      for (const rect of reels) {
        expect(rect.y % 2).toBe(0);
        // The reel and a chroma row (2 px) around it: the rows where a misplaced chroma row would show.
        expect(differences(frame, expected, grow(rect, 2))).toEqual({ y: 0, u: 0, v: 0 });
      }
    },
  );
});

describe('FrameRenderer in I420: a change of text converts its rectangle only', () => {
  it.each(BANDS)(
    'at %ix%i, a meter and the message change: one small conversion each, the rest of the frame byte for byte',
    (width, height) => {
      const renderer = new FrameRenderer(width, height);
      const layout = cabinetLayout(width, height);
      // Still frames draw the strip's glyphs ahead, one a frame (each converted once): done before counting.
      for (let i = 0; i <= STRIP_SYMBOLS.length; i++) renderer.render(still, 1_000 - 33 * i);
      const before = copyOf(renderer.render(still, 1_000).i420);
      const convert = vi.spyOn(wrtc.nonstandard, 'rgbaToI420');

      const credit = layout.meters.credit.value;
      const richer = copyOf(renderer.render({ ...still, credit: still.credit + 98_765 }, 1_033).i420);
      expect(convert.mock.calls.map(([rgba]) => [rgba.width, rgba.height])).toEqual([[credit.w, credit.h]]);
      expect(differences(before, richer, credit).y).toBeGreaterThan(0);
      expect(differencesOutside(before, richer, credit)).toEqual({ y: 0, u: 0, v: 0 });

      convert.mockClear();
      const message = layout.message;
      const told = renderer.render({ ...still, credit: still.credit + 98_765, message: 'INSERT CREDIT' }, 1_066).i420;
      expect(convert.mock.calls.map(([rgba]) => [rgba.width, rgba.height])).toEqual([[message.w, message.h]]);
      expect(differences(richer, told, message).y).toBeGreaterThan(0);
      expect(differencesOutside(richer, told, message)).toEqual({ y: 0, u: 0, v: 0 });
    },
  );
});
