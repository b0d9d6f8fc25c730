import type { SerialPort } from 'serialport';
import { closePort, openPort, writeAll } from '../serial-port.ts';
import { sleep, type Scheduler } from '../sas/scheduler.ts';
import { ChannelQueue, checkPulse, type OutputDriver } from './output-driver.ts';

/** The CH340 "LCUS" USB relay board's serial rate. */
const LCUS_BAUD = 9600;

/** A 4-byte command: A0, the relay (1-based), 01 close / 00 open, and the sum of the three (docs/sas-test-link.md §3). */
export function lcusFrame(channel: number, closed: boolean): Uint8Array {
  const state = closed ? 0x01 : 0x00;
  return Uint8Array.of(0xa0, channel, state, (0xa0 + channel + state) & 0xff);
}

/** Opens an LCUS-type relay board on its serial device (a USB adapter, or a simulator's pty). */
export async function openLcusRelayDriver(device: string, scheduler: Scheduler): Promise<OutputDriver> {
  return new LcusRelayDriver(await openPort(device, LCUS_BAUD), scheduler);
}

class LcusRelayDriver implements OutputDriver {
  readonly #queue = new ChannelQueue();
  readonly #closed = new Set<number>();

  constructor(
    private readonly port: SerialPort,
    private readonly scheduler: Scheduler,
  ) {}

  pulse(channel: number, ms: number): Promise<void> {
    checkPulse(channel, ms, 1);
    return this.#queue.run(channel, async () => {
      await this.#set(channel, true);
      try {
        await sleep(this.scheduler, ms);
      } finally {
        await this.#set(channel, false);
      }
    });
  }

  async close(): Promise<void> {
    await this.#queue.idle();
    for (const channel of this.#closed) await this.#set(channel, false).catch(() => undefined);
    await closePort(this.port);
  }

  async #set(channel: number, closed: boolean): Promise<void> {
    // Counted closed before the write: a write that fails halfway may still have closed the relay.
    if (closed) this.#closed.add(channel);
    await writeAll(this.port, lcusFrame(channel, closed));
    if (!closed) this.#closed.delete(channel);
  }
}
