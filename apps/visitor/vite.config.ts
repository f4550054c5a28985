import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceConditions } from '../../config/vite-source.ts';

export default defineConfig({
  base: '/chat/',
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the page supports understands <link rel="modulepreload">; the polyfill would
    // only add bytes to the first screen (one without it merely fetches the chunk on import).
    modulePreload: { polyfill: false },
  },
});
