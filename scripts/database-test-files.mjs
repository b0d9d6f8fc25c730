#!/usr/bin/env node
/**
 * Prints the test files of Vitest's `server` project that open the platform's database: those whose
 * imports lead, at any depth, to the test harness (@reelcast/testing) or the platform's db module. CI
 * runs these again on PostgreSQL (docs/testing.md "Two databases"); the others (the game engine, the
 * SAS simulator, lint probes, pure units) do the same on either database and run once. The import
 * graph is dependency-cruiser's, as for the cycle check (scripts/lint/cycles.js).
 *
 *   node scripts/database-test-files.mjs            # one path a line, relative to the repository
 */
import { cruiseImports } from './lint/cycles.js';

/** What opens a database: the test harness (a platform, a CLI, a copied template) and the platform's db module. */
const databaseCode = ['packages/testing/src/', 'apps/platform/src/db/'];

/** Where the `server` project's tests live (vitest.config.ts). */
const testRoots = ['packages', 'apps/platform', 'apps/machine', 'apps/launcher', 'scripts', 'tools'];

const { modules } = await cruiseImports(testRoots);
const graph = new Map(modules.map((module) => [module.source, module.dependencies.map((dependency) => dependency.resolved)]));

// The files that are database code or import, at any depth, a file that is.
const opening = new Set([...graph.keys()].filter((file) => databaseCode.some((code) => file.startsWith(code))));
for (let grew = true; grew;) {
  grew = false;
  for (const [file, imports] of graph) {
    if (!opening.has(file) && imports.some((imported) => opening.has(imported))) {
      opening.add(file);
      grew = true;
    }
  }
}
for (const file of [...opening].filter((file) => file.endsWith('.test.ts')).sort()) console.log(file);
