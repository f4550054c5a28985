import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../db/db.js';
import { randomId } from '../ids.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database: PGlite in memory, or a new database on the test PostgreSQL server. */
  open(): Promise<Db>;
  /** For child processes: the connection string of the last database `open` created. */
  url?: string;
}

/** Creates an empty database on the test server and returns its connection string. */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `parley_test_${randomId()
    .replace(/[^a-zA-Z0-9]/g, '')
    .toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The databases every server test runs on: the embedded one and, when available, PostgreSQL. */
export function testDatabases(): TestDatabase[] {
  const adminUrl = inject('postgresAdminUrl');
  const databases: TestDatabase[] = [{ name: 'pglite', open: () => openDatabase({}) }];
  if (adminUrl) {
    databases.push({
      name: 'postgres',
      open: async () => openDatabase({ databaseUrl: await createPostgresDatabase(adminUrl) }),
    });
  }
  return databases;
}
