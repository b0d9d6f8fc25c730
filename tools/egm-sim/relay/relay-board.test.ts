import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ButtonHarness, LcusDecoder } from './relay-board.ts';

const frame = (channel: number, state: number): number[] => [0xa0, channel, state, (0xa0 + channel + state) & 0xff];

describe('the LCUS relay board commands (docs/sas-test-link.md §3)', () => {
  it('reads A0, channel, state and checksum, across chunks', () => {
    const decoder = new LcusDecoder();
    const bytes = [...frame(1, 1), ...frame(1, 0)];
    expect(decoder.push(Uint8Array.from(bytes.slice(0, 3)))).toEqual([]);
    expect(decoder.push(Uint8Array.from(bytes.slice(3)))).toEqual([
      { channel: 1, closed: true },
      { channel: 1, closed: false },
    ]);
  });

  it('ignores a frame with a wrong checksum or header, as the board does, and finds the next one', () => {
    const decoder = new LcusDecoder();
    const bad = [0xa0, 0x02, 0x01, 0x00];
    expect(decoder.push(Uint8Array.from([0x55, ...bad, ...frame(2, 1)]))).toEqual([{ channel: 2, closed: true }]);
    expect(decoder.ignoredFrames).toBeGreaterThan(0);
  });
});

describe('the button harness', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const wiring = new Map([
    [1, 'play'],
    [4, 'cashOut'],
  ]);

  it('counts a contact closed for the minimum press time as one press of the button wired to it', () => {
    const pressed: string[] = [];
    const harness = new ButtonHarness(wiring, 30, (button) => pressed.push(button));
    harness.apply({ channel: 1, closed: true });
    vi.advanceTimersByTime(29);
    expect(pressed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pressed).toEqual(['play']);
    // Held closed: no repeat; opened and closed again: a second press.
    vi.advanceTimersByTime(1000);
    harness.apply({ channel: 1, closed: false });
    harness.apply({ channel: 1, closed: true });
    vi.advanceTimersByTime(30);
    expect(pressed).toEqual(['play', 'play']);
  });

  it('ignores a shorter blip (contact bounce) and channels wired to nothing', () => {
    const pressed: string[] = [];
    const harness = new ButtonHarness(wiring, 30, (button) => pressed.push(button));
    harness.apply({ channel: 4, closed: true });
    vi.advanceTimersByTime(10);
    harness.apply({ channel: 4, closed: false });
    harness.apply({ channel: 7, closed: true });
    vi.advanceTimersByTime(100);
    expect(pressed).toEqual([]);
  });

  it('counts a contact held long enough as a press even when its opening is read before the timer runs (a busy loop)', () => {
    const pressed: string[] = [];
    const harness = new ButtonHarness(wiring, 30, (button) => pressed.push(button));
    harness.apply({ channel: 1, closed: true });
    // 50 ms pass on the clock, but no timer runs before the opening is read.
    vi.setSystemTime(Date.now() + 50);
    harness.apply({ channel: 1, closed: false });
    expect(pressed).toEqual(['play']);
    expect(harness.contacts).toEqual([{ button: 'play', outcome: 'pressed', heldMs: 50 }]);
    // Nothing more once the timer's time comes: one press.
    vi.advanceTimersByTime(100);
    expect(pressed).toEqual(['play']);
  });

  it('keeps the last eight closings of wired contacts, each a press or a bounce with the time it was held', () => {
    const harness = new ButtonHarness(wiring, 30, () => {});
    harness.apply({ channel: 1, closed: true });
    vi.advanceTimersByTime(100);
    harness.apply({ channel: 1, closed: false });
    // A pulse read with its close and open together (a reader that stalled): held 0 ms, a bounce.
    harness.apply({ channel: 4, closed: true });
    harness.apply({ channel: 4, closed: false });
    harness.apply({ channel: 7, closed: true });
    harness.apply({ channel: 1, closed: true });
    expect(harness.contacts).toEqual([
      { button: 'play', outcome: 'pressed', heldMs: 100 },
      { button: 'cashOut', outcome: 'bounce', heldMs: 0 },
      { button: 'play', outcome: 'bounce', heldMs: null },
    ]);
    for (let i = 0; i < 10; i++) {
      harness.apply({ channel: 4, closed: false });
      harness.apply({ channel: 4, closed: true });
    }
    expect(harness.contacts).toHaveLength(8);
    expect(harness.contacts.at(-1)).toEqual({ button: 'cashOut', outcome: 'bounce', heldMs: null });
  });
});
