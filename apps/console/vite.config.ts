import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serverRoutes } from '../../config/dev-proxy.ts';
import { inlineEntryCss } from '../../config/vite-inline-css.ts';
import { sourceConditions } from '../../config/vite-source.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The agent console, served by the server under /agent/ from apps/console/dist. */
export default defineConfig({
  root: here,
  base: '/agent/',
  plugins: [react(), inlineEntryCss()],
  resolve: { conditions: sourceConditions },
  // `npm run dev`: the dev server passes the server's routes to the reference server.
  server: { proxy: serverRoutes(process.env.PARLEY_SERVER) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  logLevel: 'warn',
});
