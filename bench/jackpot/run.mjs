#!/usr/bin/env node
// Jackpot fan-out benchmark: with 1,000 notification sockets connected, how long from a machine's
// play-counters report to the jackpot pushes on every socket, against `reelcast platform` in a child
// process on loopback (docs/jackpots.md "Live values").
//
//   node bench/jackpot/run.mjs             # embedded database (PGlite) in a temp folder
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/jackpot/run.mjs
//                                          # PostgreSQL: a fresh database `reelcast_bench_jackpot`, dropped after
//
// Rounds alternate between:
// - a rise: POST /machine-api/machines/9/play-counters with new bets and no one seated (Tropic's
//   meters rise) → the `jackpot` push on every socket;
// - a hit: the same on machine 1, where a player is seated and Aurora's meters are set to hit at any
//   bet (seed = ceiling = 0.01, 100 % of the bet) → the `jackpotWin` push (the first of the round's
//   three, one per meter) and the `jackpot` push on every socket.
// For each round: the time from just before the report is sent until the first and the last socket
// received the push (the last is the figure), and the report's own answer. Rounds are 300 ms apart
// per brand and more, so the per-brand throttle (4 a second) never holds a push back.
// It is a decomposition of the lobby's path: the browser's own part (the push → the list on screen)
// is measured by the portal's benchmark. The crowd (bench/jackpot/sockets.mjs) runs in its own
// process; its receiving of 1,000 sockets is part of the figure.
// Options (environment): BENCH_ROUNDS (default 200, half of each), BENCH_SOCKETS (default 1000),
// BENCH_ACCOUNTS (default 50); BENCH_DRY=1 prints the figures without writing them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { register } from 'tsx/esm/api';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { machineLine, percentile, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { benchKeysDir, prepareDatabase, startCrowdProcess, startPlatformProcess } from '../lib/platform-process.mjs';
import { answerHelp } from '../lib/usage.mjs';

answerHelp(import.meta.url);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const HEADING = '## Jackpot fan-out (bench/jackpot)';
const log = (line) => console.log(`[bench:jackpot] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

/**
 * Before the platform starts (one process at a time on PGlite), through its own services: the demo
 * data, the meters, Aurora's set to hit at any bet, and the bench accounts.
 */
async function prepare(dataDir, databaseUrl) {
  register();
  const { loadConfig } = await import('../../apps/platform/src/config.ts');
  const { withServices } = await import('../../apps/platform/src/platform.ts');
  const { seedDemoData } = await import('../../apps/platform/src/seed/index.ts');
  const usernames = Array.from({ length: ACCOUNTS }, (_, i) => `benchjp${String(i + 1).padStart(4, '0')}`);
  await withServices(loadConfig({ dataDir, ...(databaseUrl ? { databaseUrl, keysDir: benchKeysDir() } : {}) }, {}), async (services) => {
    await seedDemoData(services.machines, services.players, services.ledger);
    await services.jackpots.meters.ensureMeters();
    for (const meter of await services.jackpots.meters.list())
      if (meter.brand === 'Aurora')
        await services.jackpots.meters.configure(meter.id, { seed: 1, ceiling: 1, contributionBasisPoints: 10_000 });
    for (const username of [...usernames, 'benchwinner'])
      await services.players.create({
        username,
        email: `${username}@bench.local`,
        password: 'bench1234',
        name: 'Bench',
        lastname: username,
      });
  });
  return usernames;
}

/** The crowd of sockets in its own process (bench/jackpot/sockets.mjs). */
async function startCrowd(base, usernames) {
  const crowd = await startCrowdProcess('bench/jackpot/sockets.mjs', [base, String(SOCKETS), ...usernames]);
  return {
    /** When the first and the last socket received their n-th `event` push. */
    async arrived(event, n) {
      const pattern = new RegExp(`arrived ${event} ${n} (\\d+) ([\\d.]+) ([\\d.]+)`);
      crowd.child.stdin.write(`wait ${event} ${n}\n`);
      while (!pattern.test(crowd.out)) {
        if (crowd.child.exitCode !== null) throw new Error('the crowd exited');
        await sleep(2);
      }
      const [, sockets, first, last] = pattern.exec(crowd.out);
      crowd.out = crowd.out.replace(pattern, '');
      return { sockets: Number(sockets), first: Number(first), last: Number(last) };
    },
    stop: crowd.stop,
  };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
};
const ms = (value) => value.toFixed(1);

async function main() {
  const database = await prepareDatabase('reelcast_bench_jackpot');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-jackpot-'));
  const serviceToken = randomBytes(24).toString('base64url');
  let platform;
  let crowd;
  const samples = { rise: [], win: [], winMeters: [], riseFirst: [], winFirst: [], answer: [] };
  let short = 0;
  try {
    log(`preparing ${database.label}: demo data, meters, ${ACCOUNTS} accounts…`);
    const usernames = await prepare(dataDir, database.url);
    platform = await startPlatformProcess({
      port: await freePort(),
      dataDir,
      databaseUrl: database.url,
      env: { MACHINE_API_TOKEN: serviceToken, RATE_LIMIT_API_PER_MINUTE: '0', RATE_LIMIT_LOGIN_PER_MINUTE: '0' },
    });
    log(`platform up at ${platform.base}; connecting ${SOCKETS} sockets…`);
    crowd = await startCrowd(platform.base, usernames);

    const call = async (method, url, body, token) => {
      const response = await fetch(platform.base + url, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const login = await fetch(`${platform.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchwinner', password: 'bench1234', site_id: 1 }),
    }).then((r) => r.json());
    const { sessionId } = await call('POST', '/machine-api/machines/1/seat', { token: login.token }, serviceToken);

    let jackpots = 0;
    let wins = 0;
    let rises = 0;
    let hits = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const hit = round % 2 === 0;
      const machine = hit ? 1 : 9;
      const k = hit ? ++hits : ++rises;
      const body = { spins: k, totalBet: k * 1_000, sessionId: hit ? sessionId : null };
      const sent = now();
      const answer = await call('POST', `/machine-api/machines/${machine}/play-counters`, body, serviceToken);
      samples.answer.push(now() - sent);
      if (hit && answer.hits.length !== 3) throw new Error(`round ${round}: expected 3 hits, got ${JSON.stringify(answer)}`);
      const meters = await crowd.arrived('jackpot', ++jackpots);
      if (meters.sockets < SOCKETS) short++;
      if (hit) {
        const win = await crowd.arrived('jackpotWin', wins + 1);
        wins += 3;
        await crowd.arrived('jackpotWin', wins);
        if (win.sockets < SOCKETS) short++;
        samples.win.push(win.last - sent);
        samples.winFirst.push(win.first - sent);
        samples.winMeters.push(meters.last - sent);
      } else {
        samples.rise.push(meters.last - sent);
        samples.riseFirst.push(meters.first - sent);
      }
      if (round % 20 === 0) log(`${round}/${ROUNDS} rounds`);
      await sleep(300);
    }
  } finally {
    await crowd?.stop();
    await platform?.stop();
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const rows = [
    ['meter rise → `jackpot` push', samples.rise, samples.riseFirst],
    ['hit → `jackpotWin` push (first of the three)', samples.win, samples.winFirst],
    ['hit → `jackpot` push (meters reset)', samples.winMeters, null],
  ].map(([what, last, first]) => ({ what, last: stats(last), first: first && stats(first), n: last.length }));
  const answer = stats(samples.answer);
  const table = [
    '| report → push | rounds | last socket p50 ms | last socket p99 ms | max ms | first socket p50 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.what} | ${r.n} | ${ms(r.last.p50)} | ${ms(r.last.p99)} | ${ms(r.last.max)} | ${r.first ? ms(r.first.p50) : '–'} |`,
    ),
  ];
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 10)}; ${machineLine()}`,
    `- Database: ${database.detail ?? database.label}; \`reelcast platform\` in its own process, LOG_LEVEL=warn`,
    `- ${SOCKETS} notification sockets over ${ACCOUNTS} accounts, in one other process (bench/jackpot/sockets.mjs); the report from a third`,
    '',
    ...table,
    '',
    `The report's own answer (its one transaction: counters, contributions, and for a hit three payments and reseeds): p50 ${ms(answer.p50)} ms, p99 ${ms(answer.p99)} ms.`,
    ...(short ? ['', `Note: in ${short} rounds some sockets had not received the push after 10 s.`] : []),
  ].join('\n');
  console.log(`\n${body}\n`);
  if (process.env.BENCH_DRY) return;
  writeSubsection(
    HEADING,
    [
      'A decomposition of the lobby\'s live jackpots (docs/jackpots.md "Live values"), from `node bench/jackpot/run.mjs`:',
      "with 1,000 notification sockets connected, the time from a machine's play-counters report (sent",
      'with the machine service token, as the agent does) until the push has reached every socket (the',
      '"last socket" figures), for a meter rise and for a hit. The browser\'s part, from the push to the',
      "list on screen, is measured with the portal. The crowd's own receiving of 1,000 sockets on the same",
      'two cores is part of the figure: after a hit the `jackpot` push comes behind the three `jackpotWin`',
      'pushes (3,000 messages to take in first), hence its later figure. Each database keeps its own',
      'figures; the script replaces only its own.',
    ].join('\n'),
    `### ${database.label}`,
    body,
  );
  log(`figures written to docs/benchmarks.md (${HEADING} → ### ${database.label})`);
  if (short) process.exitCode = 1;
}

await main();
