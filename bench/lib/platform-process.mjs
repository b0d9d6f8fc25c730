// What the benchmarks that run `reelcast platform` in a child process share: a fresh PostgreSQL
// database for the run (or PGlite), and the platform process itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { root } from './benchmarks-doc.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On PostgreSQL every `reelcast` process reads its keys from KEYS_DIR (it refuses to start without), and
 * instances on one database must share them: one folder per benchmark run, written once by
 * `reelcast keys generate`, removed when the run exits. Answers the folder.
 */
export function benchKeysDir() {
  const dir = path.join(os.tmpdir(), `reelcast-bench-keys-${process.pid}`);
  if (!fs.existsSync(dir)) {
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const run = spawnSync(process.execPath, [path.join(root, 'apps/launcher/bin/reelcast.mjs'), 'keys', 'generate', '--out', dir], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`reelcast keys generate failed: ${run.stderr}`);
  }
  return dir;
}

/**
 * With DATABASE_URL set, a fresh database `name` on that server (dropped first if a run left it);
 * without, PGlite. Answers the label for docs/benchmarks.md, the URL to give the platform, and `drop`.
 */
export async function prepareDatabase(name) {
  const base = process.env.DATABASE_URL;
  if (!base) return { label: 'PGlite (embedded)', url: undefined, drop: async () => {} };
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const version = (await admin('show server_version')).rows[0].server_version;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    detail: `PostgreSQL ${version}`,
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Starts `reelcast platform` on 127.0.0.1:`port` with `dataDir`, the database given (PGlite when none),
 * Redis when `redisUrl` is given (none else), `nodeArgs` before the script (`--cpu-prof`, …) and `env`
 * on top; resolves once it answers. `pid` is the child's; `output()` is what it printed; `stop()` ends
 * it (SIGTERM, SIGKILL after 10 s).
 */
export async function startPlatformProcess({ port, dataDir, databaseUrl, redisUrl, nodeArgs = [], env: extra = {} }) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, KEYS_DIR: env.KEYS_DIR || benchKeysDir() });
  if (redisUrl) env.REDIS_URL = redisUrl;
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/launcher/bin/reelcast.mjs'), 'platform'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the platform did not answer within 90 s:\n${output}`);
    const up = await fetch(`${base}/Settings.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    output: () => output,
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

/**
 * Starts a crowd of sockets (a bench's `sockets.mjs`) in a process of its own and resolves once it
 * prints `connected N`. `out` collects what it prints (a bench may cut what it has read); the crowd
 * reads commands on its stdin; `stop()` ends its stdin and waits for it to exit.
 */
export async function startCrowdProcess(script, args) {
  const child = spawn(process.execPath, [path.join(root, script), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const crowd = {
    child,
    out: '',
    connected: 0,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
  child.stdout.on('data', (chunk) => (crowd.out += chunk));
  const deadline = Date.now() + 180_000;
  while (!/connected \d+/.test(crowd.out)) {
    if (child.exitCode !== null) throw new Error(`the crowd exited (${child.exitCode}): ${crowd.out}`);
    if (Date.now() > deadline) throw new Error('the crowd did not connect within 180 s');
    await sleep(200);
  }
  crowd.connected = Number(/connected (\d+)/.exec(crowd.out)[1]);
  return crowd;
}
