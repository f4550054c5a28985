// One production bundle of a benchmark page (Parley's or the peer's), built by Vite the same way
// for every benchmark, so the pages compared differ only in their code.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `bench/{entry}` into `bench/.dist/{outName}` and returns the script and the styles.
 * `format` 'iife' exposes nothing global but runs inline; 'es' is for a `<script type="module">`.
 */
export async function bundlePage(entry, outName, format) {
  const outDir = join(here, '.dist', outName);
  await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: {
        entry: join(here, entry),
        formats: [format],
        name: 'Bench',
        fileName: () => 'bundle.js',
        cssFileName: 'bundle',
      },
    },
  });
  const css = readdirSync(outDir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(outDir, file)));
  return { js: readFileSync(join(outDir, 'bundle.js')), css: Buffer.concat(css) };
}
