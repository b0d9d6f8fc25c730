import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { HandHost } from './pty-test-helpers.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const cli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });

let dir: string | null = null;
afterEach(() => {
  if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('the egm-sim command', () => {
  it('--help prints its usage', () => {
    const run = cli(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/--sas <path>[\s\S]*--nvram <file>[\s\S]*--denom-cents <n>[\s\S]*--seed <text>/);
  });

  it('refuses a setting that is not a whole number, or out of range, naming it', () => {
    expect(cli(['--pty-dir', '/nonexistent', '--nvram', 'x', '--address', '1.5'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--address takes a whole number, not "1.5"'),
    });
    expect(cli(['--sas', '/dev/null', '--nvram', 'x', '--address', '200'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('address:'),
    });
  });

  it('with --pty-dir makes its own links, prints where the host connects, answers there, and stops on SIGTERM', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'egm-cli-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, '--pty-dir', dir, '--nvram', path.join(dir, 'nvram.json'), '--address', '3'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const first = await readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
      const printed = JSON.parse(first.value as string);
      expect(printed).toEqual({
        sas: path.join(dir, 'sas-host'),
        relay: path.join(dir, 'relay-host'),
        control: null,
        glass: null,
        address: 3,
      });
      const host = new HandHost(printed.sas);
      try {
        host.send([0x80]);
        expect(await host.ask([0x83], 1)).toEqual([0x17]);
      } finally {
        host.close();
      }
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
