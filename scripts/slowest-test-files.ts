import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the list names. */
const COUNT = 20;

/**
 * A vitest reporter that ends a run with its slowest test files: for each, the seconds its worker spent
 * on it (importing it and what it imports, its setup, its tests) and its project. CI runs every vitest
 * command with it (vitest.config.ts, when CI is set), so each run's log says where the time went.
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((module) => {
        const { collectDuration, setupDuration, duration } = module.diagnostic();
        return {
          file: path.relative(process.cwd(), module.moduleId),
          project: module.project.name,
          ms: collectDuration + setupDuration + duration,
        };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, COUNT);
    if (!files.length) return;
    const lines = files.map(({ file, project, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${project.padEnd(6)}  ${file}`);
    process.stdout.write(`\nSlowest test files (at most ${COUNT}; import, setup and tests, in their worker):\n${lines.join('\n')}\n`);
  }
}
