import { describe, expect, it } from 'vitest';
import { CabinetCameraRenderer } from './cabinet-camera-renderer.ts';
import { idleCabinetState, type CabinetViewState } from './cabinet-state.ts';

const still: CabinetViewState = { ...idleCabinetState('Lucky 7'), reels: Array.from({ length: 5 }, () => ['seven', 'bar', 'cherry']) };
/** The RGB of one pixel of the design's 320x240 layout. */
const pixel = (rgba: Uint8ClampedArray, x: number, y: number) => [...rgba.subarray((y * 320 + x) * 4, (y * 320 + x) * 4 + 3)];

describe('the cabinet camera (the emulator draws the whole cabinet from the floor)', () => {
  it('draws a still cabinet once: the same picture, unchanged, until something on the cabinet changes', () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    const first = renderer.render(still, 1_000);
    expect(first).toMatchObject({ width: 320, height: 240, changed: true, stamp: null });
    const copy = first.rgba.slice();
    expect(renderer.render(still, 5_000).changed).toBe(false);
    expect(renderer.render(still, 5_000).rgba).toEqual(copy);
    // The candle goes out.
    expect(renderer.render({ ...still, lamps: { candle: false } }, 5_000).changed).toBe(true);
  });

  it("shows the screen's reels in their symbols' colours, and stripes that move while they spin", () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    // Top row of the first reel on the cabinet's small screen: a seven is red (#c62828).
    expect(pixel(renderer.render(still, 0).rgba, 124, 72)).toEqual([0xc6, 0x28, 0x28]);
    const spin = { ...still, spinning: true, spinStartedAt: 10_000 };
    const a = renderer.render(spin, 10_050).rgba.slice();
    const b = renderer.render(spin, 10_150).rgba.slice();
    expect(b).not.toEqual(a);
    expect(pixel(a, 124, 72)).not.toEqual([0xc6, 0x28, 0x28]);
    // Landed: the reels show the outcome again.
    expect(pixel(renderer.render({ ...still, spinning: false }, 12_000).rgba, 124, 72)).toEqual([0xc6, 0x28, 0x28]);
  });

  it('invalidate() makes the next frame count as changed', () => {
    const renderer = new CabinetCameraRenderer(320, 240);
    renderer.render(still, 0);
    renderer.invalidate();
    expect(renderer.render(still, 0).changed).toBe(true);
  });
});
