// Builds the portal (apps/portal → apps/portal/dist) when it has never been built or any of its
// sources (or the protocol package it imports) changed since the last build. `npm start` and the
// end-to-end tests call it, so a fresh clone needs no separate build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/portal/dist/index.html');
const sources = ['apps/portal/src', 'apps/portal/public', 'apps/portal/index.html', 'apps/portal/vite.config.ts', 'packages/protocol/src'];

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt && sources.every((s) => newest(s) <= builtAt) && !process.argv.includes('--force')) {
  console.log('Portal build is up to date.');
  process.exit(0);
}
console.log(builtAt ? 'Portal sources changed: rebuilding…' : 'Building the portal (first start)…');
const started = Date.now();
// Built beside and swapped in whole: a platform serving dist (npm start, a test beside npm test's build)
// sees the old portal or the new one, never half of one.
const dist = path.join(root, 'apps/portal/dist');
// (Both beside folders under node_modules/.cache, where the lint beside the build does not look.)
const cache = path.join(root, 'node_modules/.cache');
fs.mkdirSync(cache, { recursive: true });
const building = path.join(cache, `portal-building-${process.pid}`);
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', building, '--emptyOutDir'], {
  cwd: path.join(root, 'apps/portal'),
  stdio: 'inherit',
});
if (result.status !== 0) {
  fs.rmSync(building, { recursive: true, force: true });
  console.error('The portal build failed.');
  process.exit(result.status ?? 1);
}
const old = path.join(cache, `portal-old-${process.pid}`);
if (fs.existsSync(dist)) fs.renameSync(dist, old);
fs.renameSync(building, dist);
fs.rmSync(old, { recursive: true, force: true });
console.log(`Portal built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
