import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/db.js';
import { applySeed, type Seed } from './seed.js';
import { testDatabases } from './test/databases.js';

const seed: Seed = {
  channels: [{ id: 'sd', tenantId: 't', info: {} }],
  agents: ['ann', 'bob', 'cy'].map((name) => ({
    id: `sd-${name}`,
    username: `sd-${name}`,
    password: `pw-${name}-1234`,
    nick: name,
    capacity: 1,
    channels: ['sd'],
  })),
};

describe.each(testDatabases())('the seed on $name', (database) => {
  it('given two instances applying one seed at once, should create each agent once and fail neither', async () => {
    const first = await database.open();
    // A second connection to the same database, as a second instance has (PGlite has one process).
    const second = database.url ? await openDatabase({ databaseUrl: database.url }) : first;
    try {
      await Promise.all([applySeed(first, seed), applySeed(second, seed), applySeed(first, seed)]);
      const rows = await first.query<{ username: string }>(
        "select username from agents where username like 'sd-%' order by username",
      );
      expect(rows.map((row) => row.username)).toEqual(['sd-ann', 'sd-bob', 'sd-cy']);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});
