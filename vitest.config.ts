import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/platform/src/**/*.test.ts', 'apps/platform/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite databases are opened per test file; two cores, so two workers.
          maxWorkers: 2,
        },
      },
      './apps/portal/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One browser and one platform per file; files one after another on two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
