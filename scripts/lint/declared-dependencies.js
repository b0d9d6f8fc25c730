// @ts-check
// Every `@reelcast/*` package a file imports is declared in the package.json of the workspace the file
// belongs to (the nearest package.json above it), so the workspaces' dependencies are the real ones:
// npm links every workspace at the root, and an undeclared import would work until it is moved or
// installed alone. Run by `npm run lint`; scripts/lint/declared-dependencies.test.ts shows it failing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const skipped = new Set(['node_modules', 'dist', 'coverage', 'data', '.tsbuild', '.git', 'migrations']);
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;
const reelcastPackage = /^(@reelcast\/[^/]+)/;

/** The `@reelcast/*` packages a file imports: static imports, re-exports and `import()`, never a string that only looks like one. */
function reelcastImports(/** @type {string} */ file) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return new Set(importedFiles.map((imported) => reelcastPackage.exec(imported.fileName)?.[1]).filter((name) => name !== undefined));
}

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.d.mts') ? [full] : [];
  });
}

/** @param {string} file @param {string} root @returns {string} the folder of the package.json that owns `file` */
function ownerOf(file, root) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) || dir === root) return dir;
  }
}

/**
 * The imports of `@reelcast/*` packages that the importing file's package does not declare (in
 * dependencies or devDependencies), as `file: package` lines relative to `root`.
 * @param {string} root
 * @returns {string[]}
 */
export function undeclaredImports(root) {
  /** @type {Map<string, Set<string>>} */
  const declaredBy = new Map();
  const declared = (/** @type {string} */ folder) => {
    let names = declaredBy.get(folder);
    if (!names) {
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
      names = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })]);
      declaredBy.set(folder, names);
    }
    return names;
  };
  return sourceFiles(root).flatMap((file) => {
    const names = declared(ownerOf(file, root));
    return [...reelcastImports(file)].filter((name) => !names.has(name)).map((name) => `${path.relative(root, file)}: ${name}`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const undeclared = undeclaredImports(root);
  if (undeclared.length) {
    console.error(`Imported but not declared in the importing workspace's package.json:\n  ${undeclared.join('\n  ')}`);
    process.exit(1);
  }
}
