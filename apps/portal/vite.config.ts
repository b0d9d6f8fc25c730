import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm, type ViteCompressionPluginOption } from 'vite-plugin-compression2';

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

/**
 * The app chunk (src/app/app.tsx) is imported by the entry at once, on every page, but as a dynamic
 * import its files were requested only once the entry had run (about 1 s later on a phone on Slow 4G,
 * docs/benchmarks.md). Named in index.html as modulepreload links, they download alongside the entry's.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'reelcast:preload-app-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/app.tsx'));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!app || !entry) throw new Error('preload-app-chunk: the app or the entry chunk is missing from the build');
        /** A chunk and every chunk it imports statically, through and through. */
        const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach((file) => withImports(file, into));
          return into;
        };
        // The entry's own files are in index.html already (Vite's links).
        const entryFiles = withImports(entry.fileName);
        const files = [...withImports(app.fileName)].filter((file) => !entryFiles.has(file));
        return files.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadAppChunk(),
    // X.gz and X.br next to every text file of 1 kB or more, and index.html, for the platform to send
    // as they are (only where they are smaller).
    compression({ ...precompressed, include: /\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/, exclude: /(^|[\\/])\.vite[\\/]/, threshold: 1023 }),
    compression({ ...precompressed, include: /^index\.html$/ }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
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
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    // The initial bundle stays small: routes are lazy and the big libraries get stable chunks.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
            // Not stylis-plugin-rtl: only right-to-left visitors load it.
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/, priority: 3 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|zustand)[\\/]/, priority: 2 },
            // MUI's transitions are used by the shell and by every lazy page: one chunk, not scattered copies.
            // Not Collapse and Slide: /login uses neither, they come with the shell's navigation and drawers.
            { name: 'transitions', test: /node_modules[\\/](react-transition-group|@mui[\\/]material[\\/](Grow|Fade|transitions))[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
