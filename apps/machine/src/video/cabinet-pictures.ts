import { createCanvas, type ImageData } from '@napi-rs/canvas';
import { REEL_COUNT, ROW_COUNT, type LampId } from './cabinet-state.ts';
import { STAMP_COLUMNS, STAMP_ROWS, stampCellSize } from './frame-stamp.ts';

/** Everything is laid out on a 1280x720 design and scaled to the band size once, when layers are cached. */
const DESIGN_W = 1280;
const DESIGN_H = 720;
export const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
export const STRIP_SYMBOLS = ['seven', 'cherry', 'bar', 'bell', 'lemon', 'plum', 'orange', 'wild', 'grape', 'star'];

export interface Rect {
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

/** Where each part of the cabinet sits in a frame of one size. */
export interface CabinetLayout {
  readonly reels: readonly Rect[];
  /** Every reel draws the same glyph size; the rounding remainder stays cabinet background. */
  readonly cell: { readonly w: number; readonly h: number };
  /** Each meter's box and the rectangle its value is drawn in. */
  readonly meters: Readonly<Record<'credit' | 'bet' | 'lastWin', { readonly box: Rect; readonly value: Rect }>>;
  readonly message: Rect;
  readonly name: Rect;
  readonly lamps: Rect;
}

/**
 * Scales the design to `width` x `height` with every rectangle, and the glyph cell, on even pixels: the frame is
 * composed in I420, whose chroma covers 2x2 pixels, so a part copied or converted on its own then has whole
 * chroma samples (at 480p and 360p the design's coordinates scale to odd ones).
 */
export function cabinetLayout(width: number, height: number): CabinetLayout {
  const sx = width / DESIGN_W;
  const sy = height / DESIGN_H;
  const even = (v: number) => 2 * Math.round(v / 2);
  const r = (x: number, y: number, w: number, h: number): Rect => {
    const x0 = even(x * sx);
    const y0 = even(y * sy);
    return { x: x0, y: y0, w: even((x + w) * sx) - x0, h: even((y + h) * sy) - y0 };
  };
  const reelW = 200;
  const gap = 10;
  const reels = Array.from({ length: REEL_COUNT }, (_, i) => r(120 + i * (reelW + gap), 112, reelW, 438));
  const cell = {
    w: Math.min(...reels.map((rect) => rect.w)),
    h: 2 * Math.floor(Math.min(...reels.map((rect) => rect.h)) / (2 * ROW_COUNT)),
  };
  const meter = (x: number) => {
    const box = r(x, 604, 320, 100);
    const y = even(box.y + box.h * 0.38);
    return { box, value: { x: box.x + 4, y, w: box.w - 8, h: even(box.y + box.h * 0.96) - y } };
  };
  const stampRight = STAMP_COLUMNS * stampCellSize(height);
  const name = { ...r(0, 8, 900, 84), x: stampRight + 8 };
  name.w = even(900 * sx) - name.x;
  return {
    reels,
    cell,
    meters: { credit: meter(120), bet: meter(480), lastWin: meter(840) },
    message: r(120, 556, 1040, 40),
    name,
    lamps: r(920, 16, 340, 68),
  };
}

/** The symbol `k` places above a reel's top row (k = 0 just above it) on that reel's strip. */
export function stripSymbol(reel: number, k: number): string {
  return STRIP_SYMBOLS[(k * 3 + reel * 2) % STRIP_SYMBOLS.length]!;
}

/** One symbol's tile, `w` x `h` px. */
export function drawGlyph(symbol: string, w: number, h: number): ImageData {
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
  return g.getImageData(0, 0, w, h);
}

/** A vertical strip of motion-blurred symbols, long enough to wrap around (its first rows repeat at the end). */
export function drawStrip(reel: number, cell: { w: number; h: number }, glyph: (symbol: string) => ImageData): ImageData {
  const { w, h } = cell;
  const n = STRIP_SYMBOLS.length;
  const sharp = createCanvas(w, h * (n + ROW_COUNT));
  const s = sharp.getContext('2d');
  for (let k = 0; k < n + ROW_COUNT; k++) s.putImageData(glyph(stripSymbol(reel, k)), 0, k * h);
  const strip = createCanvas(w, h * (n + ROW_COUNT));
  const b = strip.getContext('2d');
  const smear = Math.max(2, Math.round(h * 0.06));
  b.globalAlpha = 1 / 5;
  for (let k = -2; k <= 2; k++) b.drawImage(sharp, 0, k * smear);
  b.globalAlpha = 1;
  return b.getImageData(0, 0, w, h * (n + ROW_COUNT));
}

/** The cabinet without anything that changes: frame, marquee, reel windows, meter boxes and their labels. */
export function drawCabinet(width: number, height: number, frameStamp: boolean): ImageData {
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.scale(width / DESIGN_W, height / DESIGN_H);
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
  if (frameStamp) {
    // The stamp area is painted every frame; keep it black underneath.
    const cell = stampCellSize(height);
    c.fillStyle = '#000';
    c.fillRect(0, 0, STAMP_COLUMNS * cell, STAMP_ROWS * cell);
  }
  return c.getImageData(0, 0, width, height);
}
