import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.js';

const INT8 = 20;

/** The embedded database: in `dataDir` when given (created if absent), else in memory. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock(dataDir);
  }
  const pg = new PGlite(dataDir ? { dataDir, parsers: { [INT8]: Number } } : { parsers: { [INT8]: Number } });
  await pg.waitReady;
  const run = async <T>(target: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await target.query<T>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) =>
      pg.transaction((tx) => {
        const scoped: Queryable = { query: (sql, params) => run(tx, sql, params) };
        return work(scoped);
      }),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: async () => {
      await pg.close();
      if (dataDir) {
        rmSync(`${dataDir}.lock`, { force: true });
        openHere.delete(`${dataDir}.lock`);
      }
    },
  };
}

/** The embedded database is one process's: a second server on the same directory would corrupt it. */
const openHere = new Set<string>();

function lock(dataDir: string): void {
  const file = `${dataDir}.lock`;
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && (pid === process.pid ? openHere.has(file) : isRunning(pid))) {
      throw new Error(
        `the data directory ${dataDir} is in use by process ${pid}: stop that server or set another DATA_DIR`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  openHere.add(file);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
