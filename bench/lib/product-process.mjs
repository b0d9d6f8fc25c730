// The whole product as a benchmark starts it: `reelcast start` (platform, machine agent and portal, PGlite)
// in a child process on free ports with its own data folder, and the built portal copied out of
// apps/portal/dist so that another build cannot change it under a running benchmark.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { root } from './benchmarks-doc.mjs';

const reelcastOf = (checkout) => path.join(checkout, 'apps/launcher/bin/reelcast.mjs');

/**
 * The built portal, copied out of apps/portal/dist under the lock other builds take (built first when stale).
 * `checkout`: another checkout of Reelcast (its dependencies installed) whose portal to build and copy.
 */
export function portalCopy(name, checkout = root) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `reelcast-bench-${name}-portal-`));
  const script = `node scripts/build-portal-if-stale.mjs && cp -r apps/portal/dist/. '${copy}'`;
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  const result = hasFlock
    ? spawnSync('flock', ['/tmp/portal-e2e.lock', 'sh', '-c', script], { cwd: checkout, stdio: 'inherit' })
    : spawnSync('sh', ['-c', script], { cwd: checkout, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the portal could not be built');
  return copy;
}

/**
 * Starts `reelcast start` on PGlite, without Redis, logging warnings only; `env` adds to (or overrides)
 * that, `players` are created with the password 'bench1234' first, `args` follow `start` (`--cabinets <file>`), `checkout` is
 * the checkout whose `reelcast` runs (this one by default; another one to measure an earlier commit). Resolves once the product says it is
 * ready; `stop()` ends it with SIGTERM, waits for it, and removes its data folder.
 */
export async function startProduct({ name, env: extra = {}, players = [], args = [], startTimeoutMs = 90_000, checkout = root }) {
  const reelcast = reelcastOf(checkout);
  const [port, machinePort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reelcast-bench-${name}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    MACHINE_PORT: String(machinePort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extra,
  };
  for (const username of players) {
    const created = spawnSync(process.execPath, [reelcast, 'player', 'create', username, '--password', 'bench1234'], {
      env,
      encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(`player create ${username} failed: ${created.stderr}`);
  }
  const child = spawn(process.execPath, [reelcast, 'start', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Reelcast is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the product exited with ${code}`)));
  });
  return {
    url: `http://localhost:${port}`,
    machineUrl: `http://localhost:${machinePort}`,
    machinePort,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited; // the product may still write its data folder while it stops
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
