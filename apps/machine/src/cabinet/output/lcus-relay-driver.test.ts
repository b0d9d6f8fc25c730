import { afterEach, describe, expect, it } from 'vitest';
import type { SerialPort } from 'serialport';
import { startPtyPair, type PtyPair } from '../sas/links/pty-test-helpers.ts';
import { systemScheduler } from '../sas/scheduler.ts';
import { closePort, openPort } from '../serial-port.ts';
import { lcusFrame, openLcusRelayDriver } from './lcus-relay-driver.ts';
import type { OutputDriver } from './output-driver.ts';

const hex = (bytes: Iterable<number>) => [...bytes].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');

describe('LCUS relay board frames', () => {
  it('are the board’s known commands: A0 01 01 A2 closes relay 1, A0 01 00 A1 opens it', () => {
    expect(hex(lcusFrame(1, true))).toBe('A0 01 01 A2');
    expect(hex(lcusFrame(1, false))).toBe('A0 01 00 A1');
    expect(hex(lcusFrame(4, true))).toBe('A0 04 01 A5');
  });
});

describe('the LCUS relay driver on a socat pair, in real time', () => {
  let pair: PtyPair | undefined;
  let board: SerialPort | undefined;
  let driver: OutputDriver | undefined;
  afterEach(async () => {
    await driver?.close();
    if (board) await closePort(board);
    await pair?.close();
  });

  it('closes the relay, holds it for the pulse width, opens it; pulses on one relay never interleave', async () => {
    pair = await startPtyPair();
    board = await openPort(pair.a, 9600);
    const heard: { bytes: number[]; at: number }[] = [];
    board.on('data', (chunk: Buffer) => heard.push({ bytes: [...chunk], at: performance.now() }));
    driver = await openLcusRelayDriver(pair.b, systemScheduler);
    const started = performance.now();
    await Promise.all([driver.pulse(2, 60), driver.pulse(2, 30)]);
    const bytes = () => heard.flatMap((chunk) => chunk.bytes);
    await expect.poll(() => bytes().length).toBe(16);
    expect(hex(bytes())).toBe(hex([...lcusFrame(2, true), ...lcusFrame(2, false), ...lcusFrame(2, true), ...lcusFrame(2, false)]));
    // 60 + 30 ms held in turn; Node's timers count from the loop's cached millisecond, so each may end up to 1 ms
    // early by performance.now (the egm-sim late-answer check failed in CI at 299.6 of 300 ms).
    expect(performance.now() - started).toBeGreaterThanOrEqual(88);
    expect(() => void driver!.pulse(0, 50)).toThrow(RangeError);
    expect(() => void driver!.pulse(1, 0)).toThrow(RangeError);
  });
});
