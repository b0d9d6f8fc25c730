import { describe, expect, it } from 'vitest';
import {
  contribute,
  defaultCeiling,
  drawTrigger,
  jackpotString,
  maskedName,
  METER_MAX,
  parseJackpotString,
  tierName,
} from './jackpot-rules.ts';

describe('the brand jackpot string', () => {
  it('reads the seeds in minor units, largest tier first, and writes values back in the same form', () => {
    expect(parseJackpotString('12500.00,2500.50,640.75')).toEqual([1_250_000n, 250_050n, 64_075n]);
    expect(parseJackpotString(' 8000 , 1500.5 ,300.50')).toEqual([800_000n, 150_050n, 30_050n]);
    expect(parseJackpotString('')).toEqual([]);
    for (const bad of ['abc', '1,,2', '-5.00', '0.00', '1.234', '100000000.00', '1e3']) expect(parseJackpotString(bad), bad).toBeNull();
    expect(jackpotString([1_250_000n, 250_050n, 64_075n, 5n])).toBe('12500.00,2500.50,640.75,0.05');
    expect(jackpotString(parseJackpotString('25000.00,5120.25,980.00')!)).toBe('25000.00,5120.25,980.00');
  });

  it('names the tiers and bounds the default ceiling', () => {
    expect([0, 1, 2, 3, 4].map(tierName)).toEqual(['Grand', 'Major', 'Minor', 'Mini', 'Tier 5']);
    expect(defaultCeiling(1_000n)).toBe(2_000n);
    expect(defaultCeiling(METER_MAX - 1n)).toBe(METER_MAX);
  });
});

describe('contributions', () => {
  it('over any split of the bets add exactly floor(Σ bets × rate), the rest carried', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const basisPoints of [1, 7, 20, 30, 50, 333, 10_000]) {
      const meter = { value: 0n, carry: 0, contributionBasisPoints: basisPoints };
      let bets = 0n;
      for (let i = 0; i < 500; i++) {
        const bet = BigInt(Math.floor(random() * 5_000));
        bets += bet;
        const { add, carry } = contribute(meter, bet);
        meter.value += add;
        meter.carry = carry;
        expect(meter.value).toBe((bets * BigInt(basisPoints)) / 10_000n);
        expect(BigInt(meter.carry)).toBe((bets * BigInt(basisPoints)) % 10_000n);
      }
    }
  });

  it('stop at the most one payout may carry', () => {
    expect(contribute({ value: METER_MAX - 3n, carry: 0, contributionBasisPoints: 10_000 }, 10n).add).toBe(3n);
    expect(contribute({ value: METER_MAX, carry: 0, contributionBasisPoints: 10_000 }, 10n).add).toBe(0n);
  });
});

it('draws the trigger within the seed and the ceiling, both included', () => {
  const seen = new Set<bigint>();
  for (let i = 0; i < 400; i++) {
    const trigger = drawTrigger(10n, 13n);
    expect(trigger >= 10n && trigger <= 13n).toBe(true);
    seen.add(trigger);
  }
  expect([...seen].sort()).toEqual([10n, 11n, 12n, 13n]);
  expect(drawTrigger(5n, 5n)).toBe(5n);
});

it('masks a winner to the first letter of their name', () => {
  expect(maskedName('Deniz')).toBe('D***');
  expect(maskedName('  şule ')).toBe('ş***');
  expect(maskedName('')).toBe('?***');
});
