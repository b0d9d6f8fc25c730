import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** How many files the list names. */
const COUNT = 20;
/** How many failures the closing list names, and how many lines of each one's message it keeps. */
const FAILURES = 20;
const MESSAGE_LINES = 4;

/** An error's message, cut to its first lines (the whole one is printed above, with the failed test). */
function shortMessage(error: { name?: string; message?: string }): string {
  const lines = `${error.name ?? 'Error'}: ${error.message ?? ''}`.split('\n').filter((line) => line.trim());
  return lines.slice(0, MESSAGE_LINES).join('\n        ') + (lines.length > MESSAGE_LINES ? ' …' : '');
}

/**
 * A vitest reporter that ends a run with its slowest test files: for each, the seconds its worker spent
 * on it (importing it and what it imports, its setup, its tests) and its project. CI runs every vitest
 * command with it (vitest.config.ts, when CI is set), so each run's log says where the time went.
 *
 * After that list come the run's failures, each with its file, name and the first lines of its message:
 * a CI log is often read from its end, where the default reporter's failures lie hundreds of lines up.
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): void {
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
    if (files.length) {
      const lines = files.map(({ file, project, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${project.padEnd(6)}  ${file}`);
      process.stdout.write(`\nSlowest test files (at most ${COUNT}; import, setup and tests, in their worker):\n${lines.join('\n')}\n`);
    }

    const failures: string[] = [];
    for (const module of testModules) {
      const file = path.relative(process.cwd(), module.moduleId);
      // A file that failed outside its tests: its import, a beforeAll or afterAll.
      for (const error of module.errors()) failures.push(`  ${file}\n        ${shortMessage(error)}`);
      for (const test of module.children.allTests('failed')) {
        const [error] = test.result().errors ?? [];
        failures.push(`  ${file} > ${test.fullName}${error ? `\n        ${shortMessage(error)}` : ''}`);
      }
    }
    for (const error of unhandledErrors) failures.push(`  (unhandled) ${shortMessage(error)}`);
    if (!failures.length) return;
    const shown = failures.slice(0, FAILURES);
    const more = failures.length > FAILURES ? `\n  … and ${failures.length - FAILURES} more (above)` : '';
    process.stdout.write(`\nFailed (${failures.length}; the whole messages are above):\n${shown.join('\n')}${more}\n`);
  }
}
