import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { IdleCountdown } from './idle-countdown.ts';

const timing = { idleNoCreditMs: 60_000, idleWithCreditMs: 300_000, warningCount: 3 };
const idle = (idleForMs: number, credit = 0) => ({ idleForMs, credit, busy: false });

describe('the idle countdown (SPEC §4)', () => {
  it('warns from warningCount down to 1 after the limit without credit (18800), then closes', () => {
    const countdown = new IdleCountdown(timing);
    expect(countdown.step(idle(59_999))).toEqual({ do: 'nothing' });
    expect([60_000, 61_000, 62_000, 63_000].map((ms) => countdown.step(idle(ms)))).toEqual([
      { do: 'warn', code: ErrorCode.SecondsLeftToDeposit, count: 3 },
      { do: 'warn', code: ErrorCode.SecondsLeftToDeposit, count: 2 },
      { do: 'warn', code: ErrorCode.SecondsLeftToDeposit, count: 1 },
      { do: 'close' },
    ]);
  });

  it('waits the longer limit with credit on the meter, and warns with 18802', () => {
    const countdown = new IdleCountdown(timing);
    expect(countdown.step(idle(299_999, 500))).toEqual({ do: 'nothing' });
    expect(countdown.step(idle(300_000, 500))).toEqual({ do: 'warn', code: ErrorCode.SecondsLeftToContinue, count: 3 });
  });

  it('activity, a player gone, autoplay or a hand pay stop the count; it starts from the top again', () => {
    for (const interruption of [idle(0), null, { idleForMs: 90_000, credit: 0, busy: true }]) {
      const countdown = new IdleCountdown(timing);
      countdown.step(idle(60_000));
      countdown.step(idle(61_000));
      expect(countdown.step(interruption)).toEqual(interruption?.busy ? { do: 'keep-alive' } : { do: 'nothing' });
      expect(countdown.step(idle(60_000))).toEqual({ do: 'warn', code: ErrorCode.SecondsLeftToDeposit, count: 3 });
    }
  });

  it('reset (the seat ended) forgets a running count', () => {
    const countdown = new IdleCountdown(timing);
    countdown.step(idle(60_000));
    countdown.reset();
    expect(countdown.step(idle(60_000))).toMatchObject({ count: 3 });
  });
});
