import { ProtectionCode, type SeatProtection } from '@reelcast/protocol';
import type { PlayLimitState } from './machine-state-file.ts';

/** The seat as the watch sees it at a tick. */
export interface PlayLimitSeat {
  now: number;
  credit: number;
  /** The smallest bet: below it the credit cannot play. */
  minBet: number;
}

/** What a reality check tells the player: the session's time played and its net result (minor units). */
export type RealityCheckAsked = { playedSeconds: number; net: number };

export type PlayLimitStep =
  | { do: 'nothing' }
  /** Pause the game and ask the player (REALITY_CHECK). */
  | ({ do: 'reality-check' } & RealityCheckAsked)
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
  #playUntil: number | null = null;
  #playLimitMinutes: number | null = null;
  #intervalMs = 0;
  readonly #startedAt: number;
  readonly #warningCount: number;
  #lossRoom: number | null = null;
  /** The session's start, or the moment of the last answer: the next check comes an interval after it. */
  #checkFrom: number;
  /** The reality check the player has not answered yet (the game is paused while there is one). */
  #asked: RealityCheckAsked | null = null;
  #left: number | null = null;
  /** This seat's money: cash-ins and cash-outs, for the reality check's net result. */
  #in = 0;
  #out = 0;
  readonly #counted = new Set<string>();

  constructor(protection: SeatProtection, seat: { startedAt: number; now: number; warningCount: number }) {
    this.update(protection);
    this.#startedAt = seat.startedAt;
    this.#warningCount = seat.warningCount;
    const played = Math.max(0, seat.now - seat.startedAt);
    this.#checkFrom = seat.startedAt + Math.floor(played / this.#intervalMs) * this.#intervalMs;
  }

  /** The watch as the state file kept it: a restarted agent goes on with the same seat where it was. */
  static restore(state: PlayLimitState, warningCount: number): PlayLimitWatch {
    const watch = new PlayLimitWatch(state.protection, { startedAt: state.startedAt, now: state.startedAt, warningCount });
    watch.#checkFrom = state.checkFrom;
    watch.#asked = state.asked;
    watch.#in = state.in;
    watch.#out = state.out;
    for (const id of state.counted) watch.#counted.add(id);
    return watch;
  }

  toState(): PlayLimitState {
    return {
      protection: {
        playUntil: this.#playUntil === null ? null : new Date(this.#playUntil).toISOString(),
        playLimitMinutes: this.#playLimitMinutes,
        lossRoom: this.#lossRoom,
        realityCheckMinutes: this.#intervalMs / 60_000,
      },
      startedAt: this.#startedAt,
      checkFrom: this.#checkFrom,
      asked: this.#asked,
      in: this.#in,
      out: this.#out,
      counted: [...this.#counted],
    };
  }

  /**
   * The limits as the platform answers them now (the player joined the same seat again): the loss
   * room counted from the ledger, the play-time end and the interval as they are set today. The money
   * of the seat, the reality check's schedule and an unanswered check go on.
   */
  update(protection: SeatProtection): this {
    this.#playUntil = protection.playUntil === null ? null : Date.parse(protection.playUntil);
    this.#playLimitMinutes = protection.playLimitMinutes;
    this.#lossRoom = protection.lossRoom;
    this.#intervalMs = protection.realityCheckMinutes * 60_000;
    return this;
  }

  get paused(): boolean {
    return this.#asked !== null;
  }

  /** The reality check waiting for the player's answer, to ask again on a new socket. */
  get asked(): RealityCheckAsked | null {
    return this.#asked;
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
    this.#asked = null;
    this.#checkFrom = Math.max(this.#checkFrom + this.#intervalMs, now);
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
    if (!this.#asked && seat.now >= this.#checkFrom + this.#intervalMs) {
      this.#asked = { playedSeconds: Math.floor((seat.now - this.#startedAt) / 1000), net: this.#out + seat.credit - this.#in };
      return { do: 'reality-check', ...this.#asked };
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
