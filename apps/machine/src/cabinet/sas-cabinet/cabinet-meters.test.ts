import { describe, expect, it } from 'vitest';
import { gameFigures, sessionFigures, type CabinetMeters } from './cabinet-meters.ts';

const zero: CabinetMeters = {
  coinIn: 0,
  coinOut: 0,
  jackpot: 0,
  handPaidCancelled: 0,
  credit: 0,
  aftIn: 0,
  aftOut: 0,
  gamesPlayed: 0,
  aftInCount: 0,
  aftOutCount: 0,
};

describe('figures from meter deltas', () => {
  it('take a game’s bet and win (coin out and hand-paid jackpot) from the meters before and after', () => {
    const after = { ...zero, coinIn: 50, coinOut: 200, jackpot: 1000, gamesPlayed: 1 };
    expect(gameFigures(zero, after, 5)).toEqual({ games: 1, bet: 50, win: 1200 });
  });

  it('carry a meter across its roll-over: 4 BCD bytes of credits wrap at 10^8, 5 of cents at 10^10', () => {
    const denomination = 5;
    const start = { ...zero, coinIn: 99_999_998 * denomination, aftIn: 9_999_999_900, gamesPlayed: 99_999_999 };
    const end = { ...zero, coinIn: 3 * denomination, aftIn: 100, gamesPlayed: 1 };
    expect(sessionFigures(start, end, denomination)).toEqual({ spins: 2, totalBet: 25, totalWon: 0, cashIn: 200, cashOut: 0, handPaid: 0 });
  });

  it('give a seat its spins, bets, wins, cash-in, cash-out and what attendants paid', () => {
    const end = { ...zero, coinIn: 30, coinOut: 18, jackpot: 500, handPaidCancelled: 40, aftIn: 1000, aftOut: 452, gamesPlayed: 6 };
    expect(sessionFigures(zero, end, 1)).toEqual({ spins: 6, totalBet: 30, totalWon: 518, cashIn: 1000, cashOut: 452, handPaid: 540 });
  });
});
