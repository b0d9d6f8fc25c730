import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { players } from '../src/db/schema.ts';
import { startPlatform, withServices } from '../src/platform.ts';
import { pinMatches } from '../src/players/index.ts';
import { cliEnv, freshPostgres, reelcastBin, runCli, testDataDir, testKeysDir, type CliRun } from '@reelcast/testing';

/**
 * The idle lock's PIN through the real `reelcast` CLI (docs/pin-lock.md): `player create --pin`,
 * `player set-pin` (argument, pipe, terminal without echo, --clear), the start step that hashes PINs
 * an older version kept in clear, and that no command ever prints a PIN or its verifier. On a data
 * folder of its own (and a fresh PostgreSQL database when DATABASE_URL is set); the tests run in order.
 */

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
/** Everything every command printed, checked at the end for PINs and verifiers. */
const printed: string[] = [];

beforeAll(async () => {
  dataDir = testDataDir('reelcast-pin-cli-');
  const fresh = await freshPostgres();
  databaseUrl = fresh?.url;
  dropDatabase = fresh?.drop;
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = () => cliEnv(dataDir, databaseUrl);

/** The CLI with `input` on a pipe as its standard input (closed at once when there is none). */
async function cli(args: string[], input = ''): Promise<CliRun> {
  const run = await runCli(args, env(), { input });
  printed.push(run.stdout, run.stderr);
  return run;
}

/**
 * The CLI on a terminal (a pseudo-terminal through util-linux `script`): each answer is typed once its
 * prompt is on screen. `screen` is everything the terminal showed, echo included.
 */
function onTerminal(args: string[], answers: Array<[prompt: string, typed: string]>): Promise<{ code: number; screen: string }> {
  const command = [process.execPath, reelcastBin, ...args].map((part) => `'${part}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: env() });
    let screen = '';
    const timer = setTimeout(() => child.kill(), 25_000);
    child.stdout.on('data', (data: Buffer) => {
      screen += data.toString();
      const next = answers[0];
      if (next && screen.includes(next[0])) {
        answers.shift();
        child.stdin.write(next[1]);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      printed.push(screen);
      resolve({ code: code ?? -1, screen });
    });
  });
}

function config(): Config {
  return loadConfig(
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
}

/** What the database holds as `pin_code` for the player (read with the data folder's lock, as the CLI does). */
const storedPin = (username: string) => withServices(config(), async (s) => (await s.players.findByLogin(username))!.pinCode);

/** `pin_code` of a real sign-in through the platform on the data folder. */
async function signInPinCode(username: string, password: string): Promise<string | null> {
  const platform = await startPlatform(config(), { logger: false });
  try {
    const response = await fetch(`${platform.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { pin_code: string | null }).pin_code;
  } finally {
    await platform.close();
  }
}

/** The embedded database's files with their times of change: opening it writes some of them. */
function databaseFiles(): Record<string, number> {
  const folder = path.join(dataDir, 'db');
  const files = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }) : [];
  return Object.fromEntries(files.map((file) => [file, fs.statSync(path.join(folder, file)).mtimeMs]));
}

describe('help and refusals', () => {
  it('player --help lists set-pin; set-pin --help tells how the PIN is given, stored and removed', async () => {
    const [player, setPin, create] = await Promise.all([
      cli(['player', '--help']),
      cli(['player', 'set-pin', '--help']),
      cli(['player', 'create', '--help']),
    ]);
    expect(player.stdout).toMatch(/^\s+set-pin \[options\] <login> \[pin\]\s+set or remove a player's idle-lock PIN/m);
    expect(setPin.code).toBe(0);
    expect(setPin.stdout).toContain('4 to 8 digits');
    expect(setPin.stdout).toMatch(/asked without\s+echo/);
    expect(setPin.stdout).toMatch(/--clear\s+remove the PIN instead/);
    expect(create.stdout).toMatch(/--pin <pin>\s+PIN for the idle lock, 4 to 8 digits/);
  });

  it('a PIN that is not 4 to 8 digits, or a PIN with --clear, is refused before the database is touched', async () => {
    const before = databaseFiles();
    const runs = await Promise.all([
      cli(['player', 'create', 'bob', '--password', 'secret1', '--pin', '12a4']),
      cli(['player', 'set-pin', 'demo', '123']),
      cli(['player', 'set-pin', 'demo', '123456789']),
      cli(['player', 'set-pin', 'demo'], '12 34\n'),
      cli(['player', 'set-pin', 'demo'], ''),
      cli(['player', 'set-pin', 'demo', '1234', '--clear']),
    ]);
    for (const run of runs) {
      expect(run.code).not.toBe(0);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
    expect(runs[0].stderr).toContain("option '--pin <pin>' argument '12a4' is invalid. a PIN is 4 to 8 digits");
    for (const run of runs.slice(1, 5)) expect(run.stderr).toContain('error: a PIN is 4 to 8 digits');
    expect(runs[5].stderr).toContain('error: give a PIN or --clear, not both');
    expect(databaseFiles()).toEqual(before); // nothing opened the database
  });
});

describe('an operator session', () => {
  it('seed gives demo the PIN 1234, stored as its verifier', async () => {
    expect((await cli(['seed'])).code).toBe(0);
    const stored = (await storedPin('demo'))!;
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await pinMatches(stored, '1234')).toBe(true);
  });

  it('player create --pin stores the verifier; the sign-in answer carries it', async () => {
    const created = await cli(['player', 'create', 'alice', '--password', 'secret1', '--pin', '97531']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created player alice \(id \d+\)\.\n$/);
    const stored = (await storedPin('alice'))!;
    expect(stored).not.toContain('97531');
    expect(await pinMatches(stored, '97531')).toBe(true);
    expect(await signInPinCode('alice', 'secret1')).toBe(stored);
  });

  it('set-pin with the PIN as argument replaces it: the new one matches, the old one no longer', async () => {
    const run = await cli(['player', 'set-pin', 'alice', '864209']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Set the PIN of alice (only its salted hash is stored).\n');
    const stored = (await storedPin('alice'))!;
    expect(await pinMatches(stored, '864209')).toBe(true);
    expect(await pinMatches(stored, '97531')).toBe(false);
  });

  it("set-pin reads the PIN from a pipe's first line", async () => {
    const run = await cli(['player', 'set-pin', 'ALICE'], '55501234\nignored\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Set the PIN of alice (only its salted hash is stored).\n');
    expect(await pinMatches((await storedPin('alice'))!, '55501234')).toBe(true);
  });

  it('on a terminal set-pin asks twice without echo (backspace deletes); two different PINs change nothing', async () => {
    const asked = await onTerminal(
      ['player', 'set-pin', 'alice'],
      [
        ['New PIN (4 to 8 digits, not shown): ', '70x\u007f7070\r'],
        ['The same PIN again: ', '707070\r'],
      ],
    );
    expect(asked.code, asked.screen).toBe(0);
    expect(asked.screen).toContain('Set the PIN of alice');
    expect(asked.screen).not.toMatch(/70x|707070|\*/);
    expect(await pinMatches((await storedPin('alice'))!, '707070')).toBe(true);

    const differ = await onTerminal(
      ['player', 'set-pin', 'alice'],
      [
        ['not shown): ', '1111\r'],
        ['again: ', '2222\r'],
      ],
    );
    expect(differ.code).not.toBe(0);
    expect(differ.screen).toContain('error: the two PINs differ');
    expect(differ.screen).not.toMatch(/1111|2222/);
    expect(await pinMatches((await storedPin('alice'))!, '707070')).toBe(true);
  });

  it('set-pin --clear removes the PIN: the sign-in answer carries none, so the portal has no idle lock', async () => {
    const run = await cli(['player', 'set-pin', 'alice', '--clear']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('Removed the PIN of alice: no idle lock for them.\n');
    expect(await storedPin('alice')).toBeNull();
    expect(await signInPinCode('alice', 'secret1')).toBeNull();
  });

  it('set-pin for an unknown player fails with a clear message', async () => {
    const run = await cli(['player', 'set-pin', 'nobody-here', '1234']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('No player named nobody-here.');
  });

  it('a PIN an older version stored in clear becomes its verifier at the next start, once, even with two starts at once', async () => {
    await withServices(config(), async (s) => {
      const { db } = s.database;
      await db.update(players).set({ pinCode: '2468' }).where(eq(players.username, 'demo2'));
      await db.update(players).set({ pinCode: '' }).where(eq(players.username, 'alice'));
      await db.update(players).set({ pinCode: '13579' }).where(eq(players.username, 'demo'));
      // Two instances starting together: each row is hashed once, by one of them.
      const [first, second] = await Promise.all([s.players.hashClearPins(), s.players.hashClearPins()]);
      expect(first + second).toBe(3);
      expect(await pinMatches((await s.players.findByLogin('demo'))!.pinCode!, '13579')).toBe(true);
      await db.update(players).set({ pinCode: '2468' }).where(eq(players.username, 'demo2'));
    });
    const verifier = await signInPinCode('demo2', 'demo1234');
    expect(verifier).toMatch(/^pbkdf2-sha256\$/);
    expect(await pinMatches(verifier!, '2468')).toBe(true);
    expect(await storedPin('alice')).toBeNull();
    // Idempotent: the next start leaves the verifier as it is.
    expect(await signInPinCode('demo2', 'demo1234')).toBe(verifier);
  });

  it('no command printed a PIN or a verifier', () => {
    const all = printed.join('\n');
    for (const pin of ['97531', '864209', '55501234', '707070', '13579', '2468']) expect(all).not.toContain(pin);
    expect(all).not.toContain('pbkdf2');
  });
});
