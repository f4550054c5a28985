import { buildServer } from './app.js';
import { settingsFromEnv } from './config.js';
import { readSeed } from './seed.js';
import { chatCount } from './words.js';

const settings = settingsFromEnv();
const app = await buildServer(settings).catch((error: Error) => {
  console.error(`Parley could not start: ${error.message}`);
  process.exit(1);
});
await app.listen({ port: settings.port, host: settings.host });

// PORT=0 lets the system choose a free port (the tests do): the banner names the one it chose.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : settings.port;
const base = `http://${settings.host}:${port}`;
console.info(
  `Parley is listening on ${base} (${settings.databaseUrl ? 'PostgreSQL' : `data in ${settings.dataDir}`})`,
);
const seed = settings.seedFile ? readSeed(settings.seedFile) : undefined;
if (seed) {
  console.info('Visitor app, one URL per channel:');
  for (const channel of seed.channels) {
    console.info(`  ${channel.id.padEnd(12)} ${base}/chat/index?channelId=${encodeURIComponent(channel.id)}`);
  }
}
console.info(`Agent console: ${base}/agent/`);
if (settings.mail?.print) {
  console.info(`Mail: no SMTP_URL, so none is sent; an administrator reads it at ${base}/dev/mailbox`);
}
if (settings.llm) {
  console.info(
    `Robot of ${settings.llm.channels.join(', ')}: the language model ${settings.llm.model} at ${settings.llm.baseUrl}`,
  );
}
if (settings.demo && seed) {
  // Demo mode only: these logins are public, and the banner says so.
  console.warn('DEMO MODE: the demo agents below have public passwords. Never expose this server.');
  console.info('  Nobody is online until they log in to the console: log in as alice or bob to answer.');
  for (const agent of seed.agents) {
    console.info(
      `  ${agent.username} / ${agent.password}  (${agent.nick}, ${chatCount(agent.capacity)}, ${agent.channels.join(', ')})`,
    );
  }
} else if (seed) {
  for (const agent of seed.agents) console.info(`  ${agent.username}  (${agent.nick})`);
} else {
  console.info('  no seed file (SEED_FILE): channels and agents come from the database as they are');
}

// A stop drains first (PARLEY_DRAIN_MS): not ready, still answering, then the port closes. A
// second signal meanwhile closes at once.
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    const stop = signalled ? app.close() : app.stop();
    signalled = true;
    stop.then(() => process.exit(0));
  });
}
