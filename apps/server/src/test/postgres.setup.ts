// Vitest global setup: a throwaway PostgreSQL server from Debian's packages on a free loopback
// port, in a temporary data directory, stopped (and deleted) after the run. Tests then create
// their own database on it. With DATABASE_URL set, that server is used instead. Without either,
// CI fails here (the PostgreSQL half of the suite would vanish); elsewhere it says so loudly.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { needs, postgresBin } from '../../../../config/services.mjs';
import { freePort } from './freePort.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to a database the tests may create databases on; '' when none. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('postgresAdminUrl', process.env.DATABASE_URL);
    return;
  }
  if (!needs('postgres', 'the PostgreSQL half of the server tests (every `on postgres` block)')) {
    project.provide('postgresAdminUrl', '');
    return;
  }
  const PG_BIN = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'parley-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
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
    // Search indexes words of every script only under a UTF-8 locale (docs/architecture.md, "Search").
    '--locale=C.UTF-8',
    '--no-sync',
    '--no-instructions',
  ]);
  const settings = (port: number) =>
    [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      "-c unix_socket_directories=''",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
  // PostgreSQL binds its own port and cannot be handed a socket: it gets a port that was free a
  // moment ago, and another if something took that one in between (the start fails on it).
  const log = join(dir, 'log');
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      run('pg_ctl', ['-D', data, '-o', settings(port), '-l', log, '-w', 'start']);
      break;
    } catch (error) {
      const taken = existsSync(log) && /already in use|could not bind/i.test(readFileSync(log, 'utf8'));
      if (!taken || attempt === 5) throw error;
    }
  }
  project.provide('postgresAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']]
      : [join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']];
    spawnSync(file, argv, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
}
