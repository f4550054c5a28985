import { build, defineConfig, type InlineConfig } from 'vite';

/** One small classic script with a stable name (no hash), no dependencies. */
const script = (entry: string, name: string, fileName: string): InlineConfig => ({
  configFile: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    lib: { entry, formats: ['iife'], name, fileName: () => fileName },
  },
});

/**
 * Builds /chat/embed.js, and beside it /chat/embed-refusal.js, which the loader fetches only when
 * the chat refuses to run in the page (a script format allows a single entry per build).
 */
export default defineConfig({
  build: script('src/embed/embed.ts', 'ParleyEmbedLoader', 'embed.js').build,
  plugins: [
    {
      name: 'parley-embed-refusal',
      apply: 'build',
      async closeBundle() {
        await build({
          ...script('src/embed/refusal.ts', 'ParleyEmbedRefusal', 'embed-refusal.js'),
          logLevel: 'warn',
        });
      },
    },
  ],
});
