/**
 * Runs commands at the same time (docs/testing.md "Side by side"). One of them may be `live`: its output
 * goes straight through as it comes. Every other command's output is kept and printed whole once all
 * have ended (those that failed after those that passed), so outputs never interleave; a line says when
 * each one ends, with its exit code and seconds. Commands run with `bash -c`, from the current folder,
 * with this environment, each in a process group of its own. Stopped (Ctrl+C, CI's limit), the commands
 * stop too, with everything they started.
 *
 * `sideBySide` starts commands and waits for them; `startCommands` and `finishCommands` do the same in two
 * steps, for a command that runs across several phases (npm test's lint).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** The commands started and not yet ended, stopped with this process. */
const running = new Set();

function stopAll(signal) {
  stopCommands([...running], signal);
  process.exit(1);
}

/**
 * Starts commands; each one's `ended` promise gives its result. Their seconds count from this call.
 *
 * @param {{ name: string, command: string, live?: boolean }[]} parts
 */
export function startCommands(parts) {
  const started = Date.now();
  if (running.size === 0) process.on('SIGINT', stopAll).on('SIGTERM', stopAll);
  return parts.map(({ name, command, live = false }) => {
    const child = spawn('bash', ['-c', command], {
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      detached: true,
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise((resolve) => {
      child.on('close', (code, signal) => {
        running.delete(child);
        if (running.size === 0) process.off('SIGINT', stopAll).off('SIGTERM', stopAll);
        const run = {
          name,
          live,
          code: code ?? 1,
          signal,
          seconds: Math.round((Date.now() - started) / 1000),
          output: Buffer.concat(chunks),
        };
        console.log(`  ended: ${name} (exit ${signal ?? run.code} after ${run.seconds}s)`);
        resolve(run);
      });
    });
    return { child, ended };
  });
}

/** Stops started commands that are still running, with what they started (their process groups). */
export function stopCommands(runs, signal = 'SIGTERM') {
  for (const { child } of runs) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Ended meanwhile.
    }
  }
}

/**
 * Waits for started commands, then prints the kept outputs.
 *
 * @param {{ timesFile?: string | null }} [options] `timesFile` gets one line per command: its seconds,
 *   name and exit code (.ci/run prints them in its summary).
 * @returns {Promise<boolean>} whether every command passed
 */
export async function finishCommands(runs, { timesFile = null } = {}) {
  const results = await Promise.all(runs.map((run) => run.ended));

  // The failed commands last: a log is often read from its end.
  const printed = results.filter((run) => !run.live);
  for (const run of [...printed.filter((run) => run.code === 0), ...printed.filter((run) => run.code !== 0)]) {
    process.stdout.write(`\n--- ${run.name}: exit ${run.signal ?? run.code} after ${run.seconds}s ---\n`);
    process.stdout.write(run.output);
  }
  if (timesFile) {
    fs.appendFileSync(
      timesFile,
      results.map((run) => `${String(run.seconds).padStart(6)}s    ${run.name} (exit ${run.signal ?? run.code})\n`).join(''),
    );
  }
  return results.every((run) => run.code === 0);
}

/**
 * Starts the commands and waits for them all.
 *
 * @param {{ name: string, command: string, live?: boolean }[]} parts
 * @param {{ timesFile?: string | null }} [options]
 */
export function sideBySide(parts, options = {}) {
  return finishCommands(startCommands(parts), options);
}
