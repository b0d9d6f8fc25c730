import { createCanvas, type Canvas, type ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { formatMinor } from '@reelcast/protocol';
import { DEFAULT_REEL_STOP_MS, LAMP_IDS, REEL_COUNT, ROW_COUNT, type CabinetViewState, type LampId } from './cabinet-state.ts';
import { drawFrameStamp, STAMP_COLUMNS, STAMP_ROWS, stampCellSize, type FrameStamp } from './frame-stamp.ts';

/** Everything is laid out on a 1280x720 design and scaled to the band size once, when layers are cached. */
const DESIGN_W = 1280;
const DESIGN_H = 720;
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const STRIP_SYMBOLS = ['seven', 'cherry', 'bar', 'bell', 'lemon', 'plum', 'orange', 'wild', 'grape', 'star'];
/** Reel scroll speed while spinning, in symbol rows per second. */
const SPIN_ROWS_PER_SECOND = 6;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface SymbolStyle {
  fill: string;
  ink: string;
  text: string;
}

const SYMBOL_STYLES: Record<string, SymbolStyle> = {
  seven: { fill: '#c62828', ink: '#fff3e0', text: '7' },
  bar: { fill: '#212121', ink: '#ffd54f', text: 'BAR' },
  cherry: { fill: '#ad1457', ink: '#fff', text: 'CHERRY' },
  bell: { fill: '#f9a825', ink: '#3e2723', text: 'BELL' },
  lemon: { fill: '#fdd835', ink: '#33691e', text: 'LEMON' },
  orange: { fill: '#ef6c00', ink: '#fff', text: 'ORANGE' },
  plum: { fill: '#6a1b9a', ink: '#fff', text: 'PLUM' },
  grape: { fill: '#4527a0', ink: '#fff', text: 'GRAPE' },
  star: { fill: '#1565c0', ink: '#fff59d', text: '★' },
  wild: { fill: '#2e7d32', ink: '#fff', text: 'WILD' },
  scatter: { fill: '#00838f', ink: '#fff', text: 'SCATTER' },
  diamond: { fill: '#0277bd', ink: '#e1f5fe', text: '◆' },
};

/** A symbol's tile colours and text (unknown names get a colour from their hash). */
export function styleOf(symbol: string): SymbolStyle {
  const known = SYMBOL_STYLES[symbol.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const ch of symbol) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return { fill: `hsl(${hash % 360}, 55%, 38%)`, ink: '#fff', text: symbol.toUpperCase().slice(0, 7) };
}

export const LAMP_COLORS: Record<LampId, string> = {
  candle: '#ffca28',
  win: '#66bb6a',
  bonus: '#ab47bc',
  service: '#29b6f6',
  tilt: '#ef5350',
};

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
  private readonly reelRects: Rect[] = [];
  private readonly cell: { w: number; h: number };
  private readonly meterRects: Record<'credit' | 'bet' | 'lastWin', Rect>;
  private readonly messageRect: Rect;
  private readonly nameRect: Rect;
  private readonly lampRect: Rect;
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
    const sx = width / DESIGN_W;
    const sy = height / DESIGN_H;
    const r = (x: number, y: number, w: number, h: number): Rect => {
      const x0 = Math.round(x * sx);
      const y0 = Math.round(y * sy);
      return { x: x0, y: y0, w: Math.round((x + w) * sx) - x0, h: Math.round((y + h) * sy) - y0 };
    };
    const reelW = 200;
    const gap = 10;
    for (let i = 0; i < REEL_COUNT; i++) this.reelRects.push(r(120 + i * (reelW + gap), 112, reelW, 438));
    // Every reel draws the same glyph size; the rounding remainder stays cabinet background.
    this.cell = {
      w: Math.min(...this.reelRects.map((rect) => rect.w)),
      h: Math.floor(Math.min(...this.reelRects.map((rect) => rect.h)) / ROW_COUNT),
    };
    this.meterRects = { credit: r(120, 604, 320, 100), bet: r(480, 604, 320, 100), lastWin: r(840, 604, 320, 100) };
    this.messageRect = r(120, 556, 1040, 40);
    const stampRight = STAMP_COLUMNS * stampCellSize(height);
    this.nameRect = { ...r(0, 8, 900, 84), x: stampRight + 8 };
    this.nameRect.w = Math.round(900 * sx) - this.nameRect.x;
    this.lampRect = r(920, 16, 340, 68);
    this.cabinet = this.drawCabinet(sx, sy);
    if (this.reelMotion === 'blur') for (let i = 0; i < REEL_COUNT; i++) this.strips.push(this.drawStrip(i));
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
    const rect = this.nameRect;
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
    const rect = this.lampRect;
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
    for (let i = 0; i < REEL_COUNT; i++) {
      const rect = this.reelRects[i]!;
      const moving = state.spinning && elapsed >= 0 && elapsed < (stops[i] ?? stops[stops.length - 1] ?? 0);
      if (moving && this.reelMotion === 'sharp') {
        this.drawn.reels[i] = '';
        this.paintScrollingReel(i, this.shown[i] ?? state.reels[i] ?? [], this.travel(elapsed));
        continue;
      }
      if (moving) {
        this.drawn.reels[i] = '';
        const strip = this.strips[i]!;
        const loop = STRIP_SYMBOLS.length * this.cell.h;
        const travelled = Math.floor((elapsed * SPIN_ROWS_PER_SECOND * this.cell.h) / 1000) % loop;
        this.blit(strip, 0, loop - travelled, this.cell.w, this.cell.h * ROW_COUNT, rect.x, rect.y);
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
        if (symbol !== undefined) this.blit(this.glyph(symbol), 0, 0, this.cell.w, this.cell.h, rect.x, rect.y + row * this.cell.h);
      }
    }
  }

  /** Pixels a reel has moved `elapsed` ms after the press: full speed at once, whole pixels. */
  private travel(elapsed: number): number {
    return Math.floor(((elapsed + this.spinLeadMs) * SPIN_ROWS_PER_SECOND * this.cell.h) / 1000);
  }

  /**
   * A reel moved down by `travel` px: its own symbols (rows 0..2) slide out at the bottom and
   * sharp strip symbols come in at the top (strip symbol k sits above the reel's top row at -k-1).
   */
  private paintScrollingReel(reel: number, symbols: readonly string[], travel: number): void {
    const rect = this.reelRects[reel]!;
    const { h } = this.cell;
    const height = h * ROW_COUNT;
    const n = STRIP_SYMBOLS.length;
    let y = 0;
    while (y < height) {
      const c = y - travel;
      const j = Math.floor(c / h);
      const offset = c - j * h;
      const rows = Math.min(h - offset, height - y);
      const symbol = j >= 0 ? symbols[j] : STRIP_SYMBOLS[((-j - 1) * 3 + reel * 2) % n];
      if (symbol === undefined) this.blit(this.cabinet, rect.x, rect.y + y, this.cell.w, rows, rect.x, rect.y + y);
      else this.blit(this.glyph(symbol), 0, offset, this.cell.w, rows, rect.x, rect.y + y);
      y += rows;
    }
  }

  private paintMeter(slot: 'credit' | 'bet' | 'lastWin', key: 'credit' | 'bet' | 'lastWin', minor: number): void {
    const text = formatMinor(minor);
    if (this.drawn[key] === text) return;
    this.drawn[key] = text;
    const rect = this.meterRects[slot];
    const valueRect = { x: rect.x + 4, y: rect.y + Math.round(rect.h * 0.38), w: rect.w - 8, h: Math.round(rect.h * 0.58) };
    const ctx = this.beginScratch(valueRect);
    ctx.fillStyle = '#ff3d00';
    ctx.font = `bold ${Math.round(rect.h * 0.42)}px DejaVu Sans Mono, monospace`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, valueRect.x + valueRect.w / 2, valueRect.y + valueRect.h / 2, valueRect.w - 8);
    this.endScratch(valueRect);
  }

  private paintMessage(state: CabinetViewState): void {
    const text =
      state.message || (state.status === 'idle' || state.status === 'spinning' ? '' : state.status.toUpperCase().replace(/[-_]/g, ' '));
    if (this.drawn.message === text && this.frameCount > 0) return;
    this.drawn.message = text;
    const rect = this.messageRect;
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
    const { w, h } = this.cell;
    const g = createCanvas(w, h).getContext('2d');
    const bg = g.createLinearGradient(0, 0, 0, h);
    bg.addColorStop(0, '#fafafa');
    bg.addColorStop(0.5, '#ffffff');
    bg.addColorStop(1, '#d7d7d7');
    g.fillStyle = bg;
    g.fillRect(0, 0, w, h);
    const style = styleOf(symbol);
    const pad = Math.round(Math.min(w, h) * 0.1);
    g.fillStyle = style.fill;
    g.beginPath();
    g.roundRect(pad, pad, w - pad * 2, h - pad * 2, pad);
    g.fill();
    g.fillStyle = style.ink;
    const size = style.text.length <= 2 ? h * 0.55 : Math.min(h * 0.3, (w * 1.5) / style.text.length);
    g.font = `bold ${Math.round(size)}px ${FONT}`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(style.text, w / 2, h / 2, w - pad * 3);
    glyph = g.getImageData(0, 0, w, h);
    this.glyphs.set(symbol, glyph);
    return glyph;
  }

  /** A vertical strip of motion-blurred symbols, long enough to wrap around (its first rows repeat at the end). */
  private drawStrip(reel: number): ImageData {
    const { w, h } = this.cell;
    const n = STRIP_SYMBOLS.length;
    const sharp = createCanvas(w, h * (n + ROW_COUNT));
    const s = sharp.getContext('2d');
    for (let k = 0; k < n + ROW_COUNT; k++) s.putImageData(this.glyph(STRIP_SYMBOLS[(k * 3 + reel * 2) % n]!), 0, k * h);
    const strip = createCanvas(w, h * (n + ROW_COUNT));
    const b = strip.getContext('2d');
    const smear = Math.max(2, Math.round(h * 0.06));
    b.globalAlpha = 1 / 5;
    for (let k = -2; k <= 2; k++) b.drawImage(sharp, 0, k * smear);
    b.globalAlpha = 1;
    return b.getImageData(0, 0, w, h * (n + ROW_COUNT));
  }

  private drawCabinet(sx: number, sy: number): ImageData {
    const canvas = createCanvas(this.width, this.height);
    const c = canvas.getContext('2d');
    c.scale(sx, sy);
    const bg = c.createLinearGradient(0, 0, 0, DESIGN_H);
    bg.addColorStop(0, '#4a0d0d');
    bg.addColorStop(0.5, '#240606');
    bg.addColorStop(1, '#120303');
    c.fillStyle = bg;
    c.fillRect(0, 0, DESIGN_W, DESIGN_H);
    c.strokeStyle = '#c9a23a';
    c.lineWidth = 8;
    c.strokeRect(4, 4, DESIGN_W - 8, DESIGN_H - 8);
    c.fillStyle = '#2b0a3d';
    c.fillRect(12, 8, DESIGN_W - 24, 92);
    c.strokeStyle = '#c9a23a';
    c.lineWidth = 3;
    c.strokeRect(12, 8, DESIGN_W - 24, 92);
    c.fillStyle = '#0b0b0b';
    c.fillRect(108, 104, 1064, 454);
    c.strokeStyle = '#e0c068';
    c.lineWidth = 6;
    c.strokeRect(108, 104, 1064, 454);
    c.fillStyle = '#1a1a1a';
    for (let i = 0; i < REEL_COUNT; i++) c.fillRect(120 + i * 210, 112, 200, 438);
    const labels: [string, number][] = [
      ['CREDIT', 120],
      ['BET', 480],
      ['WIN', 840],
    ];
    for (const [label, x] of labels) {
      c.fillStyle = '#050505';
      c.fillRect(x, 604, 320, 100);
      c.strokeStyle = '#c9a23a';
      c.lineWidth = 3;
      c.strokeRect(x, 604, 320, 100);
      c.fillStyle = '#ffd54f';
      c.font = `bold 24px ${FONT}`;
      c.textAlign = 'center';
      c.textBaseline = 'middle';
      c.fillText(label, x + 160, 624);
    }
    c.setTransform(1, 0, 0, 1, 0, 0);
    if (this.frameStamp) {
      // The stamp area is painted every frame; keep it black underneath.
      const cell = stampCellSize(this.height);
      c.fillStyle = '#000';
      c.fillRect(0, 0, STAMP_COLUMNS * cell, STAMP_ROWS * cell);
    }
    return c.getImageData(0, 0, this.width, this.height);
  }
}
