import { defineConfig } from 'vite';

/** Builds /chat/embed.js: one small classic script with a stable name (no hash), no dependencies. */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/embed/embed.ts',
      formats: ['iife'],
      name: 'ParleyEmbedLoader',
      fileName: () => 'embed.js',
    },
  },
});
