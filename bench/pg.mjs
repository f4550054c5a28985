// A throwaway PostgreSQL server for the benches: Debian's packages, a temporary data directory, a
// free loopback port, a UTF-8 locale (search indexes letters of every script under it). Run as the
// postgres user when the bench runs as root, as PostgreSQL refuses root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './net.mjs';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Starts PostgreSQL; resolves to its admin URL, its postmaster's pid and a `stop` that removes it.
 *
 * @example
 * const pg = await startPostgres({ settings: ['-c shared_buffers=256MB'] });
 * // ... pg.url
 * pg.stop();
 */
export async function startPostgres({ settings = [] } = {}) {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`no PostgreSQL in ${PG_BIN} (run npm run setup)`);
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command, args) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args]]
      : [join(PG_BIN, command), args];
    return execFileSync(file, argv, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
    ...settings,
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmaster: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      const [file, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']]
        : [join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']];
      spawnSync(file, argv, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
