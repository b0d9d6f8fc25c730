import { createCanvas, type Canvas, type ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { formatMinor } from '@reelcast/protocol';
import {
  cabinetLayout,
  drawCabinet,
  drawGlyph,
  drawStrip,
  FONT,
  LAMP_COLORS,
  STRIP_SYMBOLS,
  stripSymbol,
  type CabinetLayout,
  type Rect,
} from './cabinet-pictures.ts';
import { DEFAULT_REEL_STOP_MS, LAMP_IDS, REEL_COUNT, ROW_COUNT, type CabinetViewState } from './cabinet-state.ts';
import { drawFrameStamp, STAMP_COLUMNS, STAMP_ROWS, stampCellSize, type FrameStamp } from './frame-stamp.ts';
import { blankI420, copyI420Block, i420Colour, i420Planes, toI420, type I420Planes } from './i420.ts';
import type { I420Frame } from './wrtc.ts';

/** Reel scroll speed while spinning, in symbol rows per second. */
const SPIN_ROWS_PER_SECOND = 6;

/**
 * Pixels a spinning reel has moved `ms` after the press: full speed at once, on even pixels, so that chroma
 * rows (2 pixel rows each in I420) move whole; rounding ~29 px a frame at 720p to even pixels is not seen.
 */
export function reelTravel(ms: number, cellHeight: number): number {
  return 2 * Math.floor((ms * SPIN_ROWS_PER_SECOND * cellHeight) / 2000);
}

export interface FrameRendererOptions {
  /**
   * How a spinning reel looks. 'sharp' (default): the reel's own symbols scroll away, followed by
   * sharp symbols of the strip, by whole pixels. Every frame is then the previous one moved down,
   * which VP8 codes as motion vectors: the spin's first frame and the moving reels encode small.
   * 'blur': the earlier motion-blurred strip, which replaces all five reels at once on the press
   * (one large frame that queues in the pacer: +130 ms to the first moving frame).
   */
  readonly reelMotion?: 'sharp' | 'blur';
  /**
   * The frame drawn at the press already shows this much travel, so that it differs from the
   * still picture (the frame drawn by notifyStateChanged would otherwise repeat it).
   */
  readonly spinLeadMs?: number;
  /**
   * Paint the frame stamp (frame-stamp.ts) into the top-left corner (default false): benchmarks and
   * tests read it back; a player should not see it (MACHINE_VIDEO_FRAME_STAMP, docs/video.md).
   */
  readonly frameStamp?: boolean;
}

export interface RenderedFrame {
  /** The whole frame as the sinks take it; the same buffer every call, overwritten by the next render(). */
  readonly i420: I420Frame;
  /** What the stamp in the frame says; null when the renderer paints none. */
  readonly stamp: FrameStamp | null;
  /** False when no pixel was painted since the previous frame (the picture is the same). */
  readonly changed: boolean;
}

/**
 * Draws cabinet frames at one size. Static parts (cabinet, symbol glyphs, blurred reel strips)
 * are drawn once with the canvas and kept as I420 pixels, converted once with the converter the
 * sinks were fed through. Each frame is composed into one persistent I420 buffer by copying rows
 * (1.5 bytes a pixel, and no conversion of the whole frame): only regions whose content changed
 * (a moving reel, a meter, the lamps) are repainted, text is drawn with the canvas only when it
 * changes and only its rectangle is converted, and nothing is allocated per frame (reading a whole
 * canvas back allocates 3.7 MB at 720p, and the garbage collector then costs more than the drawing).
 */
export class FrameRenderer {
  readonly width: number;
  readonly height: number;
  /** Scratch canvas for text and lamps, read back only in the changed rectangle. */
  private readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly frame: I420Frame;
  private readonly planes: I420Planes;
  /** The cabinet's RGBA, under the text drawn on the scratch canvas, and its I420, under everything else. */
  private readonly cabinetRgba: ImageData;
  private readonly cabinet: I420Frame;
  private readonly glyphs = new Map<string, I420Frame>();
  /** I420 of a text or lamp rectangle, by its size (`{w}x{h}`), reused each time it is drawn. */
  private readonly scratchI420 = new Map<string, I420Frame>();
  private readonly black = i420Colour(0, 0, 0);
  private readonly white = i420Colour(255, 255, 255);
  /**
   * The symbols each reel last showed standing still. A spin scrolls these away, not the outcome it
   * already holds: its first frame is then the picture moved (small for VP8) rather than five new reels
   * (a large frame that took 100–200 ms more to reach a viewer: docs/benchmarks.md, bench/latency).
   */
  private readonly shown: (readonly string[])[] = [];
  private readonly strips: I420Frame[] = [];
  private readonly layout: CabinetLayout;
  private readonly drawn = { reels: [] as string[], credit: '', bet: '', lastWin: '', message: '', name: '', lamps: '' };
  private frameCount = 0;
  /** Something was painted into the frame since render() began. */
  private painted = false;
  private readonly reelMotion: 'sharp' | 'blur';
  private readonly spinLeadMs: number;
  private readonly frameStamp: boolean;

  constructor(width: number, height: number, options: FrameRendererOptions = {}) {
    this.width = width;
    this.height = height;
    this.reelMotion = options.reelMotion ?? 'sharp';
    this.spinLeadMs = options.spinLeadMs ?? 33;
    this.frameStamp = options.frameStamp ?? false;
    this.canvas = createCanvas(width, height);
    this.ctx = this.canvas.getContext('2d');
    this.frame = blankI420(width, height);
    this.planes = i420Planes(this.frame);
    this.layout = cabinetLayout(width, height);
    this.cabinetRgba = drawCabinet(width, height, this.frameStamp);
    this.cabinet = toI420(this.cabinetRgba);
    if (this.reelMotion === 'blur') {
      const { w, h } = this.layout.cell;
      const glyphs = new Map<string, ImageData>();
      const glyph = (symbol: string) => {
        let pixels = glyphs.get(symbol);
        if (!pixels) glyphs.set(symbol, (pixels = drawGlyph(symbol, w, h)));
        return pixels;
      };
      for (let i = 0; i < REEL_COUNT; i++) this.strips.push(toI420(drawStrip(i, this.layout.cell, glyph)));
    }
  }

  /** Draws the frame for `state` at `nowMs` (Date.now() clock) and returns its pixels. */
  render(state: CabinetViewState, nowMs: number = Date.now()): RenderedFrame {
    this.painted = this.frameCount === 0;
    if (this.frameCount === 0) this.frame.data.set(this.cabinet.data);
    this.paintName(state.name);
    this.paintLamps(state, nowMs);
    this.paintReels(state, nowMs);
    if (!state.spinning) this.warmGlyph();
    this.paintMeter('credit', 'credit', state.credit);
    this.paintMeter('bet', 'bet', state.bet);
    this.paintMeter('lastWin', 'lastWin', state.lastWin);
    this.paintMessage(state);
    const stamp: FrameStamp | null = this.frameStamp ? { clockMs: Math.floor(nowMs) >>> 0, frame: this.frameCount & 0xffff } : null;
    if (stamp) this.paintStamp(stamp);
    this.frameCount++;
    return { i420: this.frame, stamp, changed: this.painted || stamp !== null };
  }

  /** Forget what was painted, so the next frame repaints every region. */
  invalidate(): void {
    this.frameCount = 0;
    this.drawn.reels = [];
    this.drawn.credit = this.drawn.bet = this.drawn.lastWin = this.drawn.message = this.drawn.name = this.drawn.lamps = '';
  }

  /** Copies a w x h block (even coordinates) from `src` at (sx, sy) into the frame at (dx, dy). */
  private blit(src: I420Frame, sx: number, sy: number, w: number, h: number, dx: number, dy: number): void {
    this.painted = true;
    copyI420Block(src, sx, sy, w, h, this.frame, dx, dy);
  }

  private restore(rect: Rect): void {
    this.blit(this.cabinet, rect.x, rect.y, rect.w, rect.h, rect.x, rect.y);
  }

  /** Starts drawing into `rect` of the scratch canvas over the cabinet background. */
  private beginScratch(rect: Rect): SKRSContext2D {
    this.ctx.putImageData(this.cabinetRgba, 0, 0, rect.x, rect.y, rect.w, rect.h);
    return this.ctx;
  }

  /** Converts the scratch canvas's `rect` (even coordinates, so its chroma is whole) into the frame. */
  private endScratch(rect: Rect): void {
    const key = `${rect.w}x${rect.h}`;
    let i420 = this.scratchI420.get(key);
    if (!i420) this.scratchI420.set(key, (i420 = blankI420(rect.w, rect.h)));
    toI420(this.ctx.getImageData(rect.x, rect.y, rect.w, rect.h), i420);
    this.blit(i420, 0, 0, rect.w, rect.h, rect.x, rect.y);
  }

  /** The stamp's cells in the Y plane, black and white as the converter gives them, on neutral chroma. */
  private paintStamp(stamp: FrameStamp): void {
    const { y: luma, u, v, chromaWidth } = this.planes;
    const { width, black, white } = this;
    drawFrameStamp(
      {
        fillStyle: '#000',
        fillRect(x, y, w, h) {
          const value = this.fillStyle === '#fff' ? white.y : black.y;
          for (let row = y; row < y + h; row++) luma.fill(value, row * width + x, row * width + x + w);
        },
      },
      this.height,
      stamp,
    );
    const cell = stampCellSize(this.height);
    const chromaW = Math.ceil((STAMP_COLUMNS * cell) / 2);
    for (let row = 0; row < Math.ceil((STAMP_ROWS * cell) / 2); row++) {
      u.fill(black.u, row * chromaWidth, row * chromaWidth + chromaW);
      v.fill(black.v, row * chromaWidth, row * chromaWidth + chromaW);
    }
  }

  private paintName(name: string): void {
    if (this.drawn.name === name) return;
    this.drawn.name = name;
    const rect = this.layout.name;
    const ctx = this.beginScratch(rect);
    ctx.save();
    ctx.beginPath();
    ctx.rect(rect.x, rect.y, rect.w, rect.h);
    ctx.clip();
    ctx.fillStyle = '#ffe082';
    ctx.font = `bold ${Math.round(rect.h * 0.5)}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, rect.x + rect.w / 2, rect.y + rect.h / 2, rect.w - 8);
    ctx.restore();
    this.endScratch(rect);
  }

  private paintLamps(state: CabinetViewState, nowMs: number): void {
    const blinkOn = Math.floor(nowMs / 250) % 2 === 0;
    const lit = LAMP_IDS.map((id) => {
      const on = state.lamps?.[id] === true;
      const blinks = (id === 'win' && state.status === 'win') || (id === 'tilt' && on);
      return on && (!blinks || blinkOn);
    });
    const key = lit.map((on) => (on ? '1' : '0')).join('');
    if (this.drawn.lamps === key) return;
    this.drawn.lamps = key;
    const rect = this.layout.lamps;
    const ctx = this.beginScratch(rect);
    const radius = Math.min(rect.h * 0.3, rect.w / (LAMP_IDS.length * 2.6));
    LAMP_IDS.forEach((id, i) => {
      const cx = rect.x + (rect.w / LAMP_IDS.length) * (i + 0.5);
      const cy = rect.y + rect.h / 2;
      ctx.beginPath();
      ctx.arc(cx, cy, radius, 0, Math.PI * 2);
      ctx.fillStyle = lit[i] ? LAMP_COLORS[id] : '#3a2a2a';
      ctx.fill();
      ctx.lineWidth = Math.max(1, radius * 0.15);
      ctx.strokeStyle = '#b8912f';
      ctx.stroke();
    });
    this.endScratch(rect);
  }

  private paintReels(state: CabinetViewState, nowMs: number): void {
    const stops = state.reelStopMs ?? DEFAULT_REEL_STOP_MS;
    const elapsed = state.spinStartedAt === null ? Infinity : nowMs - state.spinStartedAt;
    const { cell } = this.layout;
    for (let i = 0; i < REEL_COUNT; i++) {
      const rect = this.layout.reels[i]!;
      const moving = state.spinning && elapsed >= 0 && elapsed < (stops[i] ?? stops[stops.length - 1] ?? 0);
      if (moving && this.reelMotion === 'sharp') {
        this.drawn.reels[i] = '';
        this.paintScrollingReel(i, this.shown[i] ?? state.reels[i] ?? [], reelTravel(elapsed + this.spinLeadMs, cell.h));
        continue;
      }
      if (moving) {
        this.drawn.reels[i] = '';
        const strip = this.strips[i]!;
        const loop = STRIP_SYMBOLS.length * cell.h;
        this.blit(strip, 0, loop - (reelTravel(elapsed, cell.h) % loop), cell.w, cell.h * ROW_COUNT, rect.x, rect.y);
        continue;
      }
      const symbols = state.reels[i] ?? [];
      this.shown[i] = symbols;
      const key = symbols.join('|');
      if (this.drawn.reels[i] === key) continue;
      this.drawn.reels[i] = key;
      this.restore(rect);
      for (let row = 0; row < ROW_COUNT; row++) {
        const symbol = symbols[row];
        if (symbol !== undefined) this.blit(this.glyph(symbol), 0, 0, cell.w, cell.h, rect.x, rect.y + row * cell.h);
      }
    }
  }

  /**
   * A reel moved down by `travel` px: its own symbols (rows 0..2) slide out at the bottom and
   * sharp strip symbols come in at the top (strip symbol k sits above the reel's top row at -k-1).
   */
  private paintScrollingReel(reel: number, symbols: readonly string[], travel: number): void {
    const rect = this.layout.reels[reel]!;
    const { h } = this.layout.cell;
    const height = h * ROW_COUNT;
    let y = 0;
    while (y < height) {
      const c = y - travel;
      const j = Math.floor(c / h);
      const offset = c - j * h;
      const rows = Math.min(h - offset, height - y);
      const symbol = j >= 0 ? symbols[j] : stripSymbol(reel, -j - 1);
      if (symbol === undefined) this.blit(this.cabinet, rect.x, rect.y + y, this.layout.cell.w, rows, rect.x, rect.y + y);
      else this.blit(this.glyph(symbol), 0, offset, this.layout.cell.w, rows, rect.x, rect.y + y);
      y += rows;
    }
  }

  private paintMeter(slot: 'credit' | 'bet' | 'lastWin', key: 'credit' | 'bet' | 'lastWin', minor: number): void {
    const text = formatMinor(minor);
    if (this.drawn[key] === text) return;
    this.drawn[key] = text;
    const { box, value } = this.layout.meters[slot];
    const ctx = this.beginScratch(value);
    ctx.fillStyle = '#ff3d00';
    ctx.font = `bold ${Math.round(box.h * 0.42)}px DejaVu Sans Mono, monospace`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, value.x + value.w / 2, value.y + value.h / 2, value.w - 8);
    this.endScratch(value);
  }

  private paintMessage(state: CabinetViewState): void {
    const text =
      state.message || (state.status === 'idle' || state.status === 'spinning' ? '' : state.status.toUpperCase().replace(/[-_]/g, ' '));
    if (this.drawn.message === text && this.frameCount > 0) return;
    this.drawn.message = text;
    const rect = this.layout.message;
    if (!text) {
      this.restore(rect);
      return;
    }
    const ctx = this.beginScratch(rect);
    ctx.fillStyle = '#fff8e1';
    ctx.font = `bold ${Math.round(rect.h * 0.62)}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, rect.x + rect.w / 2, rect.y + rect.h / 2, rect.w - 16);
    this.endScratch(rect);
  }

  /** Draws one strip glyph not drawn yet per still frame, so that the first spin finds them all ready. */
  private warmGlyph(): void {
    const missing = STRIP_SYMBOLS.find((symbol) => !this.glyphs.has(symbol));
    if (missing) this.glyph(missing);
  }

  private glyph(symbol: string): I420Frame {
    let glyph = this.glyphs.get(symbol);
    if (glyph) return glyph;
    glyph = toI420(drawGlyph(symbol, this.layout.cell.w, this.layout.cell.h));
    this.glyphs.set(symbol, glyph);
    return glyph;
  }
}
