#!/usr/bin/env node
// SAS cabinet benchmark: a SasCabinet against tools/egm-sim over real socat pseudo-terminals (the SAS
// test link and the LCUS relay board), in real time, in this process.
//
//   node bench/sas/run.mjs
//
// Three measurements, p50 / p95 / max:
// - AFT round trip: the cash-in call (applyCredit) until the machine confirmed it: the 74 lock and the
//   72 transfer, at SAS's 200 ms between polls (the acknowledgement follows, not waited for);
// - press → game-started: the press call until the machine's 7E said the game started (a 100 ms pulse
//   on the relay, the machine's 30 ms debounce, then the next general poll); each game is let end first;
// - spin click → moving reels on a simulated SAS cabinet: `reelcast start --cabinets
//   examples/cabinets.simulated.json` in a child process (machine 1 is tools/egm-sim in its own process,
//   its glass the capture source through ffmpeg), the demo player in headless Chromium clicks Spin; from
//   the click (`pointerdown`) to the first frame on screen (requestVideoFrameCallback's expected display
//   time) whose glass differs from the one shown at the click. The frame is read back on a canvas in the
//   callback, so a frame that came within one callback of the next is not seen: up to a frame late.
// The answer windows are the tests' (1 s to start an answer, 50 ms between its bytes: a Node machine
// behind socat on a shared machine); the 50 ms quiet wait after every answer is in the figures.
// Writes the "## SAS cabinet (bench/sas)" section of docs/benchmarks.md.
// Options (environment): BENCH_TRANSFERS (default 30), BENCH_PRESSES (default 30), BENCH_SPINS (default
// 20; 0: no browser part); BENCH_DRY=1 prints the figures without writing them.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { answerHelp } from '../lib/usage.mjs';
import { machineLine, percentile, root, writeSection } from '../lib/benchmarks-doc.mjs';
import { spinClicksOnSimulatedCabinet } from './spin-on-simulated-cabinet.mjs';

answerHelp(import.meta.url);
register();
const { startSimulatedCabinet } = await import('../../apps/machine/src/cabinet/sas-cabinet/egm-sim-test-helpers.ts');

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 30);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 30);
const SPINS = Number(process.env.BENCH_SPINS ?? 20);

const simulated = await startSimulatedCabinet({ seed: 'bench', gameMs: 300 });
const { cabinet, next } = simulated;
const transfers = [];
const presses = [];
try {
  const opened = await cabinet.open();
  if (opened.status !== 'open') throw new Error(`the cabinet did not open: ${JSON.stringify(opened)}`);
  if ((await cabinet.enablePlay()).status !== 'enabled') throw new Error('play not enabled');

  for (let i = 0; i < TRANSFERS; i++) {
    const started = performance.now();
    const outcome = await cabinet.applyCredit(`bench-in-${i}`, 500);
    if (outcome.status !== 'completed') throw new Error(`cash-in ${i}: ${JSON.stringify(outcome)}`);
    transfers.push(performance.now() - started);
    // A player's cash-ins are seconds apart: the next starts once this one's acknowledgement went out
    // (a meter read queues behind it), so it does not wait for it.
    await cabinet.credit();
  }

  for (let i = 0; i < PRESSES; i++) {
    const ended = next('game-ended');
    const started = performance.now();
    const outcome = await cabinet.press('play');
    if (outcome.status !== 'started') throw new Error(`press ${i}: ${JSON.stringify(outcome)}`);
    presses.push(performance.now() - started);
    await ended;
  }
} finally {
  await simulated.close();
}
const { latencies: spins, size } =
  SPINS > 0
    ? await spinClicksOnSimulatedCabinet(SPINS, path.join(root, 'examples/cabinets.simulated.json'))
    : { latencies: [], size: null };

const row = (name, samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(0)} ms`;
  return `| ${name} | ${samples.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1))} |`;
};
const body = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}: \`node bench/sas/run.mjs\`. The first two: a SasCabinet and`,
  'tools/egm-sim in one process over socat pseudo-terminals (SAS test link, LCUS relay board), SAS timing (200 ms',
  'between polls) with the tests’ answer windows (1 s / 50 ms). The third: `reelcast start --cabinets',
  'examples/cabinets.simulated.json` (machine 1 a simulated SAS cabinet: tools/egm-sim in its own process, its glass',
  `320x240 raw video read by the capture source’s ffmpeg, coded VP8, played at ${size}) by the demo player in`,
  'headless Chromium: from the Spin click to the first frame on screen whose reels moved (read back in',
  'requestVideoFrameCallback: up to a frame late). On this path the click travels the game socket, the agent’s',
  'seat, the relay closing on the play button and the machine’s 30 ms debounce (the game starts while the 100 ms',
  'pulse is still on); the reels then roll on the next frame of the glass (30 a second), which ffmpeg reads, the',
  'encoder codes and werift sends.',
  '',
  '| from → to | samples | p50 | p95 | max |',
  '|---|---|---|---|---|',
  row('AFT cash-in call → machine confirmed (74 lock, 72 transfer)', transfers),
  row('press → game-started (100 ms relay pulse, 7E at the next general poll)', presses),
  ...(spins.length
    ? [row('spin click in the page → moving reels on the page’s video (simulated SAS cabinet, its glass as capture source)', spins)]
    : []),
].join('\n');
console.log(body);
if (!process.env.BENCH_DRY) writeSection('## SAS cabinet (bench/sas)', body);
