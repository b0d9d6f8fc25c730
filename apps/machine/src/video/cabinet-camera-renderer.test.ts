import { describe, expect, it } from 'vitest';
import { CabinetCameraRenderer } from './cabinet-camera-renderer.ts';
import { idleCabinetState, type CabinetViewState } from './cabinet-state.ts';
import { i420Colour, i420Planes } from './i420.ts';
import type { I420Frame } from './wrtc.ts';

const still: CabinetViewState = { ...idleCabinetState('Lucky 7'), reels: Array.from({ length: 5 }, () => ['seven', 'bar', 'cherry']) };
/** The Y, U and V of one pixel of the design's 320x240 layout. */
function pixel(frame: I420Frame, x: number, y: number) {
  const { y: luma, u, v, chromaWidth } = i420Planes(frame);
  const chroma = (y >> 1) * chromaWidth + (x >> 1);
  return { y: luma[y * frame.width + x], u: u[chroma], v: v[chroma] };
}
const copyOf = (frame: I420Frame): I420Frame => ({ ...frame, data: frame.data.slice() });
/** A seven's tile colour (#c62828) as the sinks get it. */
const sevenRed = i420Colour(0xc6, 0x28, 0x28);

describe('the cabinet camera (the emulator draws the whole cabinet from the floor)', () => {
  it('draws a still cabinet once: the same picture, unchanged, until something on the cabinet changes', () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    const first = renderer.render(still, 1_000);
    expect(first).toMatchObject({ i420: { width: 320, height: 240 }, changed: true, stamp: null });
    const copy = first.i420.data.slice();
    expect(renderer.render(still, 5_000).changed).toBe(false);
    expect(renderer.render(still, 5_000).i420.data).toEqual(copy);
    // The candle goes out.
    expect(renderer.render({ ...still, lamps: { candle: false } }, 5_000).changed).toBe(true);
  });

  it("shows the screen's reels in their symbols' colours, and stripes that move while they spin", () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    // Top row of the first reel on the cabinet's small screen: a seven is red (#c62828).
    expect(pixel(renderer.render(still, 0).i420, 124, 72)).toEqual(sevenRed);
    const spin = { ...still, spinning: true, spinStartedAt: 10_000 };
    const a = copyOf(renderer.render(spin, 10_050).i420);
    const b = renderer.render(spin, 10_150).i420;
    expect(b.data).not.toEqual(a.data);
    expect(pixel(a, 124, 72)).not.toEqual(sevenRed);
    // Landed: the reels show the outcome again.
    expect(pixel(renderer.render({ ...still, spinning: false }, 12_000).i420, 124, 72)).toEqual(sevenRed);
  });

  it('invalidate() makes the next frame count as changed', () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    renderer.render(still, 0);
    renderer.invalidate();
    expect(renderer.render(still, 0).changed).toBe(true);
  });
});
