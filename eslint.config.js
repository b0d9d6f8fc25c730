// @ts-check
// Lint rules and why: docs/architecture.md "Checked by lint".
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { boundaries } from './scripts/lint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/.tsbuild/', 'data/', 'coverage/', 'apps/platform/src/db/migrations/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file's types from the tsconfig that includes it, found as an editor finds it: the nearest
        // tsconfig.json, else a project the root's `references` name (the tests' tsconfig.test.json).
        // docs/testing.md "ESLint with TypeScript's project service".
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x parses to follow imports.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Only the portal maps import paths (@/ in its tsconfig's "paths"); the rest resolves as Node does.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/portal/tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries.zones }],
    },
  },
  {
    files: ['apps/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.appImports }] },
  },
  ...boundaries.tableOwnership,
  {
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest'], pluginQuery.configs['flat/recommended']],
  },
  {
    // Tests read JSON answers as untyped data in order to check their shape, and their fakes implement
    // async interfaces without awaiting anything.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/*-test-helpers.ts', 'e2e/**', 'packages/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Benchmarks and scripts: plain JavaScript; code passed to page.evaluate runs in the browser.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
);
