/**
 * A board that closes a cabinet's button contacts (docs/cabinets.md "Output drivers"). A channel is a
 * relay (1-based on a relay board) or a GPIO line offset.
 */
export interface OutputDriver {
  /** Closes the channel's contact for `ms`, then opens it; resolves once it is open again. */
  pulse(channel: number, ms: number): Promise<void>;
  /** Waits for pulses in flight, leaves every contact open and releases the device. */
  close(): Promise<void>;
}

/** The longest pulse a driver takes: a press, never a held button. */
export const MAX_PULSE_MS = 2_000;

export function checkPulse(channel: number, ms: number, firstChannel: number): void {
  if (!Number.isInteger(channel) || channel < firstChannel || channel > 255) throw new RangeError(`not a channel: ${channel}`);
  if (!Number.isInteger(ms) || ms < 1 || ms > MAX_PULSE_MS) throw new RangeError(`not a pulse width: ${ms} ms`);
}

/** One pulse at a time on each channel; pulses on different channels may overlap. */
export class ChannelQueue {
  readonly #tails = new Map<number, Promise<void>>();

  run(channel: number, pulse: () => Promise<void>): Promise<void> {
    const next = (this.#tails.get(channel) ?? Promise.resolve()).catch(() => undefined).then(pulse);
    this.#tails.set(channel, next);
    return next;
  }

  async idle(): Promise<void> {
    await Promise.allSettled(this.#tails.values());
  }
}
