#!/usr/bin/env node
// SAS cabinet benchmark: a SasCabinet against tools/egm-sim over real socat pseudo-terminals (the SAS
// test link and the LCUS relay board), in real time, in this process.
//
//   node bench/sas/run.mjs
//
// Two measurements, p50 / p95 / max:
// - AFT round trip: the cash-in call (applyCredit) until the machine confirmed it: the 74 lock and the
//   72 transfer, at SAS's 200 ms between polls (the acknowledgement follows, not waited for);
// - press → game-started: the press call until the machine's 7E said the game started (a 100 ms pulse
//   on the relay, the machine's 30 ms debounce, then the next general poll); each game is let end first.
// The answer windows are the tests' (1 s to start an answer, 50 ms between its bytes: a Node machine
// behind socat on a shared machine); the 50 ms quiet wait after every answer is in the figures.
// Writes the "## SAS cabinet (bench/sas)" section of docs/benchmarks.md.
// Options (environment): BENCH_TRANSFERS (default 30), BENCH_PRESSES (default 30); BENCH_DRY=1 prints
// the figures without writing them.
import { register } from 'tsx/esm/api';
import { answerHelp } from '../lib/usage.mjs';
import { machineLine, percentile, writeSection } from '../lib/benchmarks-doc.mjs';

answerHelp(import.meta.url);
register();
const { startSimulatedCabinet } = await import('../../apps/machine/src/cabinet/sas-cabinet/egm-sim-test-helpers.ts');

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 30);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 30);

const simulated = await startSimulatedCabinet({ seed: 'bench', gameMs: 300 });
const { cabinet, next } = simulated;
try {
  const opened = await cabinet.open();
  if (opened.status !== 'open') throw new Error(`the cabinet did not open: ${JSON.stringify(opened)}`);
  if ((await cabinet.enablePlay()).status !== 'enabled') throw new Error('play not enabled');

  const transfers = [];
  for (let i = 0; i < TRANSFERS; i++) {
    const started = performance.now();
    const outcome = await cabinet.applyCredit(`bench-in-${i}`, 500);
    if (outcome.status !== 'completed') throw new Error(`cash-in ${i}: ${JSON.stringify(outcome)}`);
    transfers.push(performance.now() - started);
    // A player's cash-ins are seconds apart: the next starts once this one's acknowledgement went out
    // (a meter read queues behind it), so it does not wait for it.
    await cabinet.credit();
  }

  const presses = [];
  for (let i = 0; i < PRESSES; i++) {
    const ended = next('game-ended');
    const started = performance.now();
    const outcome = await cabinet.press('play');
    if (outcome.status !== 'started') throw new Error(`press ${i}: ${JSON.stringify(outcome)}`);
    presses.push(performance.now() - started);
    await ended;
  }

  const row = (name, samples) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const ms = (value) => `${value.toFixed(0)} ms`;
    return `| ${name} | ${samples.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1))} |`;
  };
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}: \`node bench/sas/run.mjs\`, a SasCabinet and`,
    'tools/egm-sim in one process over socat pseudo-terminals (SAS test link, LCUS relay board), SAS timing (200 ms',
    'between polls) with the tests’ answer windows (1 s / 50 ms).',
    '',
    '| from → to | samples | p50 | p95 | max |',
    '|---|---|---|---|---|',
    row('AFT cash-in call → machine confirmed (74 lock, 72 transfer)', transfers),
    row('press → game-started (100 ms relay pulse, 7E at the next general poll)', presses),
  ].join('\n');
  console.log(body);
  if (!process.env.BENCH_DRY) writeSection('## SAS cabinet (bench/sas)', body);
} finally {
  await simulated.close();
}
