#!/usr/bin/env node
// Game-engine benchmark: the exact figures of the classic paytable (full enumeration of every stop
// combination), how long that takes, and how many spins per second one MachineGame plays.
//
//   node --import tsx bench/engine/rtp.mjs           # prints the figures as markdown
//   node --import tsx bench/engine/rtp.mjs --write   # also replaces the "## Game engine (bench/engine)"
//                                                    # section of docs/benchmarks.md (BENCH_DOC overrides the file)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysePaytable, classicPaytable, computeRtp, MachineGame } from '../../packages/engine/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docFile = process.env.BENCH_DOC ?? path.join(root, 'docs/benchmarks.md');
const SECTION = '## Game engine (bench/engine)';
const SPINS = Number(process.env.BENCH_SPINS ?? 200_000);

const pct = (x, digits = 4) => `${(x * 100).toFixed(digits)}%`;

let t = performance.now();
const rtp = computeRtp(classicPaytable);
const shortcutMs = performance.now() - t;

t = performance.now();
const analysis = analysePaytable(classicPaytable);
const enumerationMs = performance.now() - t;

const game = new MachineGame({
  machineId: 'bench',
  seed: 'bench',
  status: 'playing',
  credit: 1_000_000_000,
  jackpot: null,
  handPayThreshold: Number.MAX_SAFE_INTEGER,
});
t = performance.now();
for (let i = 0; i < SPINS; i++) {
  const result = game.press('SPIN', i);
  if (!result.ok) throw new Error(result.reason);
}
const spinMs = performance.now() - t;
const { totalBet, totalWon } = game.state;

const lines = [
  SECTION,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
  '',
  '| figure | value |',
  '|---|---|',
  `| paytable | \`${classicPaytable.id}\` |`,
  `| theoretical RTP (per-line shortcut, ${shortcutMs.toFixed(0)} ms) | ${pct(rtp)} |`,
  `| theoretical RTP (full enumeration of ${analysis.combinations.toLocaleString('en')} combinations, ${(enumerationMs / 1000).toFixed(2)} s) | ${pct(analysis.rtp)} |`,
  `| hit frequency | ${pct(analysis.hitFrequency, 2)} |`,
  `| standard deviation per spin (× total bet) | ${analysis.standardDeviation.toFixed(3)} |`,
  `| largest win (× total bet) | ${analysis.maxWinMultiple} |`,
  ...analysis.atLeast.map(
    (a) =>
      `| P(win ≥ ${a.threshold} × bet) | ${a.probability.toExponential(3)} (1 in ${a.probability > 0 ? Math.round(1 / a.probability).toLocaleString('en') : '∞'}) |`,
  ),
  `| Monte-Carlo RTP, ${SPINS.toLocaleString('en')} seeded spins through MachineGame | ${pct(totalWon / totalBet, 2)} |`,
  `| MachineGame spins per second (one core) | ${Math.round(SPINS / (spinMs / 1000)).toLocaleString('en')} |`,
  '',
];
const markdown = lines.join('\n');
console.log(markdown);

if (process.argv.includes('--write')) {
  const doc = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '# Benchmarks\n';
  const start = doc.indexOf(SECTION);
  let next;
  if (start < 0) next = `${doc.trimEnd()}\n\n${markdown}`;
  else {
    const end = doc.indexOf('\n## ', start + SECTION.length);
    next = doc.slice(0, start) + markdown + (end < 0 ? '' : doc.slice(end + 1));
  }
  fs.writeFileSync(docFile, next);
  console.log(`[bench] wrote ${path.relative(root, docFile)}`);
}
