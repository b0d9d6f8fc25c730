#!/usr/bin/env node
// Spin click → moving reels, launch by launch, against the code before: bench/latency/spin.mjs run again
// and again, each time on a fresh product and a fresh Chromium, alternating between another checkout
// (e.g. a worktree of the commit before issue 25, whose per-viewer path had the field trials) and this
// one. One launch's figures move with the launch (docs/benchmarks.md: Chromium shows the changed frame
// in the display frame it arrived in, or one or two later, in shares that change from launch to launch),
// so the two codes are compared over the same launches' conditions, their presses pooled.
//
//   node bench/latency/spin-launches.mjs --before DIR [--launches N] [--presses N] [--path P] [--no-write] [--help]
//
// Writes "### Spin click → moving reels, launch by launch" under "## Latency on the player's path
// (bench/latency)" in docs/benchmarks.md, and the issue 25 table's row of the same name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machineLine, percentile, root } from '../lib/benchmarks-doc.mjs';
import { recordPathFigure } from '../video/path-figures.mjs';
import { writeLatencySubsection } from './doc.mjs';
import { spinFiguresFile } from './spin-figures.mjs';

const args = process.argv.slice(2);
if (args.includes('--help') || !args.includes('--before')) {
  console.log(`Usage: node bench/latency/spin-launches.mjs --before DIR [--launches N] [--presses N] [--path P] [--no-write]

Runs bench/latency/spin.mjs (page presses only) N times on this checkout's product and N times on the
product of the checkout DIR, alternating (before, this; then this, before; …), each run a fresh product
and a fresh Chromium, and compares them per launch and with every press pooled:
  --before DIR    another checkout of Reelcast with its dependencies installed (npm ci), e.g.
                  git worktree add /tmp/before 0ac3d0e && (cd /tmp/before && npm ci)
                  (0ac3d0e: the last commit before issue 25, per-viewer video with the field trials)
  --launches N    launches of each (default 5)
  --presses N     Spin clicks a launch (default 40)
  --path P        this checkout's video path, MACHINE_VIDEO_PATH (default forward)
  --no-write      print only; do not write docs/benchmarks.md
Takes about two minutes a launch.`);
  process.exit(args.includes('--help') ? 0 : 1);
}
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const BEFORE = path.resolve(option('--before'));
const LAUNCHES = Number(option('--launches', 5));
const PRESSES = Number(option('--presses', 40));
const PATH = option('--path', 'forward');
const write = !args.includes('--no-write');
const DISPLAY_FRAME_MS = 1000 / 60;
const log = (line) => console.log(`${new Date().toISOString().slice(11, 19)} [bench:spin-launches] ${line}`);
const r1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const pct = (values, p) =>
  percentile(
    values.filter(Number.isFinite).sort((a, b) => a - b),
    p,
  );
const commitOf = (checkout) => spawnSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();

const sides = {
  before: { name: 'before', checkout: BEFORE, commit: commitOf(BEFORE), videoPath: 'per-viewer' },
  this: { name: 'this', checkout: root, commit: commitOf(root), videoPath: PATH },
};

/** One launch of spin.mjs on `side`'s product: its figures file's contents. */
function launch(side, n) {
  const label = `launch ${side.name} ${n}`;
  const spin = [path.join(root, 'bench/latency/spin.mjs'), '--presses', String(PRESSES), '--peer-presses', '0'];
  spin.push('--paths', side.videoPath, '--label', label, '--no-write', '--checkout', side.checkout);
  log(`${label}: ${side.checkout} at ${side.commit}, MACHINE_VIDEO_PATH=${side.videoPath}`);
  const result = spawnSync(process.execPath, spin, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${label}: spin.mjs exited with ${result.status}`);
  const run = JSON.parse(fs.readFileSync(spinFiguresFile(`${label} (${side.videoPath})`), 'utf8'));
  // Whole display frames between the frame's receipt and the display time Chromium gave it: 0, 1, 2 or more.
  const displayFrames = [0, 0, 0];
  for (const press of run.pressTimes)
    if (Number.isFinite(press.received) && Number.isFinite(press.total))
      displayFrames[Math.max(0, Math.min(2, Math.floor((press.total - press.received) / DISPLAY_FRAME_MS)))]++;
  return { side: side.name, n, ...run, displayFrames };
}

const runs = [];
for (let n = 1; n <= LAUNCHES; n++) {
  const order = n % 2 === 1 ? [sides.before, sides.this] : [sides.this, sides.before];
  for (const side of order) runs.push(launch(side, n));
}

const runLine = (run) =>
  `| ${run.side === 'before' ? `before (${sides.before.commit}, ${sides.before.videoPath})` : `this (${sides.this.commit}, ${sides.this.videoPath})`} | ${run.n} | ${run.date.slice(11, 16)} | ${run.startLoad}–${run.endLoad} | ${run.page.n}/${run.page.of} | ${r1(run.page.p50)} | ${r1(run.page.p95)} | ${r1(run.decodedInPage.p50)} | ${r1(
    pct(
      run.pressTimes.map((p) => p.received ?? NaN),
      50,
    ),
  )} | ${run.displayFrames.join(' / ')} |`;
const pooled = (name) => {
  const mine = runs.filter((run) => run.side === name);
  const totals = mine.flatMap((run) => run.pressTimes.map((p) => p.total));
  const launchP50s = mine.map((run) => run.page.p50);
  return {
    presses: totals.filter(Number.isFinite).length,
    of: totals.length,
    p50: pct(totals, 50),
    p95: pct(totals, 95),
    decodedP50: pct(
      mine.flatMap((run) => run.pressTimes.map((p) => p.decoded)),
      50,
    ),
    launchP50: `${r1(Math.min(...launchP50s))}–${r1(Math.max(...launchP50s))}`,
    launchP95: `${r1(Math.min(...mine.map((run) => run.page.p95)))}–${r1(Math.max(...mine.map((run) => run.page.p95)))}`,
  };
};
const before = pooled('before');
const current = pooled('this');
for (const [name, p] of [
  ['before', before],
  ['this', current],
])
  log(
    `${name} (${sides[name].commit}, ${sides[name].videoPath}), ${LAUNCHES} launches pooled: click → on screen p50 ${r1(p.p50)} / p95 ${r1(p.p95)} ms (${p.presses}/${p.of} presses; launches' p50 ${p.launchP50}, p95 ${p.launchP95}); → out of the decoder p50 ${r1(p.decodedP50)} ms`,
  );

if (write) {
  const loads = `${runs[0].startLoad}–${runs.at(-1).endLoad}`;
  recordPathFigure('spinLaunches', {
    before: `${r1(before.p50)} / ${r1(before.p95)} ms (${sides.before.commit}, per-viewer with the field trials; ${before.presses} presses, launches' p50 ${before.launchP50})`,
    forward: `${r1(current.p50)} / ${r1(current.p95)} ms (${current.presses} presses, launches' p50 ${current.launchP50})`,
    perViewer: '–',
    date: new Date().toISOString().slice(0, 10),
    load: loads,
  });
  writeLatencySubsection(
    '### Spin click → moving reels, launch by launch',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.
\`node bench/latency/spin-launches.mjs --before <checkout> --launches ${LAUNCHES} --presses ${PRESSES}\`: bench/latency/spin.mjs (page presses
only, described above) ${LAUNCHES} times on each of two checkouts, alternating (before, this; then this, before), each
launch a fresh product and a fresh Chromium: **before** = ${sides.before.commit}, the last commit before issue 25 (its
default video path: one libwebrtc encoder per viewer with the field trials, playout delay 0/0 and the 100 ms pacer
burst, the path of the figure 28.5 / 58.5 ms of 2026-11-27); **this** = ${sides.this.commit}, \`MACHINE_VIDEO_PATH=${sides.this.videoPath}\`.
Per launch: click → changed frame on screen (p50 / p95), → out of the decoder (p50), → received (rVFC \`receiveTime\`,
p50), and in how many presses the display time Chromium gave the frame was in the display frame of its receipt, one
later, or two or more later (60 Hz).

| code | launch | ended (UTC) | load | presses | on screen p50 ms | p95 ms | decoded p50 ms | received p50 ms | display frame: same / +1 / +2 or more |
|---|---:|---|---|---:|---:|---:|---:|---:|---|
${runs.map(runLine).join('\n')}

All presses of each code pooled:

| code | presses | on screen p50 ms | p95 ms | decoded p50 ms | launches' p50 ms | launches' p95 ms |
|---|---:|---:|---:|---:|---|---|
| before (${sides.before.commit}) | ${before.presses}/${before.of} | ${r1(before.p50)} | ${r1(before.p95)} | ${r1(before.decodedP50)} | ${before.launchP50} | ${before.launchP95} |
| this (${sides.this.commit}) | ${current.presses}/${current.of} | ${r1(current.p50)} | ${r1(current.p95)} | ${r1(current.decodedP50)} | ${current.launchP50} | ${current.launchP95} |`,
  );
  log('wrote docs/benchmarks.md');
}
