// @ts-check
// A step of `npm run lint`: no import cycle in apps/*/src or packages/*/src, `import type` included.
// ESLint's import-x/no-cycle skips type-only imports, yet a type cycle still ties two layers together:
// the kernel that names a module's service in a type cannot be read, built or moved without it.
// docs/architecture.md "Checked by lint".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The folders checked: every src folder of apps/ and packages/, relative to the repository.
export const checkedFolders = ['apps', 'packages'].flatMap((parent) =>
  fs
    .readdirSync(path.join(root, parent))
    .map((name) => `${parent}/${name}/src`)
    .filter((folder) => fs.existsSync(path.join(root, folder))),
);

/**
 * dependency-cruiser's import graph of `folders` (relative to `baseDir`), with `import type` counted and
 * the workspaces' own packages followed to their source; `options` add to its cruise options (a rule
 * set). Also what scripts/database-test-files.mjs reads.
 * @param {string[]} folders
 * @param {{ baseDir?: string, aliases?: Record<string, string> } & Record<string, unknown>} [options]
 */
export async function cruiseImports(folders, { baseDir = root, aliases = portalAliases, ...options } = {}) {
  const result = await cruise(
    folders,
    {
      baseDir,
      // Counts `import type` and type-only re-exports, which the compiled JavaScript no longer has.
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['(^|/)node_modules/', '(^|/)\\.tsbuild/', '(^|/)dist/'] },
      ...options,
    },
    {
      // The portal's `@/` (its tsconfig "paths"): dependency-cruiser's tsconfig reader resolves a "paths"
      // without "baseUrl" from the working folder, so the alias is given to its resolver directly.
      alias: aliases,
      // A workspace package named only by its "exports" (@reelcast/testing, @reelcast/engine) is
      // followed to its source, not left unresolved: a cycle through it counts too.
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
  );
  if (typeof result.output === 'string') throw new Error(`dependency-cruiser answered text: ${result.output.slice(0, 200)}`);
  return result.output;
}

/**
 * The import cycles under `folders` (relative to `baseDir`), each as an import and the path that leads
 * from it back to its importer: none when the graph runs one way.
 * @param {string[]} folders
 * @param {{ baseDir?: string, aliases?: Record<string, string> }} [options]
 * @returns {Promise<{ from: string, to: string, cycle: string[] }[]>}
 */
export async function importCycles(folders, options = {}) {
  const output = await cruiseImports(folders, {
    ...options,
    validate: true,
    ruleSet: { forbidden: [{ name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } }] },
  });
  return (output.summary.violations ?? [])
    .filter((violation) => violation.rule.name === 'no-cycle')
    .map((violation) => ({ from: violation.from, to: violation.to, cycle: (violation.cycle ?? []).map((step) => step.name) }));
}

const portalAliases = { '@': path.join(root, 'apps/portal/src') };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const cycles = await importCycles(checkedFolders);
  const files = new Set(cycles.flatMap((cycle) => cycle.cycle));
  for (const { from, cycle } of cycles) console.error(`${from} → ${cycle.join(' → ')}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} import cycles through ${files.size} files (${seconds} s). docs/architecture.md "Checked by lint".`);
    process.exitCode = 1;
  } else {
    console.log(`No import cycle in ${checkedFolders.join(', ')} (${seconds} s).`);
  }
}
