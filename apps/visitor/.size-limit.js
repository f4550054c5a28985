// Size budgets of the built page, checked by `npm run size` after `npm run build`.
import { initialScripts } from '../../config/initial-scripts.mjs';

export default [
  {
    name: 'embed.js loader',
    path: 'dist/embed.js',
    gzip: true,
    limit: '3 KB',
  },
  {
    // Fetched only when the chat refuses to run in the host page.
    name: "embed-refusal.js, the loader's refused-frame notice",
    path: 'dist/embed-refusal.js',
    gzip: true,
    limit: '1 KB',
  },
  {
    name: 'Initial JS of /chat/index, React included',
    path: initialScripts('npm run build -w @parley/visitor'),
    gzip: true,
    // Back to 115 kB (it had grown to 120.8 kB with the first screen's welcome, avatars, times and
    // Seen) once the engine talked to the server on the platform's fetch instead of ky (-8.3 kB):
    // apps/visitor/README.md, "Size and load time".
    limit: '115 KB',
    disablePlugins: ['@size-limit/esbuild'],
  },
];
