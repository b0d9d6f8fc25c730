import { createCanvas, type Canvas, type ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { DEFAULT_REEL_STOP_MS, REEL_COUNT, ROW_COUNT, type CabinetViewState } from './cabinet-state.ts';
import { LAMP_COLORS, styleOf } from './cabinet-pictures.ts';
import type { RenderedFrame } from './frame-renderer.ts';
import { blankI420, toI420 } from './i420.ts';
import type { I420Frame } from './wrtc.ts';

/** The camera's picture is laid out on a 320x240 design and scaled to its size. */
const DESIGN_W = 320;
const DESIGN_H = 240;
/** A spinning reel's stripes move one step this often (the camera runs at a few frames a second). */
const SPIN_STEP_MS = 100;

/**
 * The emulator's cabinet camera (docs/video.md "Cabinet camera"): the whole cabinet seen from the floor,
 * as a second, wider camera on a real cabinet sees it. The room and the cabinet are drawn once; a frame
 * repaints only the screen's tiny reels and the candle, and only when they change, into one buffer.
 */
export class CabinetCameraRenderer {
  readonly width: number;
  readonly height: number;
  private readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly room: ImageData;
  private readonly frame: I420Frame;
  private readonly screen: { x: number; y: number; w: number; h: number };
  private readonly candle: { x: number; y: number; r: number };
  private drawnKey = '';

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.canvas = createCanvas(width, height);
    this.ctx = this.canvas.getContext('2d');
    this.ctx.scale(width / DESIGN_W, height / DESIGN_H);
    this.screen = { x: 122, y: 70, w: 76, h: 56 };
    this.candle = { x: 160, y: 22, r: 6 };
    this.room = this.drawRoom();
    this.frame = blankI420(width, height);
  }

  render(state: CabinetViewState, nowMs: number = Date.now()): RenderedFrame {
    const reels = this.reelKeys(state, nowMs);
    const win = state.status === 'win' && Math.floor(nowMs / 250) % 2 === 0;
    const key = `${reels.join('/')}|${state.lamps?.candle === true}|${win}|${state.lamps?.tilt === true}`;
    const changed = key !== this.drawnKey;
    if (changed) {
      this.drawnKey = key;
      this.paint(state, reels, win);
    }
    return { i420: this.frame, stamp: null, changed };
  }

  invalidate(): void {
    this.drawnKey = '';
  }

  /** Per reel: its symbols at rest, or the step of its spin. */
  private reelKeys(state: CabinetViewState, nowMs: number): string[] {
    const stops = state.reelStopMs ?? DEFAULT_REEL_STOP_MS;
    const elapsed = state.spinStartedAt === null ? Infinity : nowMs - state.spinStartedAt;
    return Array.from({ length: REEL_COUNT }, (_, i) => {
      const moving = state.spinning && elapsed >= 0 && elapsed < (stops[i] ?? stops.at(-1) ?? 0);
      return moving ? `~${Math.floor(elapsed / SPIN_STEP_MS) % 3}` : (state.reels[i] ?? []).join(',');
    });
  }

  private paint(state: CabinetViewState, reels: readonly string[], win: boolean): void {
    const ctx = this.ctx;
    ctx.putImageData(this.room, 0, 0);
    const { x, y, w, h } = this.screen;
    const reelW = w / REEL_COUNT;
    const rowH = h / ROW_COUNT;
    reels.forEach((reel, i) => {
      for (let row = 0; row < ROW_COUNT; row++) {
        if (reel.startsWith('~')) {
          // A blur of stripes, shifted one step each SPIN_STEP_MS.
          ctx.fillStyle = (row + Number(reel.slice(1))) % 2 === 0 ? '#d7ccc8' : '#6d4c41';
        } else {
          ctx.fillStyle = styleOf(state.reels[i]?.[row] ?? '').fill;
        }
        ctx.fillRect(x + i * reelW + 0.5, y + row * rowH + 0.5, reelW - 1, rowH - 1);
      }
    });
    if (win || state.lamps?.tilt) {
      ctx.strokeStyle = win ? LAMP_COLORS.win : LAMP_COLORS.tilt;
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
    }
    ctx.beginPath();
    ctx.arc(this.candle.x, this.candle.y, this.candle.r, 0, Math.PI * 2);
    ctx.fillStyle = state.lamps?.candle ? LAMP_COLORS.candle : '#4e342e';
    ctx.fill();
    toI420(ctx.getImageData(0, 0, this.width, this.height), this.frame);
  }

  /** The room, the floor and the cabinet without its screen, once. */
  private drawRoom(): ImageData {
    const ctx = this.ctx;
    const wall = ctx.createLinearGradient(0, 0, 0, 170);
    wall.addColorStop(0, '#1b1f2a');
    wall.addColorStop(1, '#2b2f3a');
    ctx.fillStyle = wall;
    ctx.fillRect(0, 0, DESIGN_W, 170);
    ctx.fillStyle = '#3b2f2a';
    ctx.fillRect(0, 170, DESIGN_W, DESIGN_H - 170);
    // The neighbours in the row, dim.
    ctx.fillStyle = '#262a33';
    ctx.fillRect(20, 40, 70, 150);
    ctx.fillRect(230, 40, 70, 150);
    // The cabinet: topper, body, screen bezel, button deck, base.
    ctx.fillStyle = '#7b1f1f';
    ctx.fillRect(110, 30, 100, 30);
    ctx.fillStyle = '#8e2424';
    ctx.fillRect(105, 60, 110, 140);
    ctx.fillStyle = '#111';
    ctx.fillRect(this.screen.x - 4, this.screen.y - 4, this.screen.w + 8, this.screen.h + 8);
    ctx.fillStyle = '#b8912f';
    ctx.fillRect(110, 140, 100, 14);
    for (let i = 0; i < 5; i++) {
      ctx.fillStyle = i === 4 ? '#43a047' : '#eeeeee';
      ctx.fillRect(116 + i * 19, 144, 12, 6);
    }
    ctx.fillStyle = '#4a1414';
    ctx.fillRect(100, 200, 120, 14);
    ctx.fillStyle = 'rgba(0,0,0,0.35)';
    ctx.fillRect(96, 214, 128, 6);
    return ctx.getImageData(0, 0, this.width, this.height);
  }
}
