import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flushLatencyTrace, setLatencyTraceFile, trace, traceNow } from './latency-trace.ts';

const lines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('latency trace', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'latency-trace-'));
  afterEach(() => setLatencyTraceFile(undefined));

  it('records nothing without a file', () => {
    const file = path.join(folder, 'off.jsonl');
    expect(trace.enabled).toBe(false);
    trace.mark('agent-received', 3);
    setLatencyTraceFile(file);
    flushLatencyTrace();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('appends one line per mark, in order, on the epoch clock, with its extra fields', async () => {
    const file = path.join(folder, 'on.jsonl');
    setLatencyTraceFile(file);
    expect(trace.enabled).toBe(true);
    const before = traceNow();
    trace.mark('agent-received', 3, { button: 'SPIN' });
    trace.mark('engine-done', '3');
    // Not written inside the caller's task: only after it.
    expect(fs.existsSync(file)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    const [first, second] = lines(file);
    expect(first).toMatchObject({ stage: 'agent-received', machineId: '3', button: 'SPIN' });
    expect(second).toMatchObject({ stage: 'engine-done', machineId: '3' });
    expect(first!.t).toBeGreaterThanOrEqual(before);
    expect(first!.t).toBeLessThanOrEqual(traceNow());
    // Epoch ms, not ms since the process started. The process's monotonic clock is anchored to the
    // wall clock once, at its start, so the two drift apart by milliseconds (7 ms in a 13-minute
    // test worker): near the wall clock, not on it.
    expect(Math.abs((first!.t as number) - Date.now())).toBeLessThan(1_000);
    expect(second!.t).toBeGreaterThanOrEqual(first!.t as number);
    expect(Number.isInteger(first!.t)).toBe(false);
  });

  it('stops when the file is unset, writing what was pending', () => {
    const file = path.join(folder, 'stop.jsonl');
    setLatencyTraceFile(file);
    trace.mark('view-sent', 1);
    setLatencyTraceFile(undefined);
    trace.mark('view-sent', 2);
    flushLatencyTrace();
    expect(lines(file).map((line) => line.machineId)).toEqual(['1']);
  });
});
