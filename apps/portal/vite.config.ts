import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:8080';
const proxied = ['/login', '/validate', '/player', '/machine', '/Settings.json', '/api'];

export default defineConfig({
  plugins: [react()],
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
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis|stylis-plugin-rtl)[\\/]/, priority: 3 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|zustand)[\\/]/, priority: 2 },
            // MUI's transitions are used by the shell and by every lazy page: one chunk, not scattered copies.
            { name: 'transitions', test: /node_modules[\\/](react-transition-group|@mui[\\/]material[\\/](Grow|Fade|Collapse|Slide|transitions))[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
