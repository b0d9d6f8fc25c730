import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs sideBySide in a node of its own (it prints to the process's stdout) with these parts. */
function sideBySide(parts: { name: string; command: string; live?: boolean }[], timesFile: string | null = null) {
  const script = `import { sideBySide } from ${JSON.stringify(path.join(here, 'lib/side-by-side.mjs'))};
    process.exitCode = (await sideBySide(${JSON.stringify(parts)}, { timesFile: ${JSON.stringify(timesFile)} })) ? 0 : 1;`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('side-by-side: commands at once, each output whole', () => {
  it('fails when one fails, prints each kept output whole after a line per end, the failed last, and writes the times', () => {
    const times = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-')), 'times');
    const result = sideBySide(
      [
        { name: 'fails', command: 'echo f1; exit 3' },
        { name: 'slow', command: 'echo s1; sleep 0.3; echo s2' },
      ],
      times,
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('  ended: fails (exit 3 after');
    // Kept whole: the slow one's two lines stay together though the other ended between them.
    expect(result.stdout).toMatch(/--- slow: exit 0 after \d+s ---\ns1\ns2\n/);
    expect(result.stdout).toMatch(/--- fails: exit 3 after \d+s ---\nf1\n/);
    // The failed one last, though it was named first: a log read from its end shows it.
    expect(result.stdout.indexOf('--- slow:')).toBeLessThan(result.stdout.indexOf('--- fails:'));
    expect(fs.readFileSync(times, 'utf8')).toMatch(/^\s+\d+s {4}fails \(exit 3\)\n\s+\d+s {4}slow \(exit 0\)\n$/);
  });

  it('passes when all pass; a live command prints as it runs, before the kept outputs, and is not repeated', () => {
    const result = sideBySide([
      { name: 'kept', command: 'sleep 0.3; echo kept-line' },
      { name: 'live', command: 'echo live-line', live: true },
    ]);
    expect(result.status).toBe(0);
    expect(result.stdout.indexOf('live-line')).toBeLessThan(result.stdout.indexOf('  ended: kept'));
    expect(result.stdout.match(/live-line/g)).toHaveLength(1);
    expect(result.stdout).not.toContain('--- live:');
    expect(result.stdout).toMatch(/--- kept: exit 0 after \d+s ---\nkept-line\n/);
  });
});

describe('side-by-side: a command across phases', () => {
  it('a command started earlier is finished with later ones; a stopped one ends with what it started', async () => {
    const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-')), 'pid');
    const script = `import { finishCommands, startCommands, stopCommands } from ${JSON.stringify(path.join(here, 'lib/side-by-side.mjs'))};
      const early = startCommands([{ name: 'early', command: 'sleep 0.2; echo early-line' }]);
      const stopped = startCommands([{ name: 'stopped', command: 'sleep 30 & echo $! > ${pidFile}.part && mv ${pidFile}.part ${pidFile}; wait' }]);
      while (!(await import('node:fs')).existsSync(${JSON.stringify(pidFile)})) await new Promise((r) => setTimeout(r, 20));
      stopCommands(stopped);
      const passed = await finishCommands([...early, ...startCommands([{ name: 'late', command: 'echo late-line' }])]);
      const failed = await finishCommands(stopped);
      console.log(JSON.stringify({ passed, failed }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(result.stdout).toMatch(/--- early: exit 0 after \d+s ---\nearly-line\n/);
    expect(result.stdout).toMatch(/--- late: exit 0 after \d+s ---\nlate-line\n/);
    expect(result.stdout).toContain('--- stopped: exit SIGTERM after');
    expect(result.stdout).toContain('{"passed":true,"failed":false}');
    // The sleep the stopped command started goes with it (its process group): gone, or a zombie that its
    // new parent (init) has not reaped yet. On a loaded machine it may take a moment to be scheduled and die.
    const sleep = Number(fs.readFileSync(pidFile, 'utf8'));
    const running = () => {
      try {
        return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${sleep}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    await expect.poll(running, { timeout: 5_000 }).toBe(false);
  });
});

describe('run-tests (npm test): its arguments', () => {
  const runTests = (...args: string[]) => spawnSync(process.execPath, [path.join(here, 'run-tests.mjs'), ...args], { encoding: 'utf8' });

  it('refuses a part without a name or an unknown option, with its usage, before running anything', () => {
    for (const args of [['--beside-e2e', 'no name'], ['--beside-e2e', '|echo x'], ['--after-e2e', 'x'], ['--fast']]) {
      const result = runTests(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('usage: npm test');
      expect(result.stdout).not.toContain('=== npm test');
    }
  });
});
