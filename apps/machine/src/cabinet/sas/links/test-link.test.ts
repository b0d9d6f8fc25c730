import { afterEach, describe, expect, it } from 'vitest';
import type { SerialPort } from 'serialport';
import type { SasLink } from '../link.ts';
import { openTestLink } from './test-link.ts';
import { closePort, openPort, writeAll } from '../../serial-port.ts';
import { startPtyPair, type PtyPair } from './pty-test-helpers.ts';

/** Collects what arrives on a raw port until `count` bytes are there. */
function readBytes(port: SerialPort, count: number): Promise<number[]> {
  const got: number[] = [];
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      got.push(...chunk);
      if (got.length >= count) {
        port.off('data', onData);
        resolve(got);
      }
    };
    port.on('data', onData);
  });
}

describe('the test link over a socat pseudo-terminal pair', () => {
  let pair: PtyPair | undefined;
  let host: SasLink | undefined;
  let machine: SerialPort | undefined;
  afterEach(async () => {
    await host?.close();
    if (machine) await closePort(machine);
    await pair?.close();
  });

  it('carries a host frame as marker/data pairs and the machine’s answer back as bytes and line errors', async () => {
    pair = await startPtyPair();
    host = await openTestLink(pair.a);
    machine = await openPort(pair.b);

    const sent = readBytes(machine, 4);
    await host.send(Uint8Array.from([0x01, 0x1a]));
    expect(await sent).toEqual([0x01, 0x01, 0x00, 0x1a]);

    const received: number[] = [];
    let lineErrors = 0;
    const done = new Promise<void>((resolve) =>
      host!.listen({
        bytes: (bytes) => {
          received.push(...bytes);
          if (received.length === 3) resolve();
        },
        lineError: () => lineErrors++,
      }),
    );
    // 01 1A 00, with a bad marker (0x42) and a character carrying the wakeup bit in between.
    await writeAll(machine, Uint8Array.from([0x00, 0x01, 0x42, 0x00, 0x1a, 0x01, 0x99, 0x00, 0x00]));
    await done;
    expect(received).toEqual([0x01, 0x1a, 0x00]);
    expect(lineErrors).toBe(2);
  });
});
