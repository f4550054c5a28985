import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Db, Queryable } from './types.js';

export type { Db, Queryable, Row } from './types.js';

export interface DatabaseOptions {
  /** A PostgreSQL connection string: use that server instead of the embedded database. */
  databaseUrl?: string;
  /** The embedded database's directory; absent: in memory (tests). */
  dataDir?: string;
}

/** Opens the configured database and applies the migrations it has not seen yet. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.databaseUrl
    ? await (await import('./postgres.js')).openPostgres(options.databaseUrl)
    : await (await import('./pglite.js')).openPglite(options.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** The migrations this build knows, by name in order. */
export function migrationNames(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Migrations this build knows that the database has not applied (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>('select name from schema_migrations');
  const applied = new Set(rows.map((row) => row.name));
  return migrationNames().filter((name) => !applied.has(name));
}

/**
 * Applies every `migrations/NNN_name.sql` not applied yet, in name order, each in its own
 * transaction. An advisory lock keeps two instances starting together from racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationNames();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7001)');
    await tx.query(
      'create table if not exists schema_migrations (name text primary key, applied_at bigint not null)',
    );
  });
  for (const name of files) {
    const sql = readFileSync(`${migrationsDir}${name}`, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(7001)');
      const seen = await tx.query('select 1 from schema_migrations where name = $1', [name]);
      if (seen.length > 0) return false;
      await runScript(tx, sql);
      await tx.query('insert into schema_migrations (name, applied_at) values ($1, $2)', [name, Date.now()]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/**
 * Splits a migration into statements at semicolons, except inside a dollar-quoted body (`$$ ... $$`,
 * a function's); no semicolons inside strings in ours.
 */
export function splitStatements(sql: string): string[] {
  const text = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const statements: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    if (text.startsWith('$$', index)) {
      quoted = !quoted;
      index++;
    } else if (text[index] === ';' && !quoted) {
      statements.push(text.slice(start, index));
      start = index + 1;
    }
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

async function runScript(tx: Queryable, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}
