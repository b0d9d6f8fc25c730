import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { loadConfig } from '../src/config.ts';
import { startPlatform, type RunningPlatform } from '../src/platform.ts';
import { cliEnv, freshPostgres, runCli, testKeysDir, type CliRun } from '@reelcast/testing';

/**
 * The `reelcast` CLI on a data folder of its own (and, when DATABASE_URL is set, a fresh PostgreSQL
 * database). The tests run in order: one operator session. The commands run in this process (harness.ts
 * runCli); the launcher's tests (apps/launcher) run `reelcast` itself as a process, as an operator does.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-cli-'));
  // Empty: `migrate` below creates the schema.
  const fresh = onPostgres ? await freshPostgres({ empty: true }) : undefined;
  databaseUrl = fresh?.url;
  dropDatabase = fresh?.drop;
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => cliWithEnv({}, ...args);

function cliWithEnv(extra: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return runCli(args, { ...cliEnv(dataDir, databaseUrl), ...extra });
}

/** A platform in this process on the CLI's data folder (and database). */
async function platformOnDataDir(): Promise<
  RunningPlatform & {
    post(url: string, body: unknown): Promise<{ status: number; body: any }>;
    get(url: string, token: string): Promise<{ status: number; body: any }>;
  }
> {
  const config = loadConfig(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      seed: false,
      ...(databaseUrl ? { databaseUrl, keysDir: testKeysDir() } : {}),
    },
    {},
  );
  const running = await startPlatform(config, { logger: false });
  const answer = async (response: Response) => ({ status: response.status, body: await response.json() });
  return {
    ...running,
    post: async (url, body) =>
      answer(
        await fetch(running.url + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      ),
    get: async (url, token) => answer(await fetch(running.url + url, { headers: { authorization: `Bearer ${token}` } })),
  };
}

describe('help and usage errors', () => {
  it("--help lists the platform's commands; player --help lists the player commands", async () => {
    const [top, player, ledger] = await Promise.all([cli('--help'), cli('player', '--help'), cli('ledger', '--help')]);
    expect(top.code).toBe(0);
    for (const command of ['platform', 'migrate', 'seed', 'player', 'ledger']) {
      expect(top.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
    expect(player.code).toBe(0);
    for (const command of ['create', 'deposit', 'withdraw', 'ban', 'unlock']) {
      expect(player.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
    expect(ledger.stdout).toMatch(/^\s+verify\b/m);
  });

  it('an unknown command, a missing argument or option exits non-zero with a clear message on stderr', async () => {
    const [unknown, unknownSub, noUser, noAmount, noPassword] = await Promise.all([
      cli('frobnicate'),
      cli('player', 'delete', 'alice'),
      cli('player', 'deposit'),
      cli('player', 'deposit', 'alice'),
      cli('player', 'create', 'bob'),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    expect(unknownSub.code).not.toBe(0);
    expect(unknownSub.stderr).toContain("unknown command 'delete'");
    expect(noUser.code).not.toBe(0);
    expect(noUser.stderr).toContain("missing required argument 'username'");
    expect(noAmount.code).not.toBe(0);
    expect(noAmount.stderr).toContain("missing required argument 'amount'");
    expect(noPassword.code).not.toBe(0);
    expect(noPassword.stderr).toContain("required option '--password <password>' not specified");
    for (const run of [unknown, unknownSub, noUser, noAmount, noPassword]) {
      expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
  });

  it('amounts that are not money exit non-zero before touching the database', async () => {
    const runs = await Promise.all(['12.345', 'abc', '0', '-5'].map((amount) => cli('player', 'deposit', 'alice', amount)));
    for (const run of runs) {
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/is not an amount|must be more than zero/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(runs[0]!.stderr).toContain('"12.345" is not an amount: use a number with at most two decimals');
    expect(runs[1]!.stderr).toContain('"abc" is not an amount');
    expect(runs[2]!.stderr).toContain('The amount must be more than zero.');
  });
});

describe('an operator session', () => {
  // Migrating an empty database (PGlite: creating it) takes most of the default 30 s on a loaded 2-core
  // machine. The limit is a hang guard.
  it('migrate creates the schema', { timeout: 90_000 }, async () => {
    const run = await cli('migrate');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Database schema is up to date (${onPostgres ? 'postgres' : 'pglite'})`);
  });

  it('seed adds the demo data once; the second run creates nothing new', async () => {
    const first = await cli('seed');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Seeded: 4 accounts (demo, demo2, admin, staff), 3 brands, 12 machines.');
    const second = await cli('seed');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Seeded: 0 accounts (none new), 0 brands, 0 machines.');
  });

  it('player create, then deposit 250.50 shows the balance in currency units', async () => {
    const created = await cli('player', 'create', 'alice', '--password', 'secret1');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created player alice \(id \d+\)\./);
    const deposit = await cli('player', 'deposit', 'alice', '250.50');
    expect(deposit.code, deposit.stderr).toBe(0);
    expect(deposit.stdout).toContain('Deposited 250.50 for alice. Balance: 250.50.');
  });

  it('staff create makes an admin or staff account; another role is refused with the choices', async () => {
    const created = await cli('staff', 'create', 'carol', '--role', 'staff', '--password', 'secret1');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created staff carol \(id \d+\)\./);
    const [root, noRole] = await Promise.all([
      cli('staff', 'create', 'dave', '--role', 'root', '--password', 'secret1'),
      cli('staff', 'create', 'dave', '--password', 'secret1'),
    ]);
    expect(root.code).not.toBe(0);
    expect(root.stderr).toContain("option '--role <role>' argument 'root' is invalid. Allowed choices are admin, staff.");
    expect(noRole.code).not.toBe(0);
    expect(noRole.stderr).toContain("required option '--role <role>' not specified");
  });

  it('a deposit repeated with the same --key happens once', async () => {
    const first = await cli('player', 'deposit', 'alice', '10', '--key', 'k-123456');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Deposited 10.00 for alice. Balance: 260.50.');
    expect(first.stdout).not.toContain('nothing changed');
    const second = await cli('player', 'deposit', 'alice', '10', '--key', 'k-123456');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('nothing changed');
    expect(second.stdout).toContain('Balance: 260.50.');
  });

  it('a withdrawal larger than the balance fails with insufficient funds and changes nothing', async () => {
    const run = await cli('player', 'withdraw', 'alice', '1000');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Insufficient funds.');
    expect(run.stderr).toContain(`code ${ErrorCode.InsufficientFunds}`);
    expect(run.stdout).not.toContain('Withdrew');
    // The balance is proven unchanged at the end (26050 through the API) and by `ledger verify`.
  });

  it('money commands on an unknown player fail with a clear message', async () => {
    const run = await cli('player', 'deposit', 'nobody-here', '5');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('No player named nobody-here.');
  });

  it('ban: the player cannot sign in (10704); with the platform running on the data folder the CLI is refused; unlock and lift', async () => {
    const ban = await cli('player', 'ban', 'alice', '--reason', 'test');
    expect(ban.code, ban.stderr).toBe(0);
    expect(ban.stdout).toContain('Banned alice.');

    const platform = await platformOnDataDir();
    try {
      const banned = await platform.post('/login', { username: 'alice', password: 'secret1' });
      expect(banned.status).toBe(403);
      expect(banned.body.code).toBe(ErrorCode.Banned);
      // Three wrong passwords block the account: `unlock` below has something to clear.
      for (let i = 0; i < 3; i++) await platform.post('/login', { username: 'alice', password: 'wrong-pass' });
      const blocked = await platform.post('/login', { username: 'alice', password: 'secret1' });
      expect(blocked.body.code).toBe(ErrorCode.AccountBlocked);

      if (!onPostgres) {
        const refused = await cli('player', 'unlock', 'alice');
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain(`The data folder ${path.resolve(dataDir)} is in use by process ${process.pid}`);
        expect(refused.stderr).toContain('Stop it first, or use PostgreSQL (DATABASE_URL)');
      }
    } finally {
      await platform.close();
    }

    const unlock = await cli('player', 'unlock', 'alice');
    expect(unlock.code, unlock.stderr).toBe(0);
    expect(unlock.stdout).toContain('Unlocked alice.');
    const lift = await cli('player', 'ban', 'alice', '--lift');
    expect(lift.code, lift.stderr).toBe(0);
    expect(lift.stdout).toContain('Lifted the ban on alice.');
  });

  it('ledger verify exits 0 and says the ledger reconciles', async () => {
    const run = await cli('ledger', 'verify');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Checked \d+ accounts and \d+ transfers; sum of all balances: 0\./);
    expect(run.stdout).toContain('The ledger reconciles.');
  });

  it('afterwards alice signs in again through the platform and holds exactly 260.50', async () => {
    const platform = await platformOnDataDir();
    try {
      const login = await platform.post('/login', { username: 'alice', password: 'secret1' });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const balance = await platform.get('/player/balance', login.body.token);
      expect(balance.body).toEqual({ balance: 26050 });
      const demo = await platform.post('/login', { username: 'demo', password: 'demo1234' });
      expect((await platform.get('/player/balance', demo.body.token)).body).toEqual({ balance: 100000 });
      const carol = await platform.post('/login', { username: 'carol', password: 'secret1' });
      expect(carol.status).toBe(200);
      expect((await platform.get('/player/profile', carol.body.token)).body).toMatchObject({ username: 'carol', role: ['staff'] });
    } finally {
      await platform.close();
    }
  });

  it("player exclusions lists time-outs and self-exclusions; a deposit above the player's cash-in limit warns the cashier", async () => {
    expect((await cli('player', 'create', 'dave', '--password', 'secret1')).code).toBe(0);
    const platform = await platformOnDataDir();
    try {
      const { token } = (await platform.post('/login', { username: 'dave', password: 'secret1' })).body as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const limits = await fetch(`${platform.url}/player/protection/limits`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ limits: { cashInDay: 10_000 } }),
      });
      expect(limits.status).toBe(200);
      const timeOut = await fetch(`${platform.url}/player/protection/exclusion`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'time-out', hours: 48 }),
      });
      expect(timeOut.status).toBe(200);
    } finally {
      await platform.close();
    }
    const deposit = await cli('player', 'deposit', 'dave', '150');
    expect(deposit.code, deposit.stderr).toBe(0);
    expect(deposit.stderr).toContain("Warning: the deposit is above the player's daily cash-in limit: 100.00 of 100.00 left to play.");
    const listed = await cli('player', 'exclusions');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^dave \(id \d+\) {2}time-out {2}from \S+ {2}until \S+$/m);
    expect((await cli('player', 'deposit', 'dave', '50')).stderr).not.toContain('cash-in limit');
  });

  it('a ban whose player sits at a machine with an unreachable agent bans all the same, and says on stderr that the agent was not told', async () => {
    const platform = await platformOnDataDir();
    try {
      const service = { authorization: `Bearer ${platform.services.machineApiToken}`, 'content-type': 'application/json' };
      const machineApi = (method: string, url: string, body: unknown) =>
        fetch(platform.url + url, { method, headers: service, body: JSON.stringify(body) });
      // Nothing listens on port 9 of this host: the agent cannot be reached.
      const reported = await machineApi('PUT', '/machine-api/machines/3/status', {
        status: 'idle',
        address: 'http://127.0.0.1:9/machines/3',
      });
      expect(reported.status).toBe(200);
      const login = await platform.post('/login', { username: 'carol', password: 'secret1' });
      const seated = await machineApi('POST', '/machine-api/machines/3/seat', { token: login.body.token });
      expect(seated.status, await seated.clone().text()).toBe(200);
    } finally {
      await platform.close();
    }
    const ban = await cli('player', 'ban', 'carol', '--reason', 'test');
    expect(ban.code, ban.stderr).toBe(0);
    expect(ban.stdout).toContain('Banned carol.');
    expect(ban.stderr).toContain('reelcast: machine 3 was not told of a revocation; its agent catches up at its re-check');
  });
});
