import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { migrate, openDatabase } from './db.js';

describe('the embedded database in a data directory', () => {
  it('should keep committed rows across a reopen, apply migrations once, and refuse a second opener', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-db-'));
    try {
      const first = await openDatabase({ dataDir: join(dir, 'db') });
      await first.query(`insert into settings (key, value) values ('k', 'v')`);
      await expect(openDatabase({ dataDir: join(dir, 'db') })).rejects.toThrow(/in use by process/);
      await first.close();
      const again = await openDatabase({ dataDir: join(dir, 'db') });
      expect(await again.query(`select value from settings where key = 'k'`)).toEqual([{ value: 'v' }]);
      expect(await migrate(again)).toEqual([]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('transactions on $name', (database) => {
  it('given a failing transaction, should roll all of it back', async () => {
    const db = await database.open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into settings (key, value) values ('a', '1')`);
        await tx.query(`insert into settings (key, value) values ('a', '2')`);
      }),
    ).rejects.toThrow();
    expect(await db.query(`select * from settings where key = 'a'`)).toEqual([]);
    await db.close();
  });
});
