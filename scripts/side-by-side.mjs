#!/usr/bin/env node
/**
 * Runs commands at the same time and fails when one fails (docs/testing.md "Side by side"). Each
 * command's output is kept and printed whole once all have ended, so outputs never interleave; a line
 * says when each one ends, with its exit code and seconds.
 *
 *   node scripts/side-by-side.mjs [--times FILE] "name|command" ...
 *
 * `--times FILE` appends one line per command to FILE: its seconds, name and exit code (.ci/run prints
 * them in its summary). Commands run with `bash -c`, from the current folder, with this environment.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const args = process.argv.slice(2);
const timesFile = args[0] === '--times' ? args.splice(0, 2)[1] : null;
if (args.length === 0 || args.some((arg) => !arg.includes('|'))) {
  console.error('usage: node scripts/side-by-side.mjs [--times FILE] "name|command" ...');
  process.exit(2);
}

const started = Date.now();
const runs = args.map((arg) => {
  const split = arg.indexOf('|');
  const name = arg.slice(0, split);
  const child = spawn('bash', ['-c', arg.slice(split + 1)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const run = { name, code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000), output: Buffer.concat(chunks) };
      console.log(`  ended: ${name} (exit ${signal ?? run.code} after ${run.seconds}s)`);
      resolve(run);
    });
  });
  return { child, ended };
});

// Stopped (Ctrl+C, CI's limit): the commands stop too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { child } of runs) child.kill(signal);
    process.exit(1);
  });
}

const results = await Promise.all(runs.map((run) => run.ended));
for (const run of results) {
  process.stdout.write(`\n--- ${run.name}: exit ${run.signal ?? run.code} after ${run.seconds}s ---\n`);
  process.stdout.write(run.output);
}
if (timesFile) {
  fs.appendFileSync(
    timesFile,
    results.map((run) => `${String(run.seconds).padStart(6)}s    ${run.name} (exit ${run.signal ?? run.code})\n`).join(''),
  );
}
process.exit(results.every((run) => run.code === 0) ? 0 : 1);
