import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startPlatform } from '../src/platform.ts';
import { cliEnv, freshPostgres, runCli, testDataDir, testKeysDir } from '@reelcast/testing';

/** `reelcast jackpot list | set` (docs/jackpots.md), run as an operator runs it (in this process: harness.ts runCli), on a data folder of its own. */
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgres>>;

beforeAll(async () => {
  dataDir = testDataDir('reelcast-jackpot-cli-');
  database = await freshPostgres();
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(args, cliEnv(dataDir, database?.url));

it('lists the meters the platform made, changes one, and refuses what is not a change', async () => {
  const help = await cli('jackpot', '--help');
  expect(help.stdout).toMatch(/^\s+list\b/m);
  expect(help.stdout).toMatch(/^\s+set\b/m);
  expect((await cli('jackpot', 'set', '--help')).stdout).toMatch(/--seed <amount>[\s\S]*--ceiling <amount>[\s\S]*--rate <percent>/);

  const none = await cli('jackpot', 'list');
  expect([none.code, none.stdout.trim()]).toEqual([0, 'No jackpot meters yet: the platform makes them from the brands when it starts.']);

  // The platform's first start seeds the brands and makes their meters.
  const config = loadConfig(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', ...(database ? { databaseUrl: database.url, keysDir: testKeysDir() } : {}) },
    {},
  );
  await (await startPlatform(config, { logger: false })).close();

  const list = await cli('jackpot', 'list');
  expect(list.code).toBe(0);
  const lines = list.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^id\s+brand\s+tier\s+value\s+seed\s+ceiling\s+rate\s+hits\s+paid$/);
  expect(lines).toHaveLength(10);
  expect(lines[1]).toMatch(/^1\s+Aurora\s+0 Grand\s+12,500\.00\s+12,500\.00\s+25,000\.00\s+0\.50 %\s+0\s+0\.00$/);
  expect(list.stdout).not.toMatch(/trigger/i);

  const set = await cli('jackpot', 'set', '3', '--seed', '700', '--ceiling', '900.50', '--rate', '1.25');
  expect(set.code, set.stderr).toBe(0);
  // 640.75 below the new seed of 700.00: topped up to it.
  expect(set.stdout).toMatch(/^3\s+Aurora\s+2 Minor\s+700\.00\s+700\.00\s+900\.50\s+1\.25 %\s+0\s+0\.00$/m);

  const refused = await Promise.all([
    cli('jackpot', 'set', '3'),
    cli('jackpot', 'set', '3', '--rate', '101'),
    cli('jackpot', 'set', '3', '--seed', 'lots'),
    cli('jackpot', 'set', 'x', '--rate', '1'),
  ]);
  expect(refused.map((r) => r.code)).toEqual([1, 1, 1, 1]);
  expect(refused[0].stderr).toContain('say what to change');
  expect(refused[1].stderr).toContain('a percentage from 0 to 100');
  expect(refused[2].stderr).toContain('is not an amount');
  expect(refused[3].stderr).toContain('is a meter id');
  const below = await cli('jackpot', 'set', '3', '--ceiling', '600');
  expect([below.code, below.stderr.trim()]).toEqual([1, 'reelcast: The ceiling must be between the seed and 10000000.00. (code 40000)']);
  const unknown = await cli('jackpot', 'set', '999', '--rate', '1');
  expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'reelcast: Jackpot meter not found. (code 40400)']);
  for (const run of [...refused, below, unknown]) expect(run.stderr).not.toMatch(/\n\s+at /);
}, 180_000);
