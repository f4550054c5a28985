import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.js';

const INT8 = 20;

/** The embedded database: in `dataDir` when given (created if absent), else in memory. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lockDataDir(dataDir);
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

const inUse = (dataDir: string, pid: number | string) =>
  new Error(
    `the data directory ${dataDir} is in use by process ${pid}: stop that server or set another DATA_DIR`,
  );

/**
 * Takes the data directory's lock file, created only if absent (`wx`), so two processes starting at
 * once cannot both take it. A lock whose process is gone is moved aside (one rename wins) and the
 * lock taken again; a mover that finds it moved a live lock puts it back and gives up.
 */
export function lockDataDir(dataDir: string): void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createWithPid(file, process.pid)) {
      openHere.add(file);
      return;
    }
    const holder = readPid(file);
    if (holder === undefined) continue; // moved or released meanwhile: try again
    // A lock file appears with its pid in it (a hard link of a written file), so an empty one is
    // from a crash, or from elsewhere: stale once it is a few seconds old.
    const live =
      holder === 0
        ? Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 5000
        : holder === process.pid
          ? openHere.has(file)
          : isRunning(holder);
    if (live) throw inUse(dataDir, holder);
    const aside = `${file}.${process.pid}.stale`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // another process moved it first
    }
    const moved = readPid(aside);
    rmSync(aside, { force: true });
    if (moved !== holder && moved !== undefined) {
      // A live process took the lock between the read and the move: give it back.
      createWithPid(file, moved);
      throw inUse(dataDir, moved);
    }
  }
  throw inUse(dataDir, readPid(file) ?? 'unknown');
}

/**
 * Creates `file` holding `pid` only if it does not exist, whole or not at all: the pid is written
 * to a file of this process's own, then hard-linked to the lock's name (a link fails if the name
 * exists). False when the lock exists.
 */
function createWithPid(file: string, pid: number): boolean {
  const own = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(own, String(pid));
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(own, { force: true });
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
