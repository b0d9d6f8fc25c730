import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, freshPostgres, runCli, runCliProcess, type CliRun } from '@reelcast/testing';
import { machineCommands } from './machine-commands.ts';

/**
 * `reelcast` as the launcher declares it: the platform's commands with `start` and `machines`. The
 * process itself runs for `--help` and a `migrate` of an empty data folder, as an operator runs them; the
 * machine commands' refusals run in this process (harness.ts runCli). The platform's commands are tested
 * with the platform (apps/platform/test/cli.test.ts).
 */

let dataDir: string;
/** The refusals' data folder: no keys in it, so no service token (the `migrate` below writes them in dataDir). */
let emptyDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-launcher-'));
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-launcher-'));
  // Empty: `migrate` below creates the schema.
  const fresh = await freshPostgres({ empty: true });
  databaseUrl = fresh?.url;
  dropDatabase = fresh?.drop;
});
afterAll(async () => {
  await dropDatabase?.();
  for (const dir of [dataDir, emptyDir]) fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => cliWithEnv({}, ...args);
const cliProcess = (...args: string[]) => runCliProcess(args, cliEnv(dataDir, databaseUrl));

function cliWithEnv(extra: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return runCli(args, { ...cliEnv(emptyDir, databaseUrl), ...extra }, { serverCommands: machineCommands });
}

describe('the reelcast process', () => {
  it('--help lists every command, the machine commands with the platform ones', async () => {
    const top = await cliProcess('--help');
    expect(top.code).toBe(0);
    for (const command of ['start', 'platform', 'machines', 'migrate', 'seed', 'player', 'ledger']) {
      expect(top.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  // The process loads the platform and migrates an empty database (PGlite: creates it): 16 CPU-s, past
  // the default 30 s on a loaded 2-core machine. The limit is a hang guard.
  it('migrate creates the schema', { timeout: 90_000 }, async () => {
    const run = await cliProcess('migrate');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Database schema is up to date (${databaseUrl ? 'postgres' : 'pglite'})`);
  });
});

describe('the machine commands refuse a wrong configuration before starting anything', () => {
  it("the machine agent's own configuration: a wrong MACHINE_* variable or a missing service token stops it with a message naming them", async () => {
    const [badPort, badBurst, noToken] = await Promise.all([
      cliWithEnv({ MACHINE_PORT: 'eighty', PORT: '0' }, 'start'),
      cliWithEnv({ MACHINE_PLAYER_MESSAGE_BURST: '2.5' }, 'machines'),
      cliWithEnv({ MACHINE_API_TOKEN: '' }, 'machines'),
    ]);
    expect(badPort.code).not.toBe(0);
    expect(badPort.stderr).toMatch(/Invalid machine agent configuration:\n\s+MACHINE_PORT: /);
    expect(badPort.stdout).not.toContain('Starting Reelcast'); // refused before the platform started
    expect(badBurst.code).not.toBe(0);
    expect(badBurst.stderr).toMatch(/Invalid machine agent configuration:\n\s+MACHINE_PLAYER_MESSAGE_BURST: /);
    expect(noToken.code).not.toBe(0);
    expect(noToken.stderr).toContain(
      `no machine service token: set MACHINE_API_TOKEN or run where ${path.resolve(emptyDir, 'keys', 'machine-api-token')} exists`,
    );
    for (const run of [badPort, badBurst, noToken]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('machines --cabinets and start --cabinets: a cabinets file that is not JSON, or with a bad field, stops the agent with a message naming the file and the field', async () => {
    const notJson = path.join(emptyDir, 'not-json.json');
    const badKey = path.join(emptyDir, 'cabinets.json');
    fs.writeFileSync(notJson, '{ cabinets: ');
    fs.writeFileSync(
      badKey,
      JSON.stringify({
        cabinets: [
          { machineId: 1, kind: 'emulated' },
          {
            machineId: 2,
            kind: 'sas',
            link: { kind: 'serial', device: '/dev/ttyUSB0' },
            assetNumber: 1,
            registrationKey: 'abc',
            denomination: 5,
            output: { board: { kind: 'lcus', device: '/dev/ttyUSB1' }, buttons: { play: 1 } },
          },
        ],
      }),
    );
    const [unreadable, invalid, started] = await Promise.all([
      cli('machines', '--cabinets', notJson),
      cli('machines', '--cabinets', badKey),
      cliWithEnv({ PORT: '0' }, 'start', '--cabinets', badKey),
    ]);
    // `reelcast start --cabinets` reads the file before the platform starts.
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain(`error: ${badKey} is not valid: cabinets[1].registrationKey`);
    expect(started.stdout).not.toContain('Starting Reelcast');
    expect(unreadable.code).not.toBe(0);
    expect(unreadable.stderr).toContain(`error: the cabinets file ${notJson} cannot be read as JSON`);
    expect(invalid.code).not.toBe(0);
    expect(invalid.stderr).toContain(`error: ${badKey} is not valid: cabinets[1].registrationKey: 20 bytes as 40 hex digits`);
    for (const run of [unreadable, invalid]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
