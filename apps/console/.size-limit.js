// Size budgets of the built console, checked by `npm run size` after `npm run build`: an agent on
// a laptop tethered to a phone opens it too.
import { initialScripts } from '../../config/initial-scripts.mjs';

export default [
  {
    // The login and the inbox, React, the router and the kit included; the reports (Chartist), the
    // administration and the command palette load when opened and are not counted.
    name: 'Initial JS of /agent/, React included',
    path: initialScripts('npm run build -w @parley/console'),
    gzip: true,
    limit: '180 KB',
    disablePlugins: ['@size-limit/esbuild'],
  },
];
