#!/usr/bin/env node
// Bundle budget: gzip size of the JavaScript a first visit to /login and to /lobby downloads.
// Run after `vite build`: node scripts/check-bundle.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/**
 * kB gzip budgets, a few kB above today's sizes (login 266, lobby 278: react-dom 66, MUI core +
 * TextField ~45, zod ~21, router 30). A failure means: split the code, do not raise the number.
 */
const budgets = {
  '/login': { entries: ['index.html', 'src/app/app.tsx', 'src/features/auth/pages/login-page.tsx'], kB: 275 },
  '/lobby': { entries: ['index.html', 'src/app/app.tsx', 'src/app/app-layout.tsx', 'src/features/lobby/pages/lobby-page.tsx'], kB: 285 },
};

function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

let failed = false;
for (const [route, { entries, kB }] of Object.entries(budgets)) {
  const files = closure(entries);
  const bytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
  const size = bytes / 1024;
  const ok = size <= kB;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${size.toFixed(1)} kB gzip in ${files.length} files (budget ${kB} kB)`);
}
process.exit(failed ? 1 : 0);
