import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainExceptions, testCabinet } from './cabinet-test-helpers.ts';
import { REEL, winFor } from './reel-game.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const SEVEN = REEL.indexOf('SEVEN');
const BLANK = REEL.indexOf('BLANK');
const CHERRY = REEL.indexOf('CHERRY');

function withCredits(credits: number, overrides = {}) {
  const test = testCabinet(overrides);
  test.cabinet.state.credits = credits;
  test.cabinet.powerUp();
  drainExceptions(test.cabinet);
  return test;
}

describe('a game', () => {
  it('takes the bet, reports 7E, and after the reels stop pays the win and reports 7F', () => {
    const { cabinet } = withCredits(100, { gameMs: 500 });
    cabinet.forceNextStops([CHERRY, BLANK, BLANK]);
    cabinet.press('play');
    expect(cabinet.state.credits).toBe(99);
    expect(drainExceptions(cabinet)).toEqual([0x7e]);
    vi.advanceTimersByTime(499);
    expect(cabinet.gameInProgress()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cabinet.state.credits).toBe(99 + winFor([CHERRY, BLANK, BLANK], 1));
    expect(cabinet.state.meters).toMatchObject({ coinIn: 1, coinOut: 1, gamesPlayed: 1, gamesWon: 1, gamesLost: 0 });
    expect(drainExceptions(cabinet)).toEqual([0x7f]);
  });

  it('draws its outcome from the seeded generator: the same seed plays the same games', () => {
    const play = () => {
      const { cabinet } = withCredits(100, { gameMs: 10 });
      const stops: number[][] = [];
      for (let i = 0; i < 5; i++) {
        cabinet.press('play');
        stops.push(cabinet.state.game!.stops);
        vi.advanceTimersByTime(10);
      }
      return stops;
    };
    expect(play()).toEqual(play());
  });

  it('bets 1 to max bet with bet one, plays max bet with max bet, and needs the credits for it', () => {
    const { cabinet } = withCredits(3, { maxBet: 3, gameMs: 10 });
    cabinet.press('betOne');
    cabinet.press('betOne');
    expect(cabinet.state.bet).toBe(3);
    cabinet.press('betOne');
    expect(cabinet.state.bet).toBe(1);
    cabinet.forceNextStops([BLANK, BLANK, BLANK]);
    cabinet.press('maxBet');
    expect(cabinet.state.meters.coinIn).toBe(3);
    vi.advanceTimersByTime(10);
    cabinet.press('play');
    expect(cabinet.whyNoGame(3)).toBe('not enough credits');
    expect(cabinet.state.meters.gamesPlayed).toBe(1);
  });

  it('does not start while play is disabled by the host, the door is open, or a tilt is on', () => {
    const { cabinet } = withCredits(10);
    cabinet.setPlayEnabled(false);
    cabinet.press('play');
    cabinet.setPlayEnabled(true);
    cabinet.setDoor(true);
    cabinet.press('play');
    cabinet.setDoor(false);
    cabinet.setTilt(0x42);
    cabinet.press('play');
    expect(cabinet.state.meters.gamesPlayed).toBe(0);
    expect(drainExceptions(cabinet)).toEqual([0x11, 0x12, 0x42]);
    // Each refusal is kept, with why, for the control channel's status.
    expect(cabinet.refusedGames.map(({ why }) => why)).toEqual(['play disabled by the host', 'slot door open', 'tilt']);
  });

  it('with the door opened in the middle, holds the game and ends it once the door is closed', () => {
    const { cabinet } = withCredits(10, { gameMs: 100 });
    cabinet.forceNextStops([BLANK, BLANK, BLANK]);
    cabinet.press('play');
    cabinet.setDoor(true);
    vi.advanceTimersByTime(1000);
    expect(cabinet.gameInProgress()).toBe(true);
    cabinet.setDoor(false);
    expect(cabinet.gameInProgress()).toBe(false);
    expect(drainExceptions(cabinet)).toEqual([0x7e, 0x11, 0x12, 0x7f]);
  });

  it('locks up for a hand pay when the win reaches the limit, and ends the game when the attendant resets it', () => {
    const { cabinet } = withCredits(10, { gameMs: 100, denominationCents: 10, handPayLimitCents: 5000 });
    cabinet.forceNextStops([SEVEN, SEVEN, SEVEN]);
    cabinet.press('play');
    vi.advanceTimersByTime(100);
    expect(cabinet.state.handPay).toEqual({ credits: 500, kind: 'win', infoRead: false, gameEnds: true });
    expect(cabinet.state.credits).toBe(9);
    expect(drainExceptions(cabinet)).toEqual([0x51, 0x7e]);
    cabinet.press('play');
    expect(cabinet.state.meters.gamesPlayed).toBe(1);
    expect(cabinet.resetHandPay()).toBe(true);
    expect(cabinet.state.credits).toBe(9);
    expect(cabinet.state.meters).toMatchObject({ jackpot: 500, coinOut: 0, gamesWon: 1 });
    expect(drainExceptions(cabinet)).toEqual([0x52, 0x7f]);
    expect(cabinet.resetHandPay()).toBe(false);
  });

  it('raises 51 again every re-issue period until the host has read the hand pay (long poll 1B)', () => {
    const { cabinet } = withCredits(0, { reissueMs: 15_000 });
    cabinet.floorHandPay(250);
    expect(drainExceptions(cabinet)).toEqual([0x51]);
    vi.advanceTimersByTime(15_000);
    expect(drainExceptions(cabinet)).toEqual([0x51]);
    cabinet.handPayInfoRead();
    vi.advanceTimersByTime(15_000);
    expect(drainExceptions(cabinet)).toEqual([]);
    cabinet.resetHandPay();
    expect(cabinet.state.meters.jackpot).toBe(250);
  });
});

describe('the cash-out and service buttons', () => {
  it('cash out hands the credits to the attendant: 66, then a hand pay of canceled credits', () => {
    const { cabinet } = withCredits(42);
    cabinet.press('cashOut');
    expect(cabinet.state.credits).toBe(0);
    expect(cabinet.state.handPay).toMatchObject({ credits: 42, kind: 'cancelledCredits' });
    expect(drainExceptions(cabinet)).toEqual([0x51, 0x66]);
    cabinet.resetHandPay();
    expect(cabinet.state.meters).toMatchObject({ handPaidCancelledCredits: 42, cancelledCredits: 42, jackpot: 0 });
  });

  it('service turns the change lamp on and off (71, 72)', () => {
    const { cabinet } = withCredits(0);
    cabinet.press('service');
    cabinet.press('service');
    expect(drainExceptions(cabinet)).toEqual([0x71, 0x72]);
  });
});

describe('power', () => {
  it('reports AC power applied at power up and lost at power loss, writing both to NVRAM', () => {
    const { cabinet, saved } = testCabinet();
    cabinet.powerUp();
    cabinet.powerLost();
    expect(saved.at(-1)!.exceptions.fifo.map((entry) => entry.code)).toEqual([0x17, 0x18]);
  });

  it('finishes after power up the game the power loss interrupted, with the outcome drawn before it', () => {
    const first = withCredits(10, { gameMs: 100 });
    first.cabinet.forceNextStops([CHERRY, CHERRY, BLANK]);
    first.cabinet.press('play');
    first.cabinet.powerLost();
    const state = structuredClone(first.saved.at(-1)!);
    const { cabinet } = testCabinet({ gameMs: 100 }, state);
    cabinet.powerUp();
    vi.advanceTimersByTime(100);
    expect(cabinet.state.credits).toBe(9 + winFor([CHERRY, CHERRY, BLANK], 1));
    expect(drainExceptions(cabinet)).toEqual([0x7e, 0x18, 0x17, 0x7f]);
  });
});

describe('cash-out to the host', () => {
  it('asks the host to take the credits by AFT (66, 6A) and keeps them on the meter until it does', () => {
    const { cabinet } = withCredits(42, { cashOutTo: 'host' });
    cabinet.press('cashOut');
    expect(cabinet.state.credits).toBe(42);
    expect(cabinet.state.handPay).toBeNull();
    expect(drainExceptions(cabinet)).toEqual([0x6a, 0x66]);
  });
});
