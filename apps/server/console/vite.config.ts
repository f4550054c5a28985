import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceConditions } from '../../../config/vite-source.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The agent console, served by the server under /agent/ from dist/console. */
export default defineConfig({
  root: here,
  base: '/agent/',
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  build: { outDir: '../dist/console', emptyOutDir: true, sourcemap: true },
  logLevel: 'warn',
});
