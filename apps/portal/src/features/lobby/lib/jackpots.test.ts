import { describe, expect, it } from 'vitest';
import { isHotJackpot } from './jackpots';

describe('isHotJackpot (Settings.json hotFlagLimit)', () => {
  it('flags a jackpot at or above the limit, in the display units the brand gives', () => {
    expect(isHotJackpot('25000.00', 20000)).toBe(true);
    expect(isHotJackpot('20000', 20000)).toBe(true);
    expect(isHotJackpot('19999.99', 20000)).toBe(false);
  });

  it('flags none with a limit of 0, nor a jackpot that is not a number', () => {
    expect(isHotJackpot('25000.00', 0)).toBe(false);
    expect(isHotJackpot('MEGA', 20000)).toBe(false);
  });
});
