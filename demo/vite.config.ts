import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The demo page. `npm run demo` (dev + Worker), `npm run build:demo` (static build in demo/dist).
const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The page imports toolshim by its public entries, as an app does; here they are this checkout's source.
  resolve: {
    alias: [
      { find: /^toolshim$/, replacement: source('index.ts') },
      { find: /^toolshim\/engines$/, replacement: source('engines.ts') },
      { find: /^toolshim\/server$/, replacement: source('server.ts') },
    ],
  },
  // Relative asset URLs, so the built page works from any path (GitHub Pages, a file server).
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8000 },
});
