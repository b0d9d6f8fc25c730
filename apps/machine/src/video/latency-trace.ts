import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The latency trace (agent setting `latencyTraceFile`, MACHINE_LATENCY_TRACE; docs/benchmarks.md
 * "Latency on the player's path"): timestamps of the stages a press or a join goes through, appended
 * as JSON lines `{ t, stage, machineId, ... }` to one file by the agent and its video process alike.
 * `t` is epoch ms with fractions (`performance.timeOrigin + performance.now()`), so lines of both
 * processes and of a browser page compare on one clock.
 *
 * Off (no file) it costs one check per mark. On, a mark only appends to a string in memory: the
 * lines are written after the current task (`setImmediate`), never inside the caller's work.
 */
export interface LatencyTrace {
  /** Whether marks are recorded (a file is set). Check it before building an expensive `extra`. */
  readonly enabled: boolean;
  /** Records that `machineId` reached `stage` now; `extra` fields are added to the line. */
  mark(stage: string, machineId: string | number, extra?: Record<string, unknown>): void;
}

export const LATENCY_TRACE_ENV = 'MACHINE_LATENCY_TRACE';

let file: string | null = null;
let pending = '';
let scheduled = false;

/** Epoch ms with fractions, the clock of every trace line. */
export const traceNow = () => performance.timeOrigin + performance.now();

function flushNow(): void {
  scheduled = false;
  if (!file || !pending) return;
  const lines = pending;
  pending = '';
  try {
    // One write per batch with O_APPEND: lines of the agent and its video process do not interleave.
    fs.appendFileSync(file, lines);
  } catch {
    // A trace that cannot be written must not disturb the machine: the lines are dropped.
  }
}

export const trace: LatencyTrace = {
  get enabled() {
    return file !== null;
  },
  mark(stage, machineId, extra) {
    if (file === null) return;
    pending += `${JSON.stringify({ t: traceNow(), stage, machineId: String(machineId), ...extra })}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flushNow);
    }
  },
};

/** Starts (a path) or stops (undefined / empty) the trace of this process. */
export function setLatencyTraceFile(path: string | undefined | null): void {
  flushNow();
  file = path ? path : null;
}

/** Writes the lines not written yet, at once (before exit, or before reading the file back). */
export function flushLatencyTrace(): void {
  flushNow();
}

process.on('exit', flushNow);
