#!/usr/bin/env node
// API benchmark: requests/s and latency of the hottest REST calls, against a real platform started
// as operators start it (`reelcast platform` in a child process), on loopback only.
//
//   node bench/api/run.mjs                 # embedded database (PGlite) in a temp folder
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/api/run.mjs
//                                          # PostgreSQL: a fresh database `reelcast_bench` is created and dropped
//
// Writes the figures into the "## API (bench/api)" section of docs/benchmarks.md, one subsection per
// database, leaving the other database's figures and every other section as they are.
// Options (environment): BENCH_DURATION seconds per run (default 8), BENCH_CONNECTIONS (default "10,50").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { benchKeysDir } from '../lib/platform-process.mjs';
import { answerHelp } from '../lib/usage.mjs';

answerHelp(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docFile = path.join(root, 'docs/benchmarks.md');
const SECTION = '## API (bench/api)';
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
/** Hard cap per run, so a very fast machine still stops: loopback, bounded in time and count. */
const MAX_REQUESTS_PER_RUN = 400_000;

const log = (line) => console.log(`[bench] ${line}`);

/** A fresh PostgreSQL database for the run (the platform migrates and seeds it), or none for PGlite. */
async function prepareDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return { label: 'PGlite (embedded)', url: undefined, drop: async () => {} };
  const name = 'reelcast_bench';
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const serverVersion = await (async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query('show server_version')).rows[0].server_version;
    } finally {
      await client.end();
    }
  })();
  return {
    label: 'PostgreSQL',
    detail: `PostgreSQL ${serverVersion} on ${url.hostname}:${url.port || 5432}`,
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Starts `reelcast platform` and resolves once it answers; rejects with its output if it dies first. */
async function startPlatform(port, dataDir, databaseUrl) {
  // One load generator on loopback is one client IP: the per-IP rate limits (docs/security.md) would
  // answer 429 after the first minute's allowance, so they are off to measure the server itself.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, KEYS_DIR: env.KEYS_DIR || benchKeysDir() });
  const child = spawn(process.execPath, [path.join(root, 'apps/launcher/bin/reelcast.mjs'), 'platform'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the platform exited (${code}) before it was ready:\n${output}`))),
  );
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/Settings.json`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the platform did not answer within 60 s:\n${output}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => {}); // from here on, exit is expected (we stop it)
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ maxOverallRequests: MAX_REQUESTS_PER_RUN, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    let seconds = 0;
    instance.on('tick', (counter) => {
      seconds += 1;
      if (!options.quiet && seconds % 2 === 0) log(`  ${seconds}s: ${counter.counter} requests in the last second`);
    });
  });
}

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus.length} cores, ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM`;
  const loadAtStart = os.loadavg()[0];
  const database = await prepareDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`machine: ${machine}; Node ${process.version}; database: ${database.detail ?? database.label}`);
  log(`starting \`reelcast platform\` on ${base} (data in ${dataDir})…`);
  const started = Date.now();
  const platform = await startPlatform(port, dataDir, database.url);
  log(`platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const rows = [];
  try {
    const loginBody = JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 1 });
    const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = await login.json();
    const machines = await (await fetch(`${base}/machine/all`, { headers: { authorization: `Bearer ${token}` } })).json();
    log(`logged in as demo; GET /machine/all answers ${machines.length} machines`);

    const scenarios = [
      { name: 'GET /machine/all', request: { method: 'GET', path: '/machine/all', headers: { authorization: `Bearer ${token}` } } },
      {
        name: 'POST /login',
        note: 'argon2id hash per request',
        request: { method: 'POST', path: '/login', headers: { 'content-type': 'application/json' }, body: loginBody },
      },
    ];

    for (const scenario of scenarios) {
      log(`warming up ${scenario.name} (1 s)…`);
      await cannon({ url: base + scenario.request.path, ...scenario.request, connections: 5, duration: 1, quiet: true });
      for (const connections of CONNECTIONS) {
        log(`${scenario.name}: ${connections} connections for ${DURATION} s…`);
        const r = await cannon({ url: base + scenario.request.path, ...scenario.request, connections, duration: DURATION });
        const row = {
          call: scenario.name,
          connections,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          total: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
        };
        rows.push(row);
        log(
          `  → ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.total} requests, ${row.non2xx} non-2xx, ${row.errors} errors`,
        );
      }
    }
  } finally {
    log('stopping the platform…');
    await platform.stop();
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const table = [
    '| call | connections | requests/s | p50 ms | p99 ms | max ms | requests | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.connections} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.max} | ${r.total.toLocaleString('en-US')} | ${r.non2xx} | ${r.errors} |`,
    ),
  ];
  console.log('\n' + table.join('\n') + '\n');

  const bad = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  const subsection = [
    `### ${database.label}`,
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Machine: ${machine}`,
    `- Node: ${process.version}`,
    `- Load: 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine skews the figures; the load generator shares the cores)`,
    `- Database: ${database.detail ?? database.label + `, data folder in ${os.tmpdir()}`}`,
    `- Runs: ${DURATION} s each after a 1 s warm-up, loopback, autocannon ${autocannonVersion()}; the platform is \`reelcast platform\` in its own process with LOG_LEVEL=warn and the per-IP rate limits off (one load generator is one IP).`,
    '',
    ...table,
    ...(bad.length ? ['', `Note: ${bad.map((r) => `${r.call} ×${r.connections}`).join(', ')} had non-2xx answers or errors.`] : []),
    '',
  ].join('\n');
  writeSection(database.label, subsection);
  log(`figures written to ${path.relative(root, docFile)} (${SECTION} → ### ${database.label})`);
  if (bad.length) process.exitCode = 1;
}

function autocannonVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')).version;
  } catch {
    return '';
  }
}

/** Replaces (or adds) `### {label}` inside the API section; other subsections and sections stay. */
function writeSection(label, subsection) {
  const intro = [
    SECTION,
    '',
    'Requests/s and latency of the REST API under load, from `npm run bench:api` (bench/api/run.mjs).',
    '`POST /login` is bounded by the argon2id password hash (~35 ms of CPU per login, by design): on',
    'two cores that is a few dozen logins per second at most. `GET /machine/all` is one indexed query',
    'and JSON serialisation. Each database keeps its own figures; the script replaces only its own.',
    '',
  ].join('\n');
  let doc = fs.existsSync(docFile)
    ? fs.readFileSync(docFile, 'utf8')
    : '# Benchmarks\n\nMeasured figures of Reelcast; each section says how to reproduce it.\n';
  const start = doc.indexOf(SECTION);
  let before;
  let section;
  let after;
  if (start === -1) {
    before = doc.replace(/\n*$/, '\n\n');
    section = intro;
    after = '';
  } else {
    const next = doc.slice(start + SECTION.length).search(/^## /m);
    const end = next === -1 ? doc.length : start + SECTION.length + next;
    before = doc.slice(0, start);
    section = doc.slice(start, end);
    after = doc.slice(end);
  }
  const heading = `### ${label}`;
  const at = section.indexOf(heading + '\n');
  if (at === -1) {
    section = section.replace(/\n*$/, '\n\n') + subsection;
  } else {
    const rest = section.slice(at + heading.length);
    const nextSub = rest.search(/^### /m);
    const end = nextSub === -1 ? section.length : at + heading.length + nextSub;
    section = section.slice(0, at) + subsection + (nextSub === -1 ? '' : '\n') + section.slice(end);
  }
  doc = before + section.replace(/\n*$/, '\n') + (after ? '\n' + after.replace(/^\n*/, '') : '');
  fs.mkdirSync(path.dirname(docFile), { recursive: true });
  fs.writeFileSync(docFile, doc);
}

main().catch((error) => {
  console.error(`[bench] failed: ${error.stack ?? error}`);
  process.exit(1);
});
