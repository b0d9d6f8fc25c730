/**
 * Runs commands at the same time (docs/testing.md "Side by side"). One of them may be `live`: its output
 * goes straight through as it comes. Every other command's output is kept and printed whole once all
 * have ended (those that failed after those that passed), so outputs never interleave; a line says when
 * each one ends, with its exit code and seconds. Commands run with `bash -c`, from the current folder,
 * with this environment. Stopped (Ctrl+C, CI's limit), the commands stop too.
 *
 * @param {{ name: string, command: string, live?: boolean }[]} parts
 * @param {{ timesFile?: string | null }} [options] `timesFile` gets one line per command: its seconds,
 *   name and exit code (.ci/run prints them in its summary).
 * @returns {Promise<boolean>} whether every command passed
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export async function sideBySide(parts, { timesFile = null } = {}) {
  const started = Date.now();
  const runs = parts.map(({ name, command, live = false }) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise((resolve) => {
      child.on('close', (code, signal) => {
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

  const stop = (signal) => {
    for (const { child } of runs) child.kill(signal);
    process.exit(1);
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const results = await Promise.all(runs.map((run) => run.ended));
  process.off('SIGINT', stop).off('SIGTERM', stop);

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
