// `npm run admin -- <command>`: agents and channels on the server's database. See admin/commands.ts.
import { join } from 'node:path';
import { AdminError, runAdmin, USAGE } from './admin/commands.js';
import { settingsFromEnv } from './config.js';
import { openDatabase } from './db/db.js';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
  console.info(USAGE);
  process.exit(argv.length === 0 ? 1 : 0);
}
const settings = settingsFromEnv();
const db = await openDatabase({
  databaseUrl: settings.databaseUrl,
  dataDir: settings.databaseUrl || !settings.dataDir ? undefined : join(settings.dataDir, 'db'),
});
const readStdin = async () => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
try {
  await runAdmin(argv, { db, out: (line) => console.info(line), readStdin });
} catch (error) {
  console.error(error instanceof AdminError || error instanceof TypeError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
