import { ErrorCode } from '@reelcast/protocol';

export interface IdleTiming {
  /** No credit and no activity for this long starts the countdown (18800). */
  idleNoCreditMs: number;
  /** Credit on the meter but no activity for this long starts the countdown (18802). */
  idleWithCreditMs: number;
  /** The countdown: 10 … 1, one per tick. */
  warningCount: number;
}

/** The seated player as the countdown sees them at a tick (null: no one seated and connected). */
export interface IdleSeat {
  idleForMs: number;
  credit: number;
  /** Autoplay runs or a hand pay holds the machine: not idle, whatever the last press. */
  busy: boolean;
}

export type IdleStep =
  | { do: 'nothing' }
  /** Count the player as active now. */
  | { do: 'keep-alive' }
  | { do: 'warn'; code: typeof ErrorCode.SecondsLeftToContinue | typeof ErrorCode.SecondsLeftToDeposit; count: number }
  /** The countdown ran out: CLOSE_SESSION (18801), then the cash-out. */
  | { do: 'close' };

/**
 * SPEC §4 session ending, one tick a second: after the idle limit (longer with credit on the meter)
 * the player is warned with a count from `warningCount` down to 1, then the session closes. Any
 * activity, or nobody connected, stops the count; it starts from the top the next time.
 */
export class IdleCountdown {
  readonly #timing: IdleTiming;
  #left: number | null = null;

  constructor(timing: IdleTiming) {
    this.#timing = timing;
  }

  step(seat: IdleSeat | null): IdleStep {
    if (!seat) return this.#stop();
    if (seat.busy) {
      this.#left = null;
      return { do: 'keep-alive' };
    }
    const limit = seat.credit > 0 ? this.#timing.idleWithCreditMs : this.#timing.idleNoCreditMs;
    if (seat.idleForMs < limit) return this.#stop();
    this.#left = this.#left === null ? this.#timing.warningCount : this.#left - 1;
    if (this.#left > 0) {
      const code = seat.credit > 0 ? ErrorCode.SecondsLeftToContinue : ErrorCode.SecondsLeftToDeposit;
      return { do: 'warn', code, count: this.#left };
    }
    this.#left = null;
    return { do: 'close' };
  }

  /** The seat ended: a new one starts without a count. */
  reset(): void {
    this.#left = null;
  }

  #stop(): IdleStep {
    this.#left = null;
    return { do: 'nothing' };
  }
}
