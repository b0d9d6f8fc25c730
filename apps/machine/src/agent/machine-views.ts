import type { GameState as GameStateDto } from '@reelcast/protocol';
import type { CabinetState } from '../cabinet/cabinet.ts';
import type { CabinetViewState } from '../video/index.ts';

/** The cabinet's state as the game socket sends it (`state` pushes and acks). */
export function gameStateDto(machineId: number, s: Readonly<CabinetState>): GameStateDto {
  return {
    machineId,
    status: s.status,
    credit: s.credit,
    bet: s.bet,
    betLevels: s.betLevels,
    lastWin: s.lastWin,
    reels: s.reels.map((reel) => [...reel]),
    autoplay: s.autoplay,
    spins: s.spins,
    totalBet: s.totalBet,
    totalWon: s.totalWon,
    locked: s.lock !== null,
    version: s.version,
  };
}

/**
 * What the frame renderer draws: the reels spin for `spinAnimationMs` after a press, and the win,
 * its lamp and its message show only once they have stopped.
 */
export function cabinetView(name: string, s: Readonly<CabinetState>, now: number, spinAnimationMs: number): CabinetViewState {
  const spinning = s.lastSpinAt !== null && now - s.lastSpinAt < spinAnimationMs;
  return {
    name,
    credit: s.credit,
    bet: s.bet,
    lastWin: spinning ? 0 : s.lastWin,
    reels: s.reels.map((reel) => reel.map((symbol) => symbol.toLowerCase())),
    spinning,
    spinStartedAt: s.lastSpinAt,
    status: s.status,
    message: s.lock ? 'HAND PAY' : !spinning && s.lastWin > 0 ? 'WIN' : s.credit < s.bet ? 'INSERT CREDIT' : '',
    lamps: { candle: s.status !== 'idle', win: !spinning && s.lastWin > 0, service: s.lock !== null, tilt: s.status === 'error' },
  };
}
