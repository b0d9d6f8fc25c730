import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { loadConfig, startPlatform, type Config, type RunningPlatform, type StartOptions } from '@reelcast/platform';
import { runCli as runCommand, type ServerCommands } from '@reelcast/platform/cli';
// What no other program needs of the platform is reached by path, as e2e/ does: the platform exports
// nothing for tests only.
import { generateKeysFolder } from '../../../apps/platform/src/auth/index.ts';
import { postgresTemplate, testDataDir } from './database-template.ts';

export { testDataDir } from './database-template.ts';

/** A clock the test moves by hand. */
export class TestClock {
  #now = Date.now();
  /** Milliseconds each reading moves the clock on, as time passes while a request is handled (0: it stands still). */
  step = 0;
  now = () => {
    const at = new Date(this.#now);
    this.#now += this.step;
    return at;
  };
  advanceMinutes(minutes: number) {
    this.#now += minutes * 60_000;
  }
  set(moment: Date) {
    this.#now = moment.getTime();
  }
}

export interface TestPlatform extends RunningPlatform {
  clock: TestClock;
  config: Config;
  /** fetch against the platform: JSON body in, parsed JSON and status out. */
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  login(username?: string, password?: string): Promise<string>;
  socket(token: string): Promise<Socket>;
  stop(): Promise<void>;
}

/**
 * Every request of a test comes from 127.0.0.1, so the per-IP rate limits would couple unrelated tests:
 * they are off unless a test turns them on (rate-limits.test.ts; the e2e journeys run with the defaults).
 */
export const noRateLimits = {
  rateLimitApiPerMinute: 0,
  rateLimitLoginPerMinute: 0,
  rateLimitMoneyPerMinute: 0,
  rateLimitChatPerMinute: 0,
  rateLimitAccountMailPerHour: 0,
  rateLimitAccountMailIpPerHour: 0,
} satisfies Partial<Config>;

/**
 * Starts a real platform on a free port with a database of its own: a fresh PGlite folder, or, when
 * DATABASE_URL is set, a fresh PostgreSQL database created for this test file and dropped after; both
 * copied from the test run's migrated template when there is one (database-template.ts).
 */
export async function startTestPlatform(
  overrides: Partial<Config> = {},
  options: Pick<StartOptions, 'connectUrls' | 'log'> = {},
): Promise<TestPlatform> {
  const dataDir = testDataDir();
  const dropDatabase = await freshPostgres();
  const clock = new TestClock();
  const config = loadConfig(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      ...noRateLimits,
      ...overrides,
      ...(dropDatabase ? { databaseUrl: dropDatabase.url, keysDir: overrides.keysDir ?? testKeysDir() } : {}),
    },
    {},
  );
  const platform = await startPlatform(config, { ...options, clock: clock.now, logger: false });
  const sockets: Socket[] = [];

  const call: TestPlatform['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(platform.url + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the test sees the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    ...platform,
    clock,
    config,
    call,
    async login(username = 'demo', password = 'demo1234') {
      const { status, body } = await call('POST', '/login', { body: { username, password, site_id: 1 } });
      if (status !== 200) throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
      return body.token as string;
    },
    async socket(token: string) {
      const socket = connectSocket(platform.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async stop() {
      sockets.forEach((s) => s.close());
      try {
        // Every scenario ends with the reconciliation `reelcast ledger verify` runs: a file whose
        // money does not add up fails here even if each of its tests passed.
        await expectLedgerSound(platform);
      } finally {
        await platform.close();
        await dropDatabase?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A second platform instance beside `first` (started with `redisUrl`, on PostgreSQL): the same database,
 * keys and service token, no seed. The caller closes it before stopping `first`.
 */
export function startSecondInstance(first: TestPlatform): Promise<RunningPlatform> {
  return startPlatform(loadConfig({ ...first.config, port: 0, seed: false, machineApiToken: first.services.machineApiToken }, {}), {
    logger: false,
  });
}

/**
 * Throws unless the ledger reconciles by the rule `reelcast ledger verify` applies: cached balances
 * equal their entries, every posted transfer has two entries summing to 0, all balances sum to 0.
 * (No vitest here: the crash test imports this module outside the test runner.)
 */
export async function expectLedgerSound(platform: Pick<RunningPlatform, 'services'>): Promise<void> {
  const report = await platform.services.ledger.verify();
  if (report.differences.length || report.unbalancedTransfers.length || report.total !== '0') {
    throw new Error(`the ledger does not reconcile: ${JSON.stringify(report)}`);
  }
}

let keysDir: string | undefined;

/**
 * The keys folder (`reelcast keys generate`) every platform and CLI command of this test process uses
 * on PostgreSQL, which refuses to start without KEYS_DIR: made once, removed when the process exits.
 */
export function testKeysDir(): string {
  if (!keysDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-keys-'));
    generateKeysFolder(dir);
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    keysDir = dir;
  }
  return keysDir;
}

/** The `reelcast` command an operator runs: the launcher's (apps/launcher), with every command. */
export const reelcastBin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/launcher/bin/reelcast.mjs');

/** What a CLI command printed, and its exit code (-1 when it had to be stopped). */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a CLI command on this data folder: on PostgreSQL when `databaseUrl` is given (with
 * the keys folder every process there needs), else on the embedded database whatever this process has.
 */
export function cliEnv(
  dataDir: string,
  databaseUrl?: string,
  keys: string | undefined = databaseUrl ? testKeysDir() : undefined,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (keys) env.KEYS_DIR = keys;
  return env;
}

/**
 * `reelcast …args` with this environment, run in this process as the `reelcast` process runs it (the
 * same commands, output and exit code; cli/run.ts): what it prints is captured. `input`, when given,
 * is its standard input, then closed; `serverCommands` are the launcher's (apps/launcher). The few tests
 * of the process itself use `runCliProcess`.
 */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { input, serverCommands }: { input?: string; serverCommands?: ServerCommands } = {},
): Promise<CliRun> {
  const printed = { stdout: '', stderr: '' };
  const capture = (stream: keyof typeof printed) => ({
    write: (text: string | Uint8Array) => {
      printed[stream] += String(text);
      return true;
    },
  });
  const io = { stdout: capture('stdout'), stderr: capture('stderr'), stdin: Readable.from(input === undefined ? [] : [input]), env };
  const code = await runCommand(args, io, serverCommands);
  return { code, ...printed };
}

/**
 * `reelcast …args` as a child process with this environment. `input`, when given, is written to its
 * standard input, which is then closed. The timeout only stops a hung command: a hang is a failure.
 */
export function runCliProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { input, timeoutMs = 60_000 }: { input?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [reelcastBin, ...args], { env, timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

/**
 * A fresh PostgreSQL database for one test file when DATABASE_URL is set (dropped by `drop`): a copy of
 * the test run's migrated template when there is one, unless `empty` (a test of `reelcast migrate`).
 */
export async function freshPostgres({ empty = false } = {}): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `reelcast_t_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : postgresTemplate();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Resolves with the next `event` on the socket, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5000, predicate: (p: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** The Redis the scale-out tests use: REDIS_URL, or the one these machines run locally. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (the tests that need one run only then). */
export async function redisUp(url = testRedisUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
