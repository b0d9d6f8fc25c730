#!/usr/bin/env node
/**
 * Runs commands at the same time and fails when one fails (docs/testing.md "Side by side"). Each
 * command's output is kept and printed whole once all have ended, so outputs never interleave; a line
 * says when each one ends, with its exit code and seconds.
 *
 *   node scripts/side-by-side.mjs [--live NAME] [--times FILE] "name|command" ...
 *
 * `--live NAME`: that command's output is shown as it comes instead (the long one, so progress shows).
 * `--times FILE` (or the environment's SIDE_BY_SIDE_TIMES) appends one line per command to FILE: its
 * seconds, name and exit code (.ci/run sets it and prints them in its summary, npm test's parts too). Commands run with `bash -c`, from the current folder, with this environment.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const args = process.argv.slice(2);
const options = { '--live': null, '--times': null };
while (args[0] in options && args.length > 1) options[args.shift()] = args.shift();
const { '--live': live } = options;
const timesFile = options['--times'] ?? process.env.SIDE_BY_SIDE_TIMES ?? null;
if (args.length === 0 || args.some((arg) => !arg.includes('|'))) {
  console.error('usage: node scripts/side-by-side.mjs [--live NAME] [--times FILE] "name|command" ...');
  process.exit(2);
}

const started = Date.now();
const runs = args.map((arg) => {
  const split = arg.indexOf('|');
  const name = arg.slice(0, split);
  const child = spawn('bash', ['-c', arg.slice(split + 1)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  if (name === live) {
    child.stdout.pipe(process.stdout, { end: false });
    child.stderr.pipe(process.stderr, { end: false });
  } else {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
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
  if (run.name === live) continue;
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
