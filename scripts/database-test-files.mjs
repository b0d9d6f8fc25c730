#!/usr/bin/env node
/**
 * Prints the test files of Vitest's `server` project that open the platform's database: those whose
 * imports lead, at any depth, to the test harness (@reelcast/testing) or the platform's db module. CI runs these
 * again on PostgreSQL (docs/testing.md "Two databases"); the others (the game engine, the SAS
 * simulator, lint probes, pure units) do the same on either database and run once.
 *
 *   node scripts/database-test-files.mjs            # one path a line, relative to the repository
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What opens a database: the test harness (a platform, a CLI, a copied template) and the platform's db module. */
const databaseCode = [path.join(root, 'packages/testing/src') + path.sep, path.join(root, 'apps/platform/src/db') + path.sep];
/** The same harness as the tests import it, by its package name. */
const databasePackages = ['@reelcast/testing'];

/** Where the `server` project's tests live (vitest.config.ts). */
const testRoots = ['packages', 'apps/platform', 'apps/machine', 'apps/launcher', 'scripts', 'tools'];

const importPattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/**
 * The files `file` imports by a relative path, and the database harness when it imports that by its
 * package name (other packages by name are other programs' public faces, not followed).
 */
function relativeImports(file) {
  const source = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (databasePackages.includes(specifier)) found.push(path.join(root, 'packages/testing/src/index.ts'));
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
    const existing = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (existing) found.push(existing);
  }
  return found;
}

/** Every file the tests import, at any depth, with its relative imports. */
function importGraph(entries) {
  const graph = new Map();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop();
    if (graph.has(file)) continue;
    const imports = relativeImports(file);
    graph.set(file, imports);
    pending.push(...imports);
  }
  return graph;
}

/** The files of `graph` that are database code or import, at any depth, a file that is. */
function openingDatabase(graph) {
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
  return opening;
}

function* testFiles(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith('.test.ts')) yield full;
  }
}

const tests = testRoots.flatMap((dir) => [...testFiles(path.join(root, dir))]);
const opening = openingDatabase(importGraph(tests));
for (const file of tests.filter((test) => opening.has(test)).sort()) console.log(path.relative(root, file));
