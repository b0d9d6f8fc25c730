import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** CI runs these files again on PostgreSQL (docs/testing.md "Two databases"): none may be missed. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const listed = execFileSync(process.execPath, [path.join(root, 'scripts/database-test-files.mjs')], { encoding: 'utf8' })
  .trim()
  .split('\n');

describe('the server tests that open the database', () => {
  it('lists those reaching the test harness or the platform’s db module', () => {
    expect(listed).toContain('apps/platform/test/cli.test.ts'); // @reelcast/testing
    expect(listed).toContain('apps/launcher/src/machine-commands.test.ts'); // @reelcast/testing
  });

  it('leaves out those that never open it', () => {
    for (const file of [
      'tools/egm-sim/simulator.test.ts',
      'scripts/lint/boundaries.test.ts',
      'apps/platform/test/fanout-adapter.test.ts',
    ]) {
      expect(listed).not.toContain(file);
    }
    expect(listed.every((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});
