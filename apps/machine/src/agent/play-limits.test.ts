import { describe, expect, it } from 'vitest';
import { ProtectionCode } from '@reelcast/protocol';
import { PlayLimitWatch } from './play-limits.ts';

const T0 = Date.parse('2026-05-01T10:00:00Z');
const protection = { playUntil: null, playLimitMinutes: null, lossRoom: null, realityCheckMinutes: 15 };

describe('the seat keeps the player limits', () => {
  it('pauses for a reality check every N minutes of play, with the time played and the net result', () => {
    const watch = new PlayLimitWatch(protection, { startedAt: T0, now: T0, warningCount: 10 });
    watch.cashedIn(10_000, 'a');
    watch.cashedIn(10_000, 'a');
    expect(watch.step({ now: T0 + 15 * 60_000 - 1, credit: 8_000, minBet: 100 })).toEqual({ do: 'nothing' });
    expect(watch.step({ now: T0 + 15 * 60_000, credit: 8_000, minBet: 100 })).toEqual({
      do: 'reality-check',
      playedSeconds: 900,
      net: -2_000,
    });
    expect(watch.paused).toBe(true);
    // Unanswered, it is not asked again.
    expect(watch.step({ now: T0 + 40 * 60_000, credit: 8_000, minBet: 100 })).toEqual({ do: 'nothing' });
    watch.resume(T0 + 40 * 60_000);
    expect(watch.step({ now: T0 + 55 * 60_000 - 1, credit: 8_000, minBet: 100 })).toEqual({ do: 'nothing' });
    expect(watch.step({ now: T0 + 55 * 60_000, credit: 8_000, minBet: 100 }).do).toBe('reality-check');
  });

  it('a resumed seat keeps its schedule from the session start', () => {
    const watch = new PlayLimitWatch(protection, { startedAt: T0, now: T0 + 20 * 60_000, warningCount: 10 });
    expect(watch.step({ now: T0 + 30 * 60_000 - 1, credit: 0, minBet: 100 }).do).toBe('nothing');
    expect(watch.step({ now: T0 + 30 * 60_000, credit: 0, minBet: 100 }).do).toBe('reality-check');
  });

  it('counts down from 10 before the play-time limit, then closes', () => {
    const until = T0 + 60 * 60_000;
    const watch = new PlayLimitWatch(
      { ...protection, realityCheckMinutes: 120, playUntil: new Date(until).toISOString(), playLimitMinutes: 60 },
      { startedAt: T0, now: T0, warningCount: 10 },
    );
    expect(watch.step({ now: until - 10_001, credit: 500, minBet: 100 }).do).toBe('nothing');
    const steps = Array.from({ length: 11 }, (_, i) => watch.step({ now: until - 10_000 + i * 1000, credit: 500, minBet: 100 }));
    expect(steps.slice(0, 10).map((s) => (s.do === 'warn' ? s.count : null))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(steps[10]).toEqual({ do: 'close', code: ProtectionCode.PlayTimeLimitReached, params: { minutes: 60 } });
  });

  it('closes once the loss room is spent and the credit cannot pay a bet; a cash-out gives room back', () => {
    const watch = new PlayLimitWatch(
      { ...protection, lossRoom: 5_000, realityCheckMinutes: 120 },
      { startedAt: T0, now: T0, warningCount: 2 },
    );
    watch.cashedIn(5_000, 'a');
    expect(watch.step({ now: T0 + 1000, credit: 100, minBet: 100 }).do).toBe('nothing');
    watch.cashedOut(1_000);
    expect(watch.step({ now: T0 + 2000, credit: 0, minBet: 100 }).do).toBe('nothing');
    watch.cashedIn(1_000, 'b');
    expect(watch.step({ now: T0 + 3000, credit: 99, minBet: 100 })).toEqual({
      do: 'warn',
      code: ProtectionCode.LossLimitReachedInPlay,
      count: 2,
    });
    expect(watch.step({ now: T0 + 4000, credit: 99, minBet: 100 })).toEqual({
      do: 'warn',
      code: ProtectionCode.LossLimitReachedInPlay,
      count: 1,
    });
    expect(watch.step({ now: T0 + 5000, credit: 99, minBet: 100 })).toEqual({ do: 'close', code: ProtectionCode.LossLimitReachedInPlay });
  });
});
