import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from './db/types.js';
import type { Seed, SeedChannel } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

const queueChannel = (id: string): SeedChannel => ({ id, tenantId: 't', info: { receiveMode: 3 } });
const oneSlotAgent = (id: string, channel: string) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id,
  capacity: 1,
  channels: [channel],
  online: true,
});

// Two queues of different lengths, each behind an agent with one slot.
const seed: Seed = {
  channels: [queueChannel('short'), queueChannel('long')],
  agents: [oneSlotAgent('s1', 'short'), oneSlotAgent('l1', 'long')],
};

/** The database, counting every statement sent to it (and to its transactions). */
function countingStatements(db: Db) {
  const counter = { statements: 0 };
  const counted = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      counter.statements += 1;
      return target.query(sql, params);
    },
  });
  const proxy = new Proxy(db, {
    get(target, key) {
      if (key === 'query') return counted(target).query;
      if (key === 'transaction')
        return <T>(work: (tx: Queryable) => Promise<T>) => target.transaction((tx) => work(counted(tx)));
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

describe.each(testDatabases())('routing under the lock on $name', (database) => {
  let server: Harness;
  let counter: { statements: number };

  beforeAll(async () => {
    const counting = countingStatements(await database.open());
    counter = counting.counter;
    // Only the close's statements are counted: no background sender polls the database meanwhile,
    // and wake-ups are sent at once, not after a batching window.
    server = await harness(counting.db, seed, {
      webhooks: { intervalMs: 3_600_000 },
      mail: { intervalMs: 3_600_000 },
      wakeWindowMs: 0,
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  /** One visitor with the agent and `waiting` visitors queued behind, in order. */
  async function queueOf(channelId: string, waiting: number) {
    const visitors = [];
    for (let n = 0; n <= waiting; n++) {
      const visitor = await server.start(channelId);
      await server.visitor('transferAgent', { userId: visitor.userId });
      visitors.push(visitor);
    }
    return visitors;
  }

  /** The statements a close of the chat with the agent costs, every queued visitor moving up one. */
  async function statementsOfClose(visitors: { userId: string }[]) {
    const before = counter.statements;
    expect((await server.visitor('chatClose', { userId: visitors[0]?.userId })).code).toBe(200);
    return counter.statements - before;
  }

  it('given queues of 20 and 200, when the chat ahead closes, should cost the same statements and move everyone up', async () => {
    const short = await queueOf('short', 20);
    const long = await queueOf('long', 200);
    const shortCost = await statementsOfClose(short);
    const longCost = await statementsOfClose(long);

    expect(longCost).toBe(shortCost);
    expect(longCost).toBeLessThan(30);
    const next = await server.visitor('getEventMsg', { userId: long[1]?.userId, pollId: long[1]?.pollId });
    expect(next.data).toMatchObject({ status: 2 });
    const last = long.at(-1) as { userId: string; pollId: string };
    const lastPoll = await server.visitor('getEventMsg', { userId: last.userId, pollId: last.pollId });
    expect(lastPoll.data).toMatchObject({ status: 3, waitIndex: 199 });
    expect(lastPoll.data.msgList.at(-1)).toMatchObject({ event_type: 1207, waitIndex: 199 });
  });
});
