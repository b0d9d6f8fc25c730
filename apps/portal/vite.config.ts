import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import { build, defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm, type ViteCompressionPluginOption } from 'vite-plugin-compression2';
import { routeModules } from './scripts/first-load.mjs';

const api = 'http://localhost:8080';
const proxied = ['/login', '/validate', '/player', '/machine', '/Settings.json', '/api'];

const precompressed = {
  algorithms: [
    defineAlgorithm('gzip', { level: 9 }),
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
  ],
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
} satisfies ViteCompressionPluginOption;

type Chunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** A chunk's file and every chunk it imports statically, through and through. */
function withImports(chunks: Chunk[], fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach((file) => withImports(chunks, file, into));
  return into;
}

/**
 * Start-up downloads that would otherwise wait for the scripts before them (docs/benchmarks.md, a phone
 * on Slow 4G):
 * - The app chunk (src/app/app.tsx) is imported by the entry at once, on every page, but as a dynamic
 *   import its files were requested only once the entry had run (about 1 s later): named in index.html
 *   as modulepreload links, they download alongside the entry's.
 * - The route's own chunks (the lobby page and the shell for /lobby, the login page for /login:
 *   scripts/first-load.mjs `routeModules`) were requested only once the app had started and its router
 *   had matched the path (about 0.6 s later): index.html lists them per path (#route-chunks), and the
 *   route preloader (src/app/route-preload.ts), an async module that index.html loads first, asks for
 *   the current path's.
 */
function startUpPreloads(): Plugin {
  const routePreload = 'src/app/route-preload.ts';
  const marker = '<!-- route preloader -->';
  return {
    name: 'reelcast:start-up-preloads',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', 'route-preload': routePreload } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html.replace(marker, '');
        const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
        const byModule = (module: string) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`start-up-preloads: ${module} has no chunk of its own in the build`);
          return chunk;
        };
        const entry = byModule('index.html');
        const preloader = byModule(routePreload);
        // The entry's own files are in index.html already (Vite's links).
        const entryFiles = withImports(chunks, entry.fileName);
        const appFiles = [...withImports(chunks, byModule('src/app/app.tsx').fileName)].filter((file) => !entryFiles.has(file));
        const atStart = new Set([...entryFiles, ...appFiles]);
        const routeFiles = Object.fromEntries(
          Object.entries(routeModules).map(([route, modules]) => {
            const files = new Set(modules.flatMap((module) => [...withImports(chunks, byModule(module).fileName)]));
            return [route, [...files].filter((file) => !atStart.has(file)).map((file) => `/${file}`)];
          }),
        );
        if (!html.includes(marker))
          throw new Error(`start-up-preloads: index.html lacks the ${marker} comment that places the route preloader`);
        // The table is data, not a script (the Content-Security-Policy allows no inline script); the
        // preloader that reads it is the first script the page asks for.
        const preloaderTags =
          `<script type="application/json" id="route-chunks">${JSON.stringify(routeFiles)}</script>\n    ` +
          `<script type="module" async crossorigin src="/${preloader.fileName}"></script>`;
        return {
          html: html.replace(marker, preloaderTags),
          tags: appFiles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })),
        };
      },
    },
  };
}

/** One pattern matching any of `parts`, each written as its own regex so it reads on its own line. */
const anyOf = (...parts: RegExp[]) => new RegExp(parts.map((part) => part.source).join('|'));

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** src/app/{module}.tsx built for Node into a temporary folder, as one file (React, MUI and the pages with it). */
async function buildForNode(module: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    resolve: { alias },
    plugins: [react()],
    // React's production build: the platform runs this on the request path.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: `src/app/${module}.tsx`,
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: '[name].mjs' } },
    },
  });
  return path.join(outDir, `${module}.mjs`);
}

/** Where the build puts /lobby's renderer (src/app/lobby-prerender.tsx for Node), which the platform runs for each GET /lobby. */
const lobbyRendererFile = '.server/lobby-render.mjs';

/**
 * The first views rendered on the server (docs/architecture.md "First view"):
 * - /login ahead of time: src/app/login-prerender.tsx built for Node, run once per language, its markup
 *   put into index.html's #root with that language's `lang` and `dir`, as login.{language}.html beside
 *   index.html (the platform sends it for /login);
 * - the splash the same way, as splash.{language}.html (the platform sends it for the other pages), and
 *   as splash-game.{language}.html with the game screen's styles too (for /game/:gameId/:name);
 * - /lobby for each request: src/app/lobby-prerender.tsx built for Node as `.server/lobby-render.mjs`
 *   with index.html as `.server/lobby.html` (its shell: `lang`, `dir`, the styles and #root to fill), for
 *   the platform to run (apps/platform/src/http/lobby-page.ts). A dot folder: @fastify/static does not
 *   serve it.
 */
function prerenderFirstViews(): Plugin {
  return {
    name: 'reelcast:prerender-first-views',
    apply: (config) => !config.build?.ssr,
    enforce: 'post',
    // After Vite has written index.html into the bundle, before the compression (which follows the manifest).
    generateBundle: {
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: the build has no index.html');
        const html = String(index.source);
        const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-prerender-'));
        try {
          type Rendered = { markup: string; styles: string };
          const { renderLoginPage, renderSplash, renderGameSplash, pageDocument, pageLanguages } = (await import(
            pathToFileURL(await buildForNode('login-prerender', outDir)).href
          )) as {
            renderLoginPage: (language: string) => Promise<Rendered>;
            renderSplash: (language: string) => Promise<Rendered>;
            renderGameSplash: (language: string) => Promise<Rendered>;
            pageDocument: (html: string, path: string, language: string, page: Rendered) => string;
            pageLanguages: { id: string }[];
          };
          for (const { id } of pageLanguages) {
            this.emitFile({
              type: 'asset',
              fileName: `login.${id}.html`,
              source: pageDocument(html, '/login', id, await renderLoginPage(id)),
            });
            this.emitFile({
              type: 'asset',
              fileName: `splash.${id}.html`,
              source: pageDocument(html, 'splash', id, await renderSplash(id)),
            });
            this.emitFile({
              type: 'asset',
              fileName: `splash-game.${id}.html`,
              source: pageDocument(html, 'splash', id, await renderGameSplash(id)),
            });
          }
          const lobbyRenderer = fs.readFileSync(await buildForNode('lobby-prerender', outDir));
          this.emitFile({ type: 'asset', fileName: lobbyRendererFile, source: lobbyRenderer });
          this.emitFile({ type: 'asset', fileName: '.server/lobby.html', source: html });
        } finally {
          fs.rmSync(outDir, { recursive: true, force: true });
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    startUpPreloads(),
    prerenderFirstViews(),
    // X.gz and X.br next to every text file of 1 kB or more, and index.html, for the platform to send
    // as they are (only where they are smaller).
    compression({
      ...precompressed,
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/,
      exclude: /(^|[\\/])\.(vite|server)[\\/]/,
      threshold: 1023,
    }),
    compression({ ...precompressed, include: /^(index|login\.\w+)\.html$/ }),
  ],
  resolve: { alias },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [
          path,
          {
            target: api,
            changeOrigin: true,
            // /login is also a page: a browser navigation gets the app, API calls go to the platform.
            bypass: (req: { method?: string; headers: { accept?: string } }) =>
              req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
          },
        ]),
      ),
      '/socket.io': { target: api, ws: true, changeOrigin: true },
      // The footer's info pages are the platform's own HTML pages (docs/api.md "Info pages").
      '^/(password-reset|game-rules-and-content|player-protection-information|terms-of-use|privacy-policy|paytables)\\.html': {
        target: api,
        changeOrigin: true,
      },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    modulePreload: {
      // Two loads that wait for the first view let the browser fetch their imports as they are found, not
      // all at once from a list: the game screen's background load from the lobby (src/app/preload-game.ts)
      // and the notification socket's listeners (src/app/notification-socket.tsx). A list is one
      // `<link rel=modulepreload>` added per import, each some milliseconds of the main thread (on /game
      // at 4x CPU, the listeners' five were one 64 ms task); found as they are imported, the requests go
      // out from the module loader's own tasks.
      resolveDependencies: (file, deps, { hostId }) =>
        path.basename(hostId).startsWith('preload-game-') || path.basename(file).startsWith('notification-listeners-') ? [] : deps,
    },
    emptyOutDir: true,
    // The initial bundle stays small: routes are lazy and the big libraries get stable chunks.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app's own small modules that lazy chunks share with the first load (route handles, roles,
            // storage keys, the languages, the token, the settings, the API client, the texts' set-up, the
            // protocol's schemas these read, the logo, the colour schemes, Vite's preload helper): one chunk
            // rather than one each (there were eleven, of 0.2 to 2.1 kB), every one with its own request and
            // gzip frame. Every one of them is in the first load of /login and of /lobby, so none adds to
            // either.
            {
              name: 'app-shared',
              test: anyOf(
                /src[\\/]shared[\\/](config[\\/](route-handle|settings)|lib[\\/](storage-keys|authorization)|i18n[\\/](languages|i18n)|session[\\/]token-storage|api[\\/]api-(client|error)|theme[\\/](emotion-caches|scheme-palettes)|components[\\/]logo)\.tsx?$/,
                /packages[\\/]protocol[\\/]src[\\/](meta|codes|auth|settings|errors|account)\.ts$/,
                /node_modules[\\/]jwt-decode[\\/]/,
                /vite[\\/]preload-helper/,
              ),
              // Only these: what they import stays where it was (the protocol's other schemas with the
              // pages that use them).
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // The small modules a signed-in first view needs beside its page and the shell (the lobby's data
            // and its schemas, money and its formats, the balance, the status chip, the shell's MUI parts and
            // icons that other pages share): one chunk rather than sixteen of 0.2 to 3 kB. Over HTTP/1.1 every
            // script past six waits a round trip (docs/architecture.md "Few requests before the first paint").
            // Not IconButton nor the contact links: /login has them, and would then load the rest.
            {
              name: 'signed-in-shared',
              test: anyOf(
                /packages[\\/]protocol[\\/]src[\\/](info-pages|money|money-format|integers|lobby)\.ts$/,
                /src[\\/]shared[\\/](lib[\\/](format|use-money)|components[\\/]machine-status-chip)\.tsx?$/,
                /src[\\/]features[\\/](wallet[\\/]api[\\/]get-balance|game[\\/]lib[\\/]reconnect-store|lobby[\\/]api[\\/]get-(machines|brands|brand-machines))\.ts$/,
                /node_modules[\\/]@mui[\\/]material[\\/](useMediaQuery|Chip|List|ListItemIcon[\\/]listItemIconClasses)[\\/.]/,
                /node_modules[\\/]@mui[\\/]icons-material[\\/](AccountBalanceWallet|Close|ExpandMore|Search)\.m?js$/,
              ),
              includeDependenciesRecursively: false,
              priority: 0,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            // listItemButtonClasses stays with ListItemText, where the shell finds it, though the date
            // pickers' ListItem needs it too (alone, it would be one more file on the first load).
            {
              name: 'ListItemText',
              test: /node_modules[\\/]@mui[\\/]material[\\/](ListItemText[\\/]|ListItemButton[\\/]listItemButtonClasses)/,
              // Only these: their imports (Typography, the theme) stay in the chunks that hold them.
              includeDependenciesRecursively: false,
              priority: 1,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
            // Not stylis-plugin-rtl: only right-to-left visitors load it.
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/, priority: 3 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|zustand)[\\/]/, priority: 2 },
            // MUI's theme, transitions and the parts every first view shows (/login and the shell: buttons,
            // text, progress): one chunk instead of some twenty small ones, each with its own imports
            // (gzipped alone, they weighed about 4 kB more). Not Collapse and Slide: /login uses neither,
            // they come with the shell's navigation and drawers. Not the internals only Tabs uses (its scroll
            // animation and arrow icons) nor Pagination's page icons: they come with the pages that have them. Not react-transition-group
            // nor useThemeProps: no first view uses them, the date pickers of the lists do.
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](system|utils|styled-engine|material[\\/](styles(?![\\/]useThemeProps)|utils|internal(?![\\/](animate|svg-icons[\\/](KeyboardArrow|FirstPage|LastPage|NavigateBefore|NavigateNext)))|zero-styled|colors|Grow|Fade|transitions|ButtonBase|Button|Typography|Box|Stack|CircularProgress|LinearProgress|DefaultPropsProvider|Card|CardContent|Paper|SvgIcon|useLazyRipple))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
