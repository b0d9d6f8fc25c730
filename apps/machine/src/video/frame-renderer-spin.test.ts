import { describe, expect, it } from 'vitest';
import { idleCabinetState, type CabinetViewState } from './cabinet-state.ts';
import { FrameRenderer } from './frame-renderer.ts';
import type { I420Frame } from './wrtc.ts';

/** The luma column x of rows y0..y1 of an I420 frame. */
function column({ width, data }: I420Frame, x: number, y0: number, y1: number): number[] {
  const out: number[] = [];
  for (let y = y0; y < y1; y++) out.push(data[y * width + x]!);
  return out;
}

describe('FrameRenderer, the first frame of a spin', () => {
  // Reel 0 at 1280x720 (frame-renderer.ts): x 120–320, y 112–550; its middle column.
  const [x, top, bottom] = [220, 112, 550];
  const before: CabinetViewState = { ...idleCabinetState('Spin'), credit: 10_000, bet: 100 };
  // The press already holds the outcome: other symbols on every reel.
  const outcome = before.reels.map((reel) => [...reel].reverse().map((symbol) => (symbol === 'bar' ? 'star' : symbol)));

  it("is the picture on screen moved down (the reel's shown symbols scroll away, not the outcome's)", () => {
    const renderer = new FrameRenderer(1280, 720);
    const now = Date.now();
    const still = column(renderer.render(before, now).i420, x, top, bottom);
    const spin = { ...before, reels: outcome, spinning: true, spinStartedAt: now + 33, status: 'spinning' };
    const moved = column(renderer.render(spin, now + 33).i420, x, top, bottom);
    expect(moved).not.toEqual(still);
    // Some downward shift of the still column gives the moved one (below the rows that came in at the top).
    const shift = [...Array(120).keys()].slice(1).find((s) => moved.slice(s).every((value, i) => value === still[i]));
    expect(shift).toBeDefined();
  });

  it('shows the outcome once the reel has stopped', () => {
    const renderer = new FrameRenderer(1280, 720);
    const now = Date.now();
    renderer.render(before, now);
    const stopped = column(renderer.render({ ...before, reels: outcome }, now + 2_000).i420, x, top, bottom);
    const fresh = column(new FrameRenderer(1280, 720).render({ ...before, reels: outcome }, now).i420, x, top, bottom);
    expect(stopped).toEqual(fresh);
  });
});
