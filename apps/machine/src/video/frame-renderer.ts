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
import { drawFrameStamp, type FrameStamp } from './frame-stamp.ts';

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
  /** RGBA pixels of the whole frame; the same buffer every call, overwritten by the next render(). */
  readonly rgba: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  /** What the stamp in the frame says; null when the renderer paints none. */
  readonly stamp: FrameStamp | null;
  /** False when no pixel was painted since the previous frame (the picture is the same). */
  readonly changed: boolean;
}

/**
 * Draws cabinet frames at one size. Static parts (cabinet, symbol glyphs, blurred reel strips)
 * are drawn once with the canvas and kept as pixels. Each frame is composed into one persistent
 * RGBA buffer by copying rows: only regions whose content changed (a moving reel, a meter, the
 * lamps) are repainted, text is drawn with the canvas only when it changes, and nothing is
 * allocated per frame (reading a whole canvas back allocates 3.7 MB at 720p, and the garbage
 * collector then costs more than the drawing).
 */
export class FrameRenderer {
  readonly width: number;
  readonly height: number;
  /** Scratch canvas for text and lamps, read back only in the changed rectangle. */
  private readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly frame: Uint8ClampedArray;
  private readonly cabinet: ImageData;
  private readonly glyphs = new Map<string, ImageData>();
  /**
   * The symbols each reel last showed standing still. A spin scrolls these away, not the outcome it
   * already holds: its first frame is then the picture moved (small for VP8) rather than five new reels
   * (a large frame that took 100–200 ms more to reach a viewer: docs/benchmarks.md, bench/latency).
   */
  private readonly shown: (readonly string[])[] = [];
  private readonly strips: ImageData[] = [];
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
    this.frame = new Uint8ClampedArray(width * height * 4);
    this.layout = cabinetLayout(width, height);
    this.cabinet = drawCabinet(width, height, this.frameStamp);
    if (this.reelMotion === 'blur')
      for (let i = 0; i < REEL_COUNT; i++) this.strips.push(drawStrip(i, this.layout.cell, (symbol) => this.glyph(symbol)));
  }

  /** Draws the frame for `state` at `nowMs` (Date.now() clock) and returns its pixels. */
  render(state: CabinetViewState, nowMs: number = Date.now()): RenderedFrame {
    this.painted = this.frameCount === 0;
    if (this.frameCount === 0) this.frame.set(this.cabinet.data);
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
    return { rgba: this.frame, width: this.width, height: this.height, stamp, changed: this.painted || stamp !== null };
  }

  /** Forget what was painted, so the next frame repaints every region. */
  invalidate(): void {
    this.frameCount = 0;
    this.drawn.reels = [];
    this.drawn.credit = this.drawn.bet = this.drawn.lastWin = this.drawn.message = this.drawn.name = this.drawn.lamps = '';
  }

  /** Copies a w x h block from `src` at (sx, sy) into the frame at (dx, dy). */
  private blit(src: ImageData, sx: number, sy: number, w: number, h: number, dx: number, dy: number): void {
    this.painted = true;
    const rowBytes = w * 4;
    for (let row = 0; row < h; row++) {
      const from = ((sy + row) * src.width + sx) * 4;
      this.frame.set(src.data.subarray(from, from + rowBytes), ((dy + row) * this.width + dx) * 4);
    }
  }

  private restore(rect: Rect): void {
    this.blit(this.cabinet, rect.x, rect.y, rect.w, rect.h, rect.x, rect.y);
  }

  /** Starts drawing into `rect` of the scratch canvas over the cabinet background. */
  private beginScratch(rect: Rect): SKRSContext2D {
    this.ctx.putImageData(this.cabinet, 0, 0, rect.x, rect.y, rect.w, rect.h);
    return this.ctx;
  }

  private endScratch(rect: Rect): void {
    const pixels = this.ctx.getImageData(rect.x, rect.y, rect.w, rect.h);
    this.blit(pixels, 0, 0, rect.w, rect.h, rect.x, rect.y);
  }

  private paintStamp(stamp: FrameStamp): void {
    const frame = this.frame;
    const width = this.width;
    drawFrameStamp(
      {
        fillStyle: '#000',
        fillRect(x, y, w, h) {
          const value = this.fillStyle === '#fff' ? 255 : 0;
          for (let row = y; row < y + h; row++) {
            const start = (row * width + x) * 4;
            frame.fill(value, start, start + w * 4);
            for (let i = start + 3; i < start + w * 4; i += 4) frame[i] = 255;
          }
        },
      },
      this.height,
      stamp,
    );
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

  private glyph(symbol: string): ImageData {
    let glyph = this.glyphs.get(symbol);
    if (glyph) return glyph;
    glyph = drawGlyph(symbol, this.layout.cell.w, this.layout.cell.h);
    this.glyphs.set(symbol, glyph);
    return glyph;
  }
}
