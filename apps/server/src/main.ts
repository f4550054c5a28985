import { buildServer } from './app.js';
import { settingsFromEnv } from './config.js';
import { readSeed } from './seed.js';

const settings = settingsFromEnv();
const app = await buildServer(settings).catch((error: Error) => {
  console.error(`Parley could not start: ${error.message}`);
  process.exit(1);
});
await app.listen({ port: settings.port, host: settings.host });

const base = `http://${settings.host}:${settings.port}`;
const seed = readSeed(settings.seedFile);
console.info(
  `Parley is listening on ${base} (${settings.databaseUrl ? 'PostgreSQL' : `data in ${settings.dataDir}`})`,
);
console.info('Visitor app, one URL per demo channel:');
for (const channel of seed.channels) {
  console.info(`  ${channel.id.padEnd(12)} ${base}/chat/index?channelId=${encodeURIComponent(channel.id)}`);
}
console.info(`Agent console: ${base}/agent/`);
for (const agent of seed.agents) {
  console.info(
    `  ${agent.username} / ${agent.password}  (${agent.nick}, ${agent.capacity} chats, ${agent.channels.join(', ')})`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
