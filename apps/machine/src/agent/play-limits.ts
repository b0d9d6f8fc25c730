import { ProtectionCode, type SeatProtection } from '@reelcast/protocol';

/** The seat as the watch sees it at a tick. */
export interface PlayLimitSeat {
  now: number;
  credit: number;
  /** The smallest bet: below it the credit cannot play. */
  minBet: number;
}

export type PlayLimitStep =
  | { do: 'nothing' }
  /** Pause the game and ask the player (REALITY_CHECK). */
  | { do: 'reality-check'; playedSeconds: number; net: number }
  /** SPEC §4 countdown before the close, with the limit's code. */
  | { do: 'warn'; code: LimitCloseCode; count: number; params?: Record<string, number> }
  /** CLOSE_SESSION with the limit's code, then the cash-out. */
  | { do: 'close'; code: LimitCloseCode; params?: Record<string, number> };

type LimitCloseCode = typeof ProtectionCode.PlayTimeLimitReached | typeof ProtectionCode.LossLimitReachedInPlay;

/**
 * The player's own limits during one seat (docs/player-protection.md), one tick a second: at the
 * play-time limit, or once the loss room is spent and the credit cannot pay a bet, the seat closes the
 * way SPEC §4 closes an idle one (a count from `warningCount` down, then CLOSE_SESSION and the cash-out);
 * every `realityCheckMinutes` of play the game pauses for a reality check until the player answers.
 */
export class PlayLimitWatch {
  readonly #playUntil: number | null;
  readonly #playLimitMinutes: number | null;
  readonly #intervalMs: number;
  readonly #startedAt: number;
  readonly #warningCount: number;
  #lossRoom: number | null;
  #nextCheckAt: number;
  #paused = false;
  #left: number | null = null;
  /** This seat's money: cash-ins and cash-outs, for the reality check's net result. */
  #in = 0;
  #out = 0;
  readonly #counted = new Set<string>();

  constructor(protection: SeatProtection, seat: { startedAt: number; now: number; warningCount: number }) {
    this.#playUntil = protection.playUntil === null ? null : Date.parse(protection.playUntil);
    this.#playLimitMinutes = protection.playLimitMinutes;
    this.#lossRoom = protection.lossRoom;
    this.#intervalMs = protection.realityCheckMinutes * 60_000;
    this.#startedAt = seat.startedAt;
    this.#warningCount = seat.warningCount;
    const played = Math.max(0, seat.now - seat.startedAt);
    this.#nextCheckAt = seat.startedAt + (Math.floor(played / this.#intervalMs) + 1) * this.#intervalMs;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** A cash-in that reached the meter; a repeat of one counted before (the same transfer id) is not counted again. */
  cashedIn(amount: number, transferId: string): void {
    if (this.#counted.has(transferId)) return;
    this.#counted.add(transferId);
    this.#in += amount;
    if (this.#lossRoom !== null) this.#lossRoom -= amount;
  }

  cashedOut(amount: number): void {
    this.#out += amount;
    if (this.#lossRoom !== null) this.#lossRoom += amount;
  }

  /** The player answered the reality check: play on until the next one. */
  resume(now: number): void {
    this.#paused = false;
    this.#nextCheckAt = Math.max(this.#nextCheckAt, now) + this.#intervalMs;
  }

  step(seat: PlayLimitSeat): PlayLimitStep {
    const close = this.#closing(seat);
    if (close) {
      this.#left = this.#left === null ? this.#warningCount : this.#left - 1;
      if (this.#left > 0) return { do: 'warn', ...close, count: this.#left };
      this.#left = null;
      return { do: 'close', ...close };
    }
    this.#left = null;
    if (!this.#paused && seat.now >= this.#nextCheckAt) {
      this.#paused = true;
      return {
        do: 'reality-check',
        playedSeconds: Math.floor((seat.now - this.#startedAt) / 1000),
        net: this.#out + seat.credit - this.#in,
      };
    }
    return { do: 'nothing' };
  }

  #closing(seat: PlayLimitSeat): { code: LimitCloseCode; params?: Record<string, number> } | null {
    if (this.#playUntil !== null && seat.now >= this.#playUntil - this.#warningCount * 1000) {
      return { code: ProtectionCode.PlayTimeLimitReached, params: { minutes: this.#playLimitMinutes ?? 0 } };
    }
    if (this.#lossRoom !== null && this.#lossRoom <= 0 && seat.credit < seat.minBet) return { code: ProtectionCode.LossLimitReachedInPlay };
    return null;
  }
}
