import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const visitorDist = process.env.VISITOR_DIST ?? join(here, '../../visitor/dist');

const app = await buildServer({ visitorDist, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
