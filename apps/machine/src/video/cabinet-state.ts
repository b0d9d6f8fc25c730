/**
 * What the frame renderer needs to draw a cabinet. The game engine maps its own state onto this;
 * the renderer never mutates it and reads it once per frame.
 */
export interface CabinetViewState {
  /** Shown on the marquee. */
  readonly name: string;
  /** Meters, integers in minor units (kuruş): drawn as 1,234.56. */
  readonly credit: number;
  readonly bet: number;
  readonly lastWin: number;
  /** reels[reel][row]: 5 reels of 3 visible symbols, top to bottom. Unknown names get a generic glyph. */
  readonly reels: readonly (readonly string[])[];
  /** True from the spin press until the engine reports the result settled. */
  readonly spinning: boolean;
  /** Date.now() of the spin press; reels move from then until their stop time. */
  readonly spinStartedAt: number | null;
  /** Per reel, ms after spinStartedAt when the reel lands; defaults to DEFAULT_REEL_STOP_MS. */
  readonly reelStopMs?: readonly number[];
  /** Machine status as the engine names it (idle, spinning, win, out-of-order, ...). */
  readonly status: string;
  /** One line under the reels (e.g. "WIN 12.50", "INSERT CREDIT"); empty hides it. */
  readonly message?: string;
  readonly lamps?: Readonly<Partial<Record<LampId, boolean>>>;
}

export type LampId = 'candle' | 'win' | 'bonus' | 'service' | 'tilt';
export const LAMP_IDS: readonly LampId[] = ['candle', 'win', 'bonus', 'service', 'tilt'];

/** Reels land one after another: reel i stops this many ms after the spin press. */
export const DEFAULT_REEL_STOP_MS: readonly number[] = [700, 900, 1100, 1300, 1500];

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

export function idleCabinetState(name: string): CabinetViewState {
  return {
    name,
    credit: 0,
    bet: 0,
    lastWin: 0,
    reels: Array.from({ length: REEL_COUNT }, (_, i) => ['seven', 'bar', 'cherry', 'bell', 'lemon'].slice(i % 3, (i % 3) + 3)),
    spinning: false,
    spinStartedAt: null,
    status: 'idle',
    message: '',
    lamps: { candle: true },
  };
}
