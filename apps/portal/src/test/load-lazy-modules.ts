import fs from 'node:fs';
import path from 'node:path';

// For the `portal` project, whose files share a worker's modules (not `portal-isolated`, whose files check
// what a lazy load does): every module the portal loads lazily (`import('…')` in its source), loaded before
// any test. A file whose last test ends with one still loading leaves it broken in the worker's modules,
// which its next files share (EnvironmentTeardownError: "Cannot load … after the environment was torn down"; the chat and quick-panel
// parts, then notification-listeners, failed a later file so). Not the entry's `./app` (main.tsx): it starts
// a browser router on import.
await Promise.all(lazilyLoadedModules().map((file) => import(/* @vite-ignore */ file)));

/** What the portal's source imports with `import('…')` (its files resolved, `@/` being src/; packages by name), but the entry's app. */
function lazilyLoadedModules(): string[] {
  const src = path.resolve(import.meta.dirname, '..');
  const sources = fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test'));
  const found = new Set<string>();
  for (const file of sources) {
    // Code, not comments (a doc comment shows an example import).
    const code = fs
      .readFileSync(path.join(src, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n');
    for (const [, specifier] of code.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
      if (file === path.join('app', 'main.tsx') && specifier === './app') continue;
      if (specifier!.startsWith('@/')) found.add(path.join(src, specifier!.slice(2)));
      else if (specifier!.startsWith('.')) found.add(path.resolve(src, path.dirname(file), specifier!));
      else found.add(specifier!);
    }
  }
  return [...found];
}
