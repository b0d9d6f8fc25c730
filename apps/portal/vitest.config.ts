import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test files that need a module graph of their own. The `portal` project's files share their worker's
 * loaded modules (docs/testing.md "Modules loaded once a worker"): a module another file loaded first
 * stays unmocked by `vi.mock`, and one loaded mocked would stay mocked for the files after; a module's
 * first load, which a file may check the effect of, has happened already. These run in `portal-isolated`,
 * each file in a fresh module graph and window.
 */
export const freshModuleFiles = [
  // vi.mock of after-first-view and of the idle lock.
  'src/features/pin-lock/components/pin-lock-loader.test.tsx',
  // The console's refusal texts are missing until its chunk loads.
  'src/features/console/lib/console-error-texts.test.ts',
];

/** The portal's tests in happy-dom; `test` names the project and says which files, and how isolated. */
export const portalProject = (test: TestProjectInlineConfiguration['test'] & { name: string }) =>
  defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      testTimeout: 15_000,
      ...test,
    },
  });

export default portalProject({
  name: 'portal',
  // A worker's files share its loaded modules and its window: 277 → 98 CPU-s; the setup file resets
  // what a test leaves behind (src/test/setup.ts), and no lazy module is left half loaded by a file's end
  // (src/test/load-lazy-modules.ts).
  isolate: false,
  setupFiles: ['src/test/setup.ts', 'src/test/load-lazy-modules.ts'],
  exclude: [...configDefaults.exclude, ...freshModuleFiles],
});
