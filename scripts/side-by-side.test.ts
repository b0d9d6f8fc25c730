import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'side-by-side.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('side-by-side: commands at once, each output whole', () => {
  it('fails when one fails, prints each kept output whole after a line per end, and writes the times', () => {
    const times = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-')), 'times');
    const result = run('--times', times, 'slow|echo s1; sleep 0.3; echo s2', 'fails|echo f1; exit 3');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('  ended: fails (exit 3 after');
    // Kept whole: the slow one's two lines stay together though the other ended between them.
    expect(result.stdout).toMatch(/--- slow: exit 0 after \d+s ---\ns1\ns2\n/);
    expect(result.stdout).toMatch(/--- fails: exit 3 after \d+s ---\nf1\n/);
    expect(fs.readFileSync(times, 'utf8')).toMatch(/^\s+\d+s {4}slow \(exit 0\)\n\s+\d+s {4}fails \(exit 3\)\n$/);
  });

  it('passes when all pass', () => {
    const result = run('one|echo one-line', 'two|echo two-line');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--- one: exit 0');
    expect(result.stdout).toContain('--- two: exit 0');
  });

  it('says how to use it when given no command', () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: node scripts/side-by-side.mjs');
  });
});
