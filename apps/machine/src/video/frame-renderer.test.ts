import { runInNewContext } from 'node:vm';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REEL_STOP_MS, idleCabinetState, type CabinetViewState } from './cabinet-state.ts';
import { FrameRenderer } from './frame-renderer.ts';
import {
  decodeFrameStamp,
  decodeFrameStampFromLuma,
  drawFrameStamp,
  STAMP_COLUMNS,
  STAMP_DECODER_JS,
  STAMP_ROWS,
  stampAgeMs,
  stampCellSize,
  type FrameStamp,
} from './frame-stamp.ts';
import { i420Colour, i420Planes, toI420 } from './i420.ts';
import { i420Size, wrtc, type I420Frame } from './wrtc.ts';

const state: CabinetViewState = { ...idleCabinetState('Golden Sevens'), credit: 123456, bet: 500, lastWin: 0 };

/** The luma (Y) of a w x h block of an I420 frame, row after row. */
function region({ width, data }: I420Frame, x: number, y: number, w: number, h: number): number[] {
  const out: number[] = [];
  for (let row = y; row < y + h; row++) out.push(...data.subarray(row * width + x, row * width + x + w));
  return out;
}

/** The U or V samples of a w x h block (even coordinates) of an I420 frame, row after row. */
function chromaRegion(frame: I420Frame, plane: 'u' | 'v', x: number, y: number, w: number, h: number): number[] {
  const { chromaWidth, [plane]: samples } = i420Planes(frame);
  const out: number[] = [];
  for (let row = y / 2; row < (y + h) / 2; row++) out.push(...samples.subarray(row * chromaWidth + x / 2, row * chromaWidth + (x + w) / 2));
  return out;
}

/** The frame as RGBA, converted back as a receiver's sink does. */
function rgbaOf(frame: I420Frame): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(frame.width * frame.height * 4);
  wrtc.nonstandard.i420ToRgba(frame, { width: frame.width, height: frame.height, data: rgba });
  return rgba;
}

describe('FrameRenderer', () => {
  it.each([
    [1280, 720],
    [854, 480],
    [640, 360],
  ])('stamps %ix%i frames with a clock and a counter that decode back from the luma plane', (width, height) => {
    const renderer = new FrameRenderer(width, height, { frameStamp: true });
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      const { i420 } = renderer.render(state, now + i * 33);
      expect(i420).toMatchObject({ width, height });
      expect(i420.data.length).toBe(i420Size(width, height));
      const decoded = decodeFrameStampFromLuma(i420.data, width, stampCellSize(height));
      expect(decoded).toEqual({ clockMs: (now + i * 33) >>> 0, frame: i });
      expect(stampAgeMs(decoded!, now + i * 33 + 40)).toBe(40);
    }
  });

  it.each([
    [1280, 720],
    [854, 480],
    [640, 360],
  ])('paints the %ix%i stamp as the converter gives the stamp drawn in RGBA: its black and white, on neutral chroma', (width, height) => {
    const frame = new FrameRenderer(width, height, { frameStamp: true }).render(state, 1_700_000_123_456);
    const drawn = createCanvas(width, height).getContext('2d');
    drawFrameStamp(drawn, height, frame.stamp!);
    const expected = toI420(drawn.getImageData(0, 0, width, height));
    const cell = stampCellSize(height);
    const area = [0, 0, STAMP_COLUMNS * cell, STAMP_ROWS * cell] as const;
    expect(region(frame.i420, ...area)).toEqual(region(expected, ...area));
    expect(chromaRegion(frame.i420, 'u', ...area)).toEqual(chromaRegion(expected, 'u', ...area));
    expect(chromaRegion(frame.i420, 'v', ...area)).toEqual(chromaRegion(expected, 'v', ...area));
  });

  it('ships the same decoder as browser JavaScript (the stamp also decodes from the frame converted to RGBA)', () => {
    const renderer = new FrameRenderer(640, 360, { frameStamp: true });
    const rgba = rgbaOf(renderer.render(state, 1_700_000_123_456).i420);
    const browserDecode = runInNewContext(`${STAMP_DECODER_JS}; ({ decodeFrameStamp, stampCellSize })`, { Uint8ClampedArray }) as {
      decodeFrameStamp: (rgba: Uint8ClampedArray, width: number, cell: number) => FrameStamp | null;
      stampCellSize: (h: number) => number;
    };
    expect(browserDecode.stampCellSize(360)).toBe(stampCellSize(360));
    expect(decodeFrameStamp(rgba, 640, 8)).toEqual({ clockMs: 1_700_000_123_456 >>> 0, frame: 0 });
    expect(browserDecode.decodeFrameStamp(rgba, 640, 8)).toEqual(decodeFrameStamp(rgba, 640, 8));
  });

  it('reads the stamp back from the luma plane (I420, video range), in Node and as browser JavaScript', () => {
    const browserDecode = runInNewContext(`${STAMP_DECODER_JS}; ({ decodeFrameStampFromLuma })`, {}) as {
      decodeFrameStampFromLuma: (luma: Uint8ClampedArray, stride: number, cell: number) => FrameStamp | null;
    };
    for (const [width, height] of [
      [1280, 720],
      [640, 360],
    ] as const) {
      const { i420 } = new FrameRenderer(width, height, { frameStamp: true }).render(state, 1_700_000_123_456);
      const luma = i420.data.subarray(0, width * height);
      const expected = { clockMs: 1_700_000_123_456 >>> 0, frame: 0 };
      expect(decodeFrameStampFromLuma(luma, width, stampCellSize(height))).toEqual(expected);
      expect(browserDecode.decodeFrameStampFromLuma(luma, width, stampCellSize(height))).toEqual(expected);
    }
  });

  it('refuses a stamp whose check fails', () => {
    const renderer = new FrameRenderer(640, 360, { frameStamp: true });
    const luma = renderer.render(state, 12345).i420.data.slice(0, 640 * 360);
    const cell = stampCellSize(360);
    expect(decodeFrameStampFromLuma(luma, 640, cell)).not.toBeNull();
    // Flip the cell of the lowest clock bit (row 1, column 15).
    for (let y = cell; y < 2 * cell; y++) for (let x = 15 * cell; x < 16 * cell; x++) luma[y * 640 + x] = 255 - luma[y * 640 + x]!;
    expect(decodeFrameStampFromLuma(luma, 640, cell)).toBeNull();
  });

  it('paints no stamp by default: the corner shows the cabinet and a still cabinet draws identical frames', () => {
    const cell = stampCellSize(720);
    const corner = (frame: I420Frame) => region(frame, 0, 0, 16 * cell, 4 * cell);
    const plain = new FrameRenderer(1280, 720);
    const first = plain.render(state, 1_700_000_000_000);
    expect(first.stamp).toBeNull();
    expect(decodeFrameStampFromLuma(first.i420.data, 1280, cell)).toBeNull();
    const firstPixels = Buffer.from(first.i420.data);
    expect(Buffer.from(plain.render(state, 1_700_000_000_033).i420.data).equals(firstPixels)).toBe(true);
    // The corner is the cabinet's own picture, not a black box (its border and background are not black).
    const pixels = corner(first.i420);
    const black = pixels.filter((y) => y === i420Colour(0, 0, 0).y).length;
    expect(black).toBeLessThan(pixels.length * 0.5);
    const stamped = new FrameRenderer(1280, 720, { frameStamp: true }).render(state, 1_700_000_000_000);
    expect(decodeFrameStampFromLuma(stamped.i420.data, 1280, cell)).toEqual(stamped.stamp);
    expect(corner(stamped.i420)).not.toEqual(pixels);
  });

  it('moves the reels while spinning and lands them one after another on the result', () => {
    const renderer = new FrameRenderer(640, 360);
    const start = 1_000_000;
    const reelX = (i: number) => Math.round(((120 + i * 210) * 640) / 1280) + 10;
    const reelStrip = (frame: I420Frame, i: number) => region(frame, reelX(i), 70, 20, 200);
    const still = renderer.render(state, start - 10);
    const before = [0, 1, 2, 3, 4].map((i) => reelStrip(still.i420, i));
    const spinning = { ...state, spinning: true, spinStartedAt: start, status: 'spinning' };
    const a = renderer.render(spinning, start + 100);
    const movingA = [0, 1, 2, 3, 4].map((i) => reelStrip(a.i420, i));
    const b = renderer.render(spinning, start + 140);
    const movingB = [0, 1, 2, 3, 4].map((i) => reelStrip(b.i420, i));
    for (let i = 0; i < 5; i++) {
      expect(movingA[i]).not.toEqual(before[i]);
      expect(movingB[i]).not.toEqual(movingA[i]);
    }
    // After the first reel's stop time, reel 0 shows the result and reel 4 still moves.
    const mid = renderer.render(spinning, start + DEFAULT_REEL_STOP_MS[0]! + 50);
    expect(reelStrip(mid.i420, 0)).toEqual(before[0]);
    expect(reelStrip(mid.i420, 4)).not.toEqual(before[4]);
    const landed = renderer.render(spinning, start + DEFAULT_REEL_STOP_MS[4]! + 50);
    for (let i = 0; i < 5; i++) expect(reelStrip(landed.i420, i)).toEqual(before[i]);
  });

  it('repaints a meter when its value changes and leaves the frame alone otherwise', () => {
    const renderer = new FrameRenderer(640, 360);
    const meter = (frame: I420Frame) => region(frame, 70, 320, 140, 30);
    const body = (frame: I420Frame) => region(frame, 0, 100, 640, 250);
    const first = renderer.render(state, 1000);
    const firstMeter = meter(first.i420);
    const firstBody = body(first.i420);
    const again = renderer.render(state, 1033);
    expect(meter(again.i420)).toEqual(firstMeter);
    expect(body(again.i420)).toEqual(firstBody);
    const richer = renderer.render({ ...state, credit: 999999 }, 1066);
    expect(meter(richer.i420)).not.toEqual(firstMeter);
  });
});

describe('FrameRenderer spin start', () => {
  it('moves the reels already in the frame drawn at the press, as a whole-pixel scroll of the still picture', () => {
    const renderer = new FrameRenderer(640, 360);
    const start = 5_000_000;
    const reelX = Math.round((120 * 640) / 1280) + 10;
    const top = Math.round((112 * 360) / 720);
    const column = (frame: I420Frame, y: number, h: number) => region(frame, reelX, y, 20, h);
    const still = column(renderer.render(state, start - 10).i420, top, 150);
    const first = renderer.render({ ...state, spinning: true, spinStartedAt: start, status: 'spinning' }, start);
    const moved = column(first.i420, top, 150 + 40);
    expect(moved.slice(0, still.length)).not.toEqual(still);
    // Some shift d in 1..40 px maps the still column exactly onto the moved one (motion, not new content).
    const rowBytes = 20;
    const shifts = Array.from({ length: 40 }, (_, i) => i + 1).filter((d) =>
      moved.slice(d * rowBytes, d * rowBytes + still.length).every((v, i) => v === still[i]),
    );
    expect(shifts.length).toBe(1);
  });
});

describe('FrameRenderer changed flag (the feed sends an unchanged picture less often)', () => {
  it('says whether any pixel was painted since the previous frame', () => {
    const renderer = new FrameRenderer(640, 360);
    const at = 7_000_000;
    const first = renderer.render(state, at);
    expect(first.changed).toBe(true);
    const pixels = Buffer.from(first.i420.data);
    const again = renderer.render(state, at + 33);
    expect(again.changed).toBe(false);
    expect(Buffer.from(again.i420.data).equals(pixels)).toBe(true);
    expect(renderer.render({ ...state, credit: state.credit + 100 }, at + 66).changed).toBe(true);
    const spinning = { ...state, credit: state.credit + 100, spinning: true, spinStartedAt: at + 80, status: 'spinning' as const };
    expect(renderer.render(spinning, at + 100).changed).toBe(true);
    expect(renderer.render(spinning, at + 133).changed).toBe(true);
    renderer.invalidate();
    expect(renderer.render({ ...state, credit: state.credit + 100 }, at + 5000).changed).toBe(true);
  });

  it('counts every stamped frame as changed (the stamp differs each frame)', () => {
    const renderer = new FrameRenderer(640, 360, { frameStamp: true });
    renderer.render(state, 9_000_000);
    expect(renderer.render(state, 9_000_033).changed).toBe(true);
  });
});
