import { sleep, type Scheduler } from '../sas/scheduler.ts';
import { checkPulse, type OutputDriver } from './output-driver.ts';

export interface RecordedPulse {
  channel: number;
  ms: number;
  at: number;
}

/**
 * An output driver for tests: it records each pulse, tells `onPulse` when a contact closes (a fake
 * machine can start a game there), and can be told to fail like an unplugged board.
 */
export class RecordingDriver implements OutputDriver {
  readonly pulses: RecordedPulse[] = [];
  /** Set: every pulse fails with it. */
  failure: Error | undefined;
  closed = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly onPulse?: (channel: number) => void,
  ) {}

  async pulse(channel: number, ms: number): Promise<void> {
    checkPulse(channel, ms, 0);
    if (this.failure) throw this.failure;
    this.pulses.push({ channel, ms, at: this.scheduler.now() });
    this.onPulse?.(channel);
    await sleep(this.scheduler, ms);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}
