// The scripts a first visit to /login and to /lobby downloads before the page is on screen with its
// data, and those it fetches after that, read from the build's manifest. check-bundle.mjs weighs the
// first; e2e/first-load.e2e.test.ts checks in Chromium that a first visit downloads exactly these, in
// that order.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Loaded by every first visit: the entry, the route preloader, the app, and the messages of the default language (tr). */
const start = ['index.html', 'src/app/route-preload.ts', 'src/app/app.tsx', 'src/shared/i18n/locales/tr.ts'];

/**
 * Each route's own modules, lazy ones included: a guest on /login; a signed-in player on /lobby (the
 * shell, with its promotion buttons, is app-layout's). (An Arabic visitor gets ar.ts and the RTL styles instead of tr.ts;
 * the small-screen navbar's Drawer comes when it is first opened.) The build names their files for a
 * first visit to that path to preload (vite.config.ts, src/app/route-preload.ts).
 */
export const routeModules = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/lobby': ['src/app/app-layout.tsx', 'src/features/lobby/pages/lobby-page.tsx'],
};

/** The modules each route's first visit loads: the start's and the route's own. */
export const firstLoadEntries = Object.fromEntries(Object.entries(routeModules).map(([route, modules]) => [route, [...start, ...modules]]));

/**
 * Fetched later in the same visit, once the page is on screen with its data and the browser is idle
 * (shared/lib/after-first-view.ts): the toast bar, and for a signed-in player the notification socket's
 * library with its push handlers, the toolbar's shortcut bar, its Team Chat button and its quick panel button, and
 * the game page with its texts (a lobby preloads it for the Play click). Listed, not weighed; e2e/first-load.e2e.test.ts checks in
 * Chromium that they come after the page's data.
 */
const later = ['src/shared/toasts/toast-bar.tsx'];
export const afterFirstViewEntries = {
  '/login': later,
  '/lobby': [
    ...later,
    'src/app/notification-listeners.ts',
    '../../node_modules/socket.io-client/build/esm/index.js',
    'src/features/shell/shortcuts/shortcut-bar.tsx',
    'src/features/chat/components/chat-parts.ts',
    'src/features/quick-panel/components/quick-panel-parts.ts',
    'src/features/shell/components/documentation-button.tsx',
    // The game page's code and its texts (app/routes.tsx preloadGame), so a Play click does not wait for them.
    'src/app/preload-game.ts',
    'src/app/game-route.tsx',
    'src/shared/i18n/locales/tr-pages.ts',
  ],
};

function readManifest() {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The JavaScript files (relative to dist) that `keys` load, with everything they import. */
function closure(manifest, keys) {
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

/** The JavaScript files (relative to dist) of each route's first visit. */
export function firstLoadFiles() {
  const manifest = readManifest();
  return Object.fromEntries(Object.entries(firstLoadEntries).map(([route, entries]) => [route, closure(manifest, entries)]));
}

/** The file (relative to dist) of the chunk a module starts, e.g. 'src/app/app.tsx'. */
export function chunkFile(module) {
  const chunk = readManifest()[module];
  if (!chunk) throw new Error(`${module} is not in the manifest`);
  return chunk.file;
}

/** The JavaScript files (relative to dist) each route fetches after its first view, and not before. */
export function afterFirstViewFiles() {
  const manifest = readManifest();
  return Object.fromEntries(
    Object.entries(afterFirstViewEntries).map(([route, entries]) => {
      const first = new Set(closure(manifest, firstLoadEntries[route]));
      return [route, closure(manifest, entries).filter((file) => !first.has(file))];
    }),
  );
}
