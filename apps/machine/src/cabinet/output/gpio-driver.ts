import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { ChannelQueue, checkPulse, type OutputDriver } from './output-driver.ts';

/** Runs a program to its end: its standard output, or an error that carries its standard error. */
export type CommandRunner = (command: string, args: readonly string[], timeoutMs: number) => Promise<string>;

export const runCommand: CommandRunner = (command, args, timeoutMs) =>
  new Promise((resolve, reject) => {
    execFile(command, [...args], { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const reason = stderr.trim() || error.message;
      reject(Object.assign(new Error(`${command}: ${reason}`), { code: (error as NodeJS.ErrnoException).code }));
    });
  });

export interface GpioOptions {
  /** The chip's name, e.g. gpiochip0 (/dev/gpiochip0). */
  chip: string;
  /** The board's inputs switch on a low level. */
  activeLow: boolean;
  run?: CommandRunner;
}

/**
 * The arguments of one pulse for Debian's `gpioset`. libgpiod 1 (bookworm): hold the line active for
 * the time (`--mode=time`), then exit. libgpiod 2 (trixie): active, toggled to inactive after the time,
 * then exit (`--toggle <ms>ms,0`). Either way the line is released after the pulse.
 */
export function gpiosetArgs(major: 1 | 2, chip: string, offset: number, ms: number, activeLow: boolean): string[] {
  const low = activeLow ? ['--active-low'] : [];
  return major === 1
    ? [...low, '--mode=time', `--usec=${ms * 1000}`, chip, `${offset}=1`]
    : ['--chip', chip, ...low, '--toggle', `${ms}ms,0`, `${offset}=1`];
}

/** The major version of the installed `gpioset`, from `gpioset --version` ("gpioset (libgpiod) v1.6.3"). */
export async function gpiosetMajor(run: CommandRunner = runCommand): Promise<1 | 2> {
  const output = await run('gpioset', ['--version'], 5_000).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error("gpioset not found: install Debian's gpiod package (apt-get install gpiod)");
    throw error;
  });
  const major = /v(\d+)\./.exec(output)?.[1];
  if (major === '1' || major === '2') return Number(major) as 1 | 2;
  throw new Error(`gpioset: a version this driver does not know: ${output.trim().split('\n')[0]}`);
}

/**
 * Opens the GPIO driver on a Linux GPIO character device: refuses a chip that is not there (or not a
 * character device) and a system without `gpioset`, naming what is missing.
 */
export async function openGpioDriver(options: GpioOptions): Promise<OutputDriver> {
  if (!/^gpiochip\d+$/.test(options.chip)) throw new Error(`not a GPIO chip name: ${options.chip} (e.g. gpiochip0)`);
  const device = `/dev/${options.chip}`;
  const info = await stat(device).catch(() => null);
  if (!info?.isCharacterDevice()) throw new Error(`GPIO chip ${device} not found: is the board's GPIO driver loaded?`);
  const run = options.run ?? runCommand;
  return new GpioDriver(options.chip, options.activeLow, await gpiosetMajor(run), run);
}

class GpioDriver implements OutputDriver {
  readonly #queue = new ChannelQueue();

  constructor(
    private readonly chip: string,
    private readonly activeLow: boolean,
    private readonly major: 1 | 2,
    private readonly run: CommandRunner,
  ) {}

  pulse(channel: number, ms: number): Promise<void> {
    checkPulse(channel, ms, 0);
    const args = gpiosetArgs(this.major, this.chip, channel, ms, this.activeLow);
    return this.#queue.run(channel, async () => {
      await this.run('gpioset', args, ms + 5_000);
    });
  }

  close(): Promise<void> {
    return this.#queue.idle();
  }
}
