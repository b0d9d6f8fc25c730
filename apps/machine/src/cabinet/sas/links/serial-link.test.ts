import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { SerialPort } from 'serialport';
import type { SasLink } from '../link.ts';
import { closePort, openPort, writeAll } from '../../serial-port.ts';
import { ParityMarkDecoder } from './parity-marks.ts';
import { startPtyPair, type PtyPair } from './pty-test-helpers.ts';
import { openSerialLink, serialLink, termiosLine } from './serial-link.ts';

/** The termios flags `stty -F` reports for a device, e.g. { parodd: true, cmspar: true }. */
function sttyFlags(path: string, names: string[]): Record<string, boolean> {
  const words = execFileSync('stty', ['-F', path, '-a'], { encoding: 'utf8' }).split(/\s+/);
  return Object.fromEntries(names.map((name) => [name, words.includes(name)]));
}

describe('the serial link’s wakeup bit (mark/space parity by termios)', () => {
  let pair: PtyPair | undefined;
  let hostPort: SerialPort | undefined;
  let machine: SerialPort | undefined;
  let link: SasLink | undefined;
  afterEach(async () => {
    await link?.close();
    if (hostPort) await closePort(hostPort);
    if (machine) await closePort(machine);
    await pair?.close();
    link = hostPort = machine = pair = undefined;
  });

  // A pseudo-terminal keeps PARODD, CMSPAR, INPCK and PARMRK (Linux forces PARENB off on it), so the
  // switching itself can be read back with stty on a pty; openSerialLink's own check is tested below.
  it('switches PARODD (mark) on for the address byte and off (space) for the rest of the frame', async () => {
    pair = await startPtyPair();
    hostPort = await openPort(pair.a);
    machine = await openPort(pair.b);
    const real = termiosLine(hostPort);
    const seen: { bytes: number[]; parodd: boolean; cmspar: boolean }[] = [];
    const recording = {
      setWakeup: (on: boolean) => real.setWakeup(on),
      async write(bytes: Uint8Array) {
        seen.push({ bytes: [...bytes], ...(sttyFlags(pair!.a, ['parodd', 'cmspar']) as { parodd: boolean; cmspar: boolean }) });
        await real.write(bytes);
      },
    };
    link = serialLink(hostPort, recording);
    const arrived: number[] = [];
    const all = new Promise<void>((resolve) =>
      machine!.on('data', (chunk: Buffer) => {
        arrived.push(...chunk);
        if (arrived.length === 7) resolve();
      }),
    );

    await link.send(Uint8Array.from([0x01, 0x72, 0x02, 0xff, 0x00, 0x0f, 0x22]));
    await all;
    expect(seen).toEqual([
      { bytes: [0x01], parodd: true, cmspar: true },
      { bytes: [0x72, 0x02, 0xff, 0x00, 0x0f, 0x22], parodd: false, cmspar: true },
    ]);
    expect(arrived).toEqual([0x01, 0x72, 0x02, 0xff, 0x00, 0x0f, 0x22]);
    expect(sttyFlags(pair.a, ['inpck', 'parmrk', '-ignpar', '-istrip', '-parodd'])).toEqual({
      inpck: true,
      parmrk: true,
      '-ignpar': true,
      '-istrip': true,
      '-parodd': true,
    });
  });

  it('reads a 0xFF data byte that the tty doubled (PARMRK) back as one byte', async () => {
    pair = await startPtyPair();
    hostPort = await openPort(pair.a);
    machine = await openPort(pair.b);
    link = serialLink(hostPort, termiosLine(hostPort));
    termiosLine(hostPort).setWakeup(false);
    const got: number[] = [];
    const done = new Promise<void>((resolve) =>
      link!.listen({
        bytes: (bytes) => {
          got.push(...bytes);
          if (got.length === 3) resolve();
        },
        lineError: () => {},
      }),
    );
    await writeAll(machine, Uint8Array.from([0x01, 0xff, 0x10]));
    await done;
    expect(got).toEqual([0x01, 0xff, 0x10]);
  });

  it('refuses a device that does not keep stick parity, naming what it refused', async () => {
    pair = await startPtyPair();
    await expect(openSerialLink(pair.a)).rejects.toThrow(/PARENB refused\): it cannot carry the SAS wakeup bit/);
  });
});

describe('PARMRK input marks', () => {
  it('turns 0xFF 0x00 X into a line error and 0xFF 0xFF into 0xFF, across chunks', () => {
    const decoder = new ParityMarkDecoder();
    expect(decoder.push(Uint8Array.from([0x01, 0xff]))).toEqual({ bytes: [0x01], lineErrors: 0 });
    expect(decoder.push(Uint8Array.from([0xff, 0xff, 0x00]))).toEqual({ bytes: [0xff], lineErrors: 0 });
    expect(decoder.push(Uint8Array.from([0x81, 0x1a]))).toEqual({ bytes: [0x1a], lineErrors: 1 });
  });
});
