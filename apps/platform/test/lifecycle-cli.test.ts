import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { generateKeysFolder } from '../src/auth/index.ts';
import { loadConfig } from '../src/config.ts';
import { withServices } from '../src/platform.ts';
import { demoPlayers, demoStaff } from '../src/seed/index.ts';
import { freshPostgres, reelcastBin as bin } from '@reelcast/testing';

/**
 * The instance lifecycle with the real CLI in child processes (`reelcast platform`): graceful stop on
 * SIGTERM, keys from KEYS_DIR, refusal on PostgreSQL without them, several instances at once on an
 * empty database. On PGlite, and on a fresh PostgreSQL database when DATABASE_URL is set.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Instance {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `reelcast platform` on a free port; resolves once it printed its URL (it is then listening). */
function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const base: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  for (const name of ['DATABASE_URL', 'KEYS_DIR', 'REDIS_URL', 'MACHINE_API_TOKEN']) if (!(name in env)) delete base[name];
  const child = spawn(process.execPath, [bin, 'platform'], { env: base, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const ready = () => {
      const match = /ready in [\d.]+ s: (http:\/\/\S+)/.exec(output);
      if (!match) return;
      child.stdout.off('data', ready);
      resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output, exited });
    };
    child.stdout.on('data', ready);
    void exited.then((code) => reject(new Error(`reelcast platform exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Resolves once nothing accepts a connection on the URL's port any more (the server stopped listening). */
async function notListening(url: string): Promise<void> {
  const { port } = new URL(url);
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(Number(port), '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every child started, so a failed test leaves none running. */
const children: ChildProcess[] = [];

async function killChildren(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
}

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('reelcast platform: readiness and a graceful stop on SIGTERM', () => {
  let dataDir: string;
  let keysDir: string;
  let database: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-lifecycle-'));
    keysDir = path.join(dataDir, 'keys-given');
    generateKeysFolder(keysDir);
    database = await freshPostgres();
  });
  afterAll(async () => {
    await killChildren();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a money call in flight when SIGTERM arrives completes with 200 and is committed; readyz answers 503 while draining; sockets are told to reconnect', async () => {
    const env = {
      DATA_DIR: dataDir,
      KEYS_DIR: keysDir,
      DRAIN_SECONDS: '3',
      RATE_LIMIT_API_PER_MINUTE: '0',
      RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const instance = await startInstance(env);
    const machineToken = fs.readFileSync(path.join(keysDir, 'machine-api-token'), 'utf8').trim();

    expect(await json(await fetch(`${instance.url}/healthz`))).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await json(await fetch(`${instance.url}/readyz`))).toEqual({ status: 200, body: { status: 'ready', notReady: [] } });

    const login = await json(
      await fetch(`${instance.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 1 }),
      }),
    );
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const balanceBefore = (await json(await fetch(`${instance.url}/player/balance`, { headers: { authorization: `Bearer ${token}` } })))
      .body;
    const seat = await json(
      await fetch(`${instance.url}/machine-api/machines/1/seat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${machineToken}` },
        body: JSON.stringify({ token }),
      }),
    );
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);

    // A notification socket that reconnects by itself, as the portal's does.
    const socket = connectSocket(instance.url, { auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // The money call: its headers and half its body are sent before SIGTERM, the rest only once the
    // instance has stopped listening, so it is in flight through the drain and the close.
    const body = JSON.stringify({ transferId: 'lifecycle-cash-in-1', sessionId: seat.body.sessionId, amount: 2500 });
    const { port } = new URL(instance.url);
    const raw = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => raw.once('connect', () => resolve()));
    let answer = '';
    raw.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise<void>((resolve) => raw.once('close', () => resolve()));
    raw.write(
      `POST /machine-api/transfers/cash-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Authorization: Bearer ${machineToken}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 20),
    );

    instance.child.kill('SIGTERM');
    // Draining: still serving, but not ready.
    let drainingAnswer: { status: number; body: any } | undefined;
    for (;;) {
      const ready = await json(await fetch(`${instance.url}/readyz`));
      if (ready.status === 503) {
        drainingAnswer = ready;
        break;
      }
    }
    expect(drainingAnswer).toEqual({ status: 503, body: { status: 'not ready', notReady: ['draining'] } });
    // After the drain the instance stops listening; the call in flight is still served.
    await notListening(instance.url);
    raw.write(body.slice(20));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // Closed at the transport, not with a server 'disconnect' (after which socket.io-client would not reconnect).
    expect(await disconnected).toBe('transport close');
    socket.close();
    expect(await instance.exited).toBe(0);
    expect(instance.output()).toContain('SIGTERM: draining for 3 s');

    // Committed: the wallet holds 25.00 less (reserved for the machine) after the instance is gone.
    const config = loadConfig(
      { dataDir, keysDir, logLevel: 'silent', seed: false, ...(database ? { databaseUrl: database.url } : {}) },
      {},
    );
    const [balanceAfter, verify] = await withServices(config, async (s) => {
      const demo = (await s.players.findByLogin('demo'))!;
      return [await s.ledger.balance(demo.id), await s.ledger.verify()] as const;
    });
    expect(balanceAfter).toBe(balanceBefore.balance - 2500);
    expect(verify).toMatchObject({ differences: [], unbalancedTransfers: [], total: '0' });
  }, 300_000);
});

describe.runIf(onPostgres)('reelcast platform on PostgreSQL: keys given, never made; several instances at once', () => {
  const dataDirs: string[] = [];
  let keysDir: string;
  let database: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-keys-'));
    fs.rmdirSync(keysDir);
    // The CLI command an operator runs once.
    const generate = spawn(process.execPath, [bin, 'keys', 'generate', '--out', keysDir], { stdio: 'ignore' });
    expect(await new Promise((resolve) => generate.once('exit', resolve))).toBe(0);
    database = await freshPostgres();
  });
  afterAll(async () => {
    await killChildren();
    await database?.drop();
    for (const dir of [...dataDirs, keysDir]) fs.rmSync(dir, { recursive: true, force: true });
  });
  const freshDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-lifecycle-'));
    dataDirs.push(dir);
    return dir;
  };

  it('keys generate wrote both files, mode 0600, and refuses to overwrite them', async () => {
    for (const file of ['jwt-ed25519.json', 'machine-api-token']) {
      expect(fs.statSync(path.join(keysDir, file)).mode & 0o777).toBe(0o600);
    }
    const again = spawn(process.execPath, [bin, 'keys', 'generate', '--out', keysDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    again.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => again.once('exit', resolve))).not.toBe(0);
    expect(stderr).toContain('already exists');
  }, 60_000);

  it('without KEYS_DIR an instance refuses to start, naming the variable, and makes no keys', async () => {
    const dataDir = freshDataDir();
    const refused = await startInstance({ DATA_DIR: dataDir, DATABASE_URL: database!.url }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/exited \(1\)/);
    expect(refused).toContain('set KEYS_DIR to a folder holding jwt-ed25519.json and machine-api-token');
    expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false);
  }, 60_000);

  it('three instances started at the same moment on an empty database all become ready; the demo seed ran once; nothing printed an error', async () => {
    const empty = await freshPostgres({ empty: true });
    try {
      const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: empty!.url, KEYS_DIR: keysDir, DRAIN_SECONDS: '0' });
      const instances = await Promise.all([1, 2, 3].map(() => startInstance(env(freshDataDir()))));
      for (const instance of instances) {
        expect(await json(await fetch(`${instance.url}/readyz`))).toEqual({ status: 200, body: { status: 'ready', notReady: [] } });
      }
      // A token signed by one instance is valid on the others: they share the keys.
      const login = await json(
        await fetch(`${instances[0]!.url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 1 }),
        }),
      );
      for (const instance of instances.slice(1)) {
        const balance = await fetch(`${instance.url}/player/balance`, { headers: { authorization: `Bearer ${login.body.token}` } });
        expect(balance.status).toBe(200);
      }
      for (const instance of instances) instance.child.kill('SIGTERM');
      for (const instance of instances) expect(await instance.exited).toBe(0);
      const client = new pg.Client({ connectionString: empty!.url });
      await client.connect();
      try {
        const accounts = await client.query<{ n: string }>('select count(*) as n from players');
        expect(Number(accounts.rows[0]!.n)).toBe(demoPlayers.length + demoStaff.length);
        // One demo deposit each: the seed's transfers were not made twice.
        const deposits = await client.query<{ n: string }>(
          "select count(*) as n from transfers where idempotency_key like 'seed:deposit:%'",
        );
        expect(Number(deposits.rows[0]!.n)).toBe(demoPlayers.length);
      } finally {
        await client.end();
      }
      for (const instance of instances) {
        expect(instance.output()).not.toMatch(/error|failed|\$argon2/i);
      }
    } finally {
      await empty?.drop();
    }
  }, 240_000);
});
