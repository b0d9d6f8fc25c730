#!/usr/bin/env node
// Fan-out benchmark (issue 15): with N notification sockets connected over WebSocket (signed-in
// players), how long from a machine status change to the `machine` push on every socket, on one
// platform instance and on two (sockets split across them), side by side in one run.
//
//   node bench/fanout/run.mjs                       # sizes 1000, 5000, 10000; one and two instances
//   node bench/fanout/run.mjs --sizes 1000,5000 --instances 1 --changes 20 --dry
//   node bench/fanout/run.mjs --help
//
// Each change is made the way a machine agent makes it: PUT /machine-api/machines/:id/status with the
// machine service token (the demo machines, each toggled between `offline` and `idle`). The figure is
// the time from just before that request is sent until the push has reached the LAST socket; the
// per-socket figures pool every socket's delay. A push a socket has not received 10 s after the change
// is missed. Platform memory per socket = (RSS with the sockets − RSS before them) / sockets; CPU per
// change = the platform process's user + system time during the changes / changes.
// Topology: one instance on PostgreSQL without Redis (the single-box setup); two instances on the same
// PostgreSQL and Redis (REDIS_PREFIX of the run's own), each with half of the sockets. The sockets are
// held by several crowd processes (bench/fanout/sockets.mjs, --clients), so the receiving side is not
// one event loop. Everything runs on this machine: the crowds and the platform share its cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { machineLine, percentile, writeSection } from '../lib/benchmarks-doc.mjs';
import { prepareDatabase, startCrowdProcess, startPlatformProcess } from '../lib/platform-process.mjs';

const HELP = `Usage: node bench/fanout/run.mjs [options]

  --sizes <n,n,…>       socket counts (default 1000,5000,10000)
  --instances <n,n,…>   platform instances: 1 (PostgreSQL), 2 (PostgreSQL + Redis) (default 1,2)
  --changes <k>         status changes measured per size and topology (default 40, after 3 warm-up ones)
  --interval <ms>       pause between changes (default 250)
  --clients <n>         crowd processes holding the sockets (default 4)
  --accounts <n>        signed-in players the sockets share (default 100)
  --client <kind,…>     the receiving sockets, one row each (default raw,socket.io): socket.io
                        (socket.io-client, as the portal) or raw (bare WebSockets speaking the
                        Socket.IO protocol: the same frames, a fraction of the receiving CPU)
  --cpu-prof <dir>      run each platform with --cpu-prof, profiles written to <dir>
  --dry                 print the figures without writing docs/benchmarks.md
  --help                this text

Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run uses a fresh
database reelcast_bench_fanout on that server, dropped after), REDIS_URL (default redis://127.0.0.1:6379).
Run under the benchmark lock: flock /tmp/bench.lock -c 'node bench/fanout/run.mjs'`;

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000,10000' },
    instances: { type: 'string', default: '1,2' },
    changes: { type: 'string', default: '40' },
    interval: { type: 'string', default: '250' },
    clients: { type: 'string', default: '4' },
    accounts: { type: 'string', default: '100' },
    client: { type: 'string', default: 'raw,socket.io' },
    'cpu-prof': { type: 'string' },
    dry: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(HELP);
  process.exit(0);
}
const list = (text) => text.split(',').map((n) => Number(n.trim()));
const SIZES = list(options.sizes);
const INSTANCES = list(options.instances);
const CHANGES = Number(options.changes);
const INTERVAL = Number(options.interval);
const CLIENTS = Number(options.clients);
const ACCOUNTS = Number(options.accounts);
const WARMUP = 3;
for (const n of [...SIZES, CHANGES, CLIENTS, ACCOUNTS])
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive whole number: ${n} (see --help)`);
if (INSTANCES.some((n) => n !== 1 && n !== 2)) throw new Error('--instances takes 1 and/or 2');
const CLIENT_KINDS = options.client.split(',').map((kind) => kind.trim());
if (!CLIENT_KINDS.length || CLIENT_KINDS.some((kind) => kind !== 'socket.io' && kind !== 'raw'))
  throw new Error('--client takes socket.io and/or raw');
const RECEIVERS = { raw: 'bare WebSockets', 'socket.io': 'socket.io-client' };

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const HEADING = '## Fan-out (bench/fanout)';
const log = (line) => console.log(`[bench:fanout ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const CLOCK_TICK_MS = 10; // /proc times are in USER_HZ ticks, 100 a second on Linux

/** RSS (bytes) and user + system CPU time (ms) of a process, from /proc. */
function usage(pid) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { rss, cpu: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS };
}

/** Before any platform starts: migrations, the demo data and the bench accounts, through the platform's own services. */
async function prepare(dataDir, databaseUrl) {
  register();
  const { loadConfig } = await import('../../apps/platform/src/config.ts');
  const { withServices } = await import('../../apps/platform/src/platform.ts');
  const { seedDemoData } = await import('../../apps/platform/src/seed/index.ts');
  const { generateKeysFolder } = await import('../../apps/platform/src/auth/instance-keys.ts');
  // The keys every instance of the run shares (KEYS_DIR), as docs/deployment.md has them made.
  generateKeysFolder(path.join(dataDir, 'shared-keys'));
  const usernames = Array.from({ length: ACCOUNTS }, (_, i) => `benchfan${String(i + 1).padStart(4, '0')}`);
  await withServices(loadConfig({ dataDir, databaseUrl, keysDir: path.join(dataDir, 'shared-keys') }, {}), async (services) => {
    await seedDemoData(services.machines, services.players, services.ledger);
    for (const username of usernames)
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

async function call(base, method, url, body, token) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Reads (and cuts) the next line of a crowd's output that matches `pattern`. */
async function nextLine(crowd, pattern, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(crowd.out);
    if (match) {
      crowd.out = crowd.out.slice(match.index + match[0].length);
      return match;
    }
    if (crowd.child.exitCode !== null) throw new Error(`a crowd exited (${crowd.child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`a crowd did not answer ${pattern} within ${timeoutMs / 1000} s`);
    await sleep(1);
  }
}

/** One size on one topology: platforms up, crowds connected, the changes measured, everything stopped. */
async function measure({ size, instances, client, dataDir, databaseUrl, serviceToken, tokensFile, run }) {
  const platforms = [];
  const crowds = [];
  try {
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      const profDir = options['cpu-prof'] && path.resolve(options['cpu-prof'], `${size}-${instances}-${client}-${i + 1}`);
      platforms.push(
        await startPlatformProcess({
          port,
          dataDir,
          databaseUrl,
          redisUrl: instances > 1 ? REDIS_URL : undefined,
          nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
          env: {
            MACHINE_API_TOKEN: serviceToken,
            KEYS_DIR: path.join(dataDir, 'shared-keys'),
            REDIS_PREFIX: `reelcast-bench-fanout-${run}`,
            RATE_LIMIT_API_PER_MINUTE: '0',
            RATE_LIMIT_LOGIN_PER_MINUTE: '0',
            SEED: 'false',
          },
        }),
      );
    }
    const base = platforms[0].base;
    const machineList = await call(base, 'GET', '/machine-api/machines', undefined, serviceToken);
    const machineIds = machineList.map((m) => m.id);
    await sleep(2000); // the platforms' start-up work settles before their memory is read
    const before = platforms.map((p) => usage(p.pid));

    // The crowds: --clients processes, spread over the instances in turn, the sockets shared out evenly.
    const clients = Math.min(CLIENTS, size);
    log(`${size} sockets, ${instances} instance${instances > 1 ? 's' : ''}: connecting ${clients} crowds of ${RECEIVERS[client]}…`);
    const started = Date.now();
    crowds.push(
      ...(await Promise.all(
        Array.from({ length: clients }, (_, c) => {
          const count = Math.floor(size / clients) + (c < size % clients ? 1 : 0);
          return startCrowdProcess('bench/fanout/sockets.mjs', [platforms[c % instances].base, String(count), tokensFile, client]);
        }),
      )),
    );
    const connected = crowds.reduce((n, c) => n + c.connected, 0);
    if (connected !== size) throw new Error(`${connected} sockets connected, not ${size}`);
    log(`${size} sockets connected in ${((Date.now() - started) / 1000).toFixed(1)} s; ${WARMUP} warm-up and ${CHANGES} measured changes…`);
    // A quiet while with the sockets up: the memory they hold, and the CPU they cost doing nothing (heartbeats).
    await sleep(2000);
    const withSockets = platforms.map((p) => usage(p.pid));
    const quietFrom = Date.now();
    await sleep(5000);
    const quietCpu = platforms.reduce((n, p, i) => n + usage(p.pid).cpu - withSockets[i].cpu, 0) / (Date.now() - quietFrom);

    // Each change toggles a machine between `idle` and `offline`, from the state an earlier row left.
    const state = new Map(machineList.map((m) => [m.id, m.status]));
    const last = [];
    const perSocket = [];
    let missed = 0;
    let cpuFrom;
    let crowdCpuFrom;
    let wallFrom;
    for (let k = 1; k <= WARMUP + CHANGES; k++) {
      if (k === WARMUP + 1) {
        cpuFrom = platforms.map((p) => usage(p.pid).cpu);
        crowdCpuFrom = crowds.map((c) => usage(c.child.pid).cpu);
        wallFrom = Date.now();
      }
      const id = machineIds[k % machineIds.length];
      const status = state.get(id) === 'idle' ? 'offline' : 'idle';
      state.set(id, status);
      for (const crowd of crowds) crowd.child.stdin.write(`expect ${k} ${id} ${status}\n`);
      await Promise.all(crowds.map((crowd) => nextLine(crowd, new RegExp(`expecting ${k}\\n`))));
      const sent = now();
      await call(platforms[k % instances].base, 'PUT', `/machine-api/machines/${id}/status`, { status }, serviceToken);
      for (const crowd of crowds) crowd.child.stdin.write(`wait ${k} ${sent}\n`);
      const answers = await Promise.all(crowds.map((crowd) => nextLine(crowd, new RegExp(`arrived ${k} (\\d+) ([^\\n]*)\\n`))));
      if (k > WARMUP) {
        const delays = answers.flatMap((a) => (a[2] ? a[2].split(',').map(Number) : []));
        missed += answers.reduce((n, a) => n + Number(a[1]), 0);
        perSocket.push(...delays);
        last.push(Math.max(...delays));
        if ((k - WARMUP) % 10 === 0)
          log(`  ${k - WARMUP}/${CHANGES} changes; this one reached the last socket in ${ms(Math.max(...delays))} ms`);
      }
      await sleep(INTERVAL);
    }
    const wall = Date.now() - wallFrom;
    const cpu = platforms.reduce((n, p, i) => n + usage(p.pid).cpu - cpuFrom[i], 0);
    const crowdCpu = crowds.reduce((n, c, i) => n + usage(c.child.pid).cpu - crowdCpuFrom[i], 0);
    for (const crowd of crowds) crowd.child.stdin.write('count\n');
    const counts = await Promise.all(crowds.map((crowd) => nextLine(crowd, /count (\d+) (\d+)\n/)));
    const pushes = counts.reduce((n, c) => n + Number(c[1]), 0);
    const disconnected = counts.reduce((n, c) => n + Number(c[2]), 0);
    const rssPerSocket = withSockets.reduce((n, u, i) => n + u.rss - before[i].rss, 0) / size;
    last.sort((a, b) => a - b);
    perSocket.sort((a, b) => a - b);
    return {
      size,
      instances,
      client,
      last: { p50: percentile(last, 50), p99: percentile(last, 99), max: last.at(-1) },
      socket: { p50: percentile(perSocket, 50), p99: percentile(perSocket, 99) },
      missed,
      disconnected,
      pushesPerChange: pushes / size / (WARMUP + CHANGES),
      rssPerSocket,
      rss: withSockets.map((u) => u.rss),
      cpuPerChange: Math.max(0, cpu - quietCpu * wall) / CHANGES,
      quietCpu,
      crowdCpuPerChange: crowdCpu / CHANGES,
      load: os.loadavg()[0],
    };
  } finally {
    await Promise.all(crowds.map((crowd) => crowd.stop()));
    await Promise.all(platforms.map((p) => p.stop()));
  }
}

async function main() {
  const run = `${process.pid}`;
  process.env.DATABASE_URL = DATABASE_URL;
  const database = await prepareDatabase('reelcast_bench_fanout');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-fanout-'));
  const tokensFile = path.join(dataDir, 'bench-tokens');
  const serviceToken = `bench-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const results = [];
  const loadAtStart = os.loadavg()[0];
  try {
    log(`preparing ${database.detail}: demo data, ${ACCOUNTS} accounts…`);
    const usernames = await prepare(dataDir, database.url);
    // Sign the accounts in once; every instance shares the data folder's signing keys and the database.
    const signer = await startPlatformProcess({
      port: await freePort(),
      dataDir,
      databaseUrl: database.url,
      env: {
        SEED: 'false',
        KEYS_DIR: path.join(dataDir, 'shared-keys'),
        RATE_LIMIT_API_PER_MINUTE: '0',
        RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      },
    });
    try {
      const tokens = [];
      for (let i = 0; i < usernames.length; i += 4)
        tokens.push(
          ...(await Promise.all(
            usernames
              .slice(i, i + 4)
              .map((username) => call(signer.base, 'POST', '/login', { username, password: 'bench1234', site_id: 1 }).then((a) => a.token)),
          )),
        );
      fs.writeFileSync(tokensFile, tokens.join('\n'));
    } finally {
      await signer.stop();
    }
    for (const client of CLIENT_KINDS)
      for (const size of SIZES)
        for (const instances of INSTANCES) {
          const result = await measure({ size, instances, client, dataDir, databaseUrl: database.url, serviceToken, tokensFile, run });
          results.push(result);
          log(
            `${size} sockets, ${instances} instance(s), ${RECEIVERS[client]}: change → last socket p50 ${ms(result.last.p50)} / p99 ${ms(result.last.p99)} / max ${ms(result.last.max)} ms; ` +
              `missed ${result.missed}; ${(result.rssPerSocket / 1024).toFixed(1)} KiB/socket; CPU ${ms(result.cpuPerChange)} ms/change (load ${result.load.toFixed(1)})`,
          );
        }
  } finally {
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const table = [
    '| receivers | sockets | instances | change → last socket p50 ms | p99 ms | max ms | change → each socket p50 ms | p99 ms | missed | pushes per change per socket | platform RSS with the sockets | platform RSS per socket | platform CPU per change | platform CPU idle | crowd CPU per change | load (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${RECEIVERS[r.client]} | ${r.size.toLocaleString('en')} | ${r.instances} | ${ms(r.last.p50)} | ${ms(r.last.p99)} | ${ms(r.last.max)} | ${ms(r.socket.p50)} | ${ms(r.socket.p99)} | ` +
        `${r.missed} | ${r.pushesPerChange.toFixed(2)} | ${r.rss.map((b) => (b / 2 ** 20).toFixed(0)).join(' + ')} MiB | ${(r.rssPerSocket / 1024).toFixed(1)} KiB | ${ms(r.cpuPerChange)} ms | ${(r.quietCpu * 100).toFixed(1)} % | ${ms(r.crowdCpuPerChange)} ms | ${r.load.toFixed(1)} |`,
    ),
  ];
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 10)}; ${machineLine()} (${loadAtStart.toFixed(1)} at the start)`,
    `- Database: ${database.detail}; two instances share it and Redis ${REDIS_URL.replace(/\/\/.*@/, '//')}; one instance runs without Redis`,
    `- ${CHANGES} measured status changes per row (after ${WARMUP} warm-up ones), ${INTERVAL} ms apart; sockets over ${ACCOUNTS} signed-in accounts in ${CLIENTS} crowd processes`,
    '',
    ...table,
  ].join('\n');
  console.log(`\n${body}\n`);
  const failed = results.some((r) => r.missed || r.disconnected);
  if (failed) log('some pushes were missed or sockets disconnected: see the table');
  if (options.dry) return;
  writeSection(
    HEADING,
    [
      'From `node bench/fanout/run.mjs` (issue 15): N notification sockets over WebSocket, signed-in players,',
      'and machine status changes made as an agent makes them (`PUT /machine-api/machines/:id/status` with',
      'the service token); the time from just before that request until the `machine` push reached the',
      'last socket ("change → last socket", one figure per change) and each socket (every socket of every',
      'change pooled). One instance on PostgreSQL without Redis; two instances on PostgreSQL and Redis with',
      'the sockets split between them. Platform RSS per socket = (RSS with the sockets − RSS before) / N, which the',
      "garbage collector's timing makes noisy at small N: the slope of the RSS column across sizes is the steadier figure;",
      "CPU idle = the platform processes' user + system time with the sockets up and no change (heartbeats),",
      'as a share of one core; CPU per change = their time while changing, less that idle share, / changes;',
      "crowd CPU per change = the crowd processes' time while changing / changes (receiving N pushes). The crowds",
      'share the two cores with the platform, so their receiving is part of the figure. Two kinds of receivers,',
      'one set of rows each: bare WebSockets speaking the Socket.IO protocol, whose receiving costs about half of',
      "socket.io-client's and so takes less of the CPU the platform needs (a player's browser receives on its own",
      "machine, not on the platform's), and socket.io-client, as the portal has it. Goal on this two-core box:",
      '10,000 sockets on one instance, p99 ≤ 250 ms to the last socket, no push missed.',
      'Capacity model built on these figures: docs/scaling.md.',
      '',
      body,
    ].join('\n'),
  );
  log(`figures written to docs/benchmarks.md (${HEADING})`);
  if (failed) process.exitCode = 1;
}

await main();
