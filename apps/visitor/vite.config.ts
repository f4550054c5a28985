import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serverRoutes } from '../../config/dev-proxy.ts';
import { inlineEntryCss } from '../../config/vite-inline-css.ts';
import { sourceConditions } from '../../config/vite-source.ts';

export default defineConfig({
  base: '/chat/',
  plugins: [react(), inlineEntryCss()],
  resolve: { conditions: sourceConditions },
  // `npm run dev`: the dev server passes the server's routes to the reference server.
  server: { proxy: serverRoutes(process.env.PARLEY_SERVER) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the page supports understands <link rel="modulepreload">; the polyfill would
    // only add bytes to the first screen (one without it merely fetches the chunk on import).
    modulePreload: { polyfill: false },
  },
});
