import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time unless told (npm test's scripts ask for more: docs/testing.md "Workers").
    maxWorkers: 2,
    // CI's log ends each run with its 20 slowest test files, then its failures.
    reporters: process.env.CI ? ['default', './scripts/slowest-test-files.ts'] : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/platform/src/**/*.test.ts',
            'apps/platform/test/**/*.test.ts',
            'apps/machine/src/**/*.test.ts',
            'apps/launcher/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          environment: 'node',
          // The files of a worker share its loaded modules (docs/testing.md "Modules loaded once a worker"):
          // each file imported the platform, the agent and PGlite again, half of these tests' CPU.
          isolate: false,
          // One database migrated for the run, copied per test file (packages/testing/src/database-template.ts).
          globalSetup: ['packages/testing/src/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The portal build's server renderer of /lobby (apps/platform/src/http/lobby-page.ts) is plain
          // JavaScript: Node loads it as the platform does in production. Through Vite it was transformed
          // again for each platform a test started (2.6 MB: two platform files' transform 12.4 s → 4.7 s).
          server: { deps: { external: [/\/\.server\/lobby-render\.mjs$/] } },
        },
      },
      './apps/portal/vitest.config.ts',
      './apps/portal/vitest.isolated.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // What a page shows after an action (a lobby, a socket, a toast) under a loaded 2-core CI run can
          // take past poll's 1 s default; a wrong value still fails, only later.
          expect: { poll: { timeout: 10_000 } },
          environment: 'node',
          // As the server tests: a worker's files share its loaded modules (each has its own platform and browser).
          isolate: false,
          globalSetup: ['packages/testing/src/database-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // At most two tests of a file at once where it asks for it (routes.e2e's walks).
          maxConcurrency: 2,
          // One browser and one platform per file. Files run side by side (npm run test:e2e's --maxWorkers):
          // a journey waits on the page, the sockets and the video far more than it computes.
        },
      },
    ],
  },
});
