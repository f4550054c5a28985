import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { serverRoot } from './config.js';
import type { Seed } from './seed.js';
import {
  agentCall,
  agentLogin,
  type ChildServer,
  call,
  heldPolls,
  type Json,
  over,
  PROBE_METRICS_TOKEN,
  startChild,
} from './test/child.js';
import { createPostgresDatabase } from './test/databases.js';
import { needs } from './test/services.js';

const seed: Seed = {
  channels: [{ id: 'shared', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 's1',
      username: 's1',
      password: 'pw-s1',
      nick: 'Sam',
      capacity: 1,
      channels: ['shared'],
      online: true,
    },
  ],
};

const adminUrl = inject('postgresAdminUrl');

describe.runIf(needs('postgres'))('two server processes on one PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-scale-'));
  let a: ChildServer;
  let b: ChildServer;
  let databaseUrl = '';

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase(adminUrl);
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      METRICS_TOKEN: PROBE_METRICS_TOKEN,
    };
    // Started together: the migrations must not race.
    [a, b] = await Promise.all([startChild(env, seed, dir), startChild(env, seed, dir)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Polls (as the visitor app does every 2 s, faster here) until `done` or `max` polls; answers every event seen. */
  async function pollUntil(
    base: string,
    visitor: Json,
    cursor: string | undefined,
    done: (events: Json[]) => boolean,
    max = 100,
  ): Promise<{ events: Json[]; cursor: string | undefined }> {
    const events: Json[] = [];
    let next = cursor;
    for (let attempt = 0; attempt < max && !done(events); attempt++) {
      const answer = await call(base, 'getEventMsg', {
        userId: visitor.userId,
        pollId: visitor.pollId,
        ...(next === undefined ? {} : { cursor: next }),
      });
      events.push(...answer.data.msgList);
      next = answer.data.cursor;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { events, cursor: next };
  }

  it('given a visitor polling A and an agent sending through B, should deliver each message exactly once', async () => {
    const visitor = (await call(a.base, 'chatStart', { channelId: 'shared' })).data;
    expect((await call(a.base, 'transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const joined = await call(a.base, 'getEventMsg', { ...visitor, cursor: '0' });
    const token = await agentLogin(b.base, 's1', 'pw-s1');

    // a poll on A before the agent writes, so A holds the empty answer in memory
    const before = await call(a.base, 'getEventMsg', { ...visitor, cursor: joined.data.cursor });
    expect(before.data.msgList).toEqual([]);

    // a poll held on A (long poll) is woken by the write through B, by LISTEN/NOTIFY
    const holdStarted = Date.now();
    const held = call(a.base, 'getEventMsg', { ...visitor, cursor: joined.data.cursor, wait: 10_000 });
    await vi.waitFor(async () => expect(await heldPolls(over(a.base))).toBe(1), { timeout: 5000 });
    const sent = await agentCall(b.base, token, 'POST', `/api/agent/chats/${visitor.sessionId}/messages`, {
      msgContent: 'from instance B',
    });
    const woken = await held;
    expect(Date.now() - holdStarted).toBeLessThan(5000);
    expect(woken.data.msgList.map((event: Json) => event.msgId)).toEqual([sent.data.id]);
    const arrived = await pollUntil(a.base, visitor, joined.data.cursor, (seen) => seen.length > 0);
    // polling on: a repeat would show up here
    const later = await pollUntil(a.base, visitor, arrived.cursor, () => false, 10);
    const copies = [...arrived.events, ...later.events].filter((event) => event.msgId === sent.data.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ event_type: 1201, msgContent: 'from instance B', senderType: 2 });
  });

  it('given a first poll without a cursor, should deliver a message sent through B once to a visitor polling A', async () => {
    const visitor = (await call(a.base, 'chatStart', { channelId: 'shared' })).data;
    await call(b.base, 'chatClose', { userId: visitor.userId }).catch(() => {});
    const fresh = (await call(a.base, 'chatStart', { channelId: 'shared', userId: visitor.userId })).data;
    // the agent is busy with the first test's visitor: this one waits in the queue (state shared through PostgreSQL)
    const transfer = await call(b.base, 'transferAgent', { userId: fresh.userId });
    expect(transfer.data).toMatchObject({ status: 3, waitIndex: 1 });
    const queued = await call(a.base, 'getEventMsg', { userId: fresh.userId, pollId: fresh.pollId });
    expect(queued.data).toMatchObject({ status: 3, waitIndex: 1 });

    const token = await agentLogin(b.base, 's1', 'pw-s1');
    const chats = (await agentCall(b.base, token, 'GET', '/api/agent/poll')).data.chats;
    await agentCall(b.base, token, 'POST', `/api/agent/chats/${chats[0].sessionId}/close`);
    const joined = await pollUntil(a.base, fresh, undefined, (seen) =>
      seen.some((event) => event.event_type === 1200),
    );
    expect(joined.events.filter((event) => event.event_type === 1200)).toHaveLength(1);
    const sentAfterJoin = await agentCall(
      b.base,
      token,
      'POST',
      `/api/agent/chats/${fresh.sessionId}/messages`,
      {
        msgContent: 'hello',
      },
    );
    const { events, cursor } = await pollUntil(a.base, fresh, joined.cursor, (seen) =>
      seen.some((event) => event.event_type === 1201),
    );
    const more = await pollUntil(a.base, fresh, cursor, () => false, 10);
    const copies = [...events, ...more.events].filter((event) => event.msgId === sentAfterJoin.data.id);
    expect(copies).toHaveLength(1);
    const status = await call(a.base, 'getEventMsg', { userId: fresh.userId, pollId: fresh.pollId });
    expect(status.data).toMatchObject({ status: 2, waitIndex: 0 });
  }, 60_000);

  it('given a channel changed with npm run admin while both run, should serve the change from both without a restart', async () => {
    const title = async (base: string) => (await call(base, 'channelInfo', { id: 'shared' })).data.titleDesc;
    // Both instances have read (and cached) the channel.
    expect(await title(a.base)).not.toBe('Shared help');
    expect(await title(b.base)).not.toBe('Shared help');
    const admin = spawnSync(
      process.execPath,
      [
        '--conditions=@parley/source',
        '--import',
        'tsx',
        'src/admin.ts',
        'channel',
        'update',
        'shared',
        '--info',
        '{"titleDesc":"Shared help","receiveMode":0}',
      ],
      { cwd: serverRoot, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '' }, encoding: 'utf8' },
    );
    expect(admin.status, admin.stderr).toBe(0);
    expect(admin.stdout).toContain('channel shared updated');
    for (const base of [a.base, b.base]) {
      await expect.poll(() => title(base), { timeout: 5_000 }).toBe('Shared help');
      expect((await call(base, 'channelInfo', { id: 'shared' })).data.receiveMode).toBe(0);
    }
  }, 60_000);
});

describe.runIf(needs('postgres'))('wake-ups between instances, batched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-wake-'));
  const window = 200;
  let a: ChildServer;
  let b: ChildServer;
  let databaseUrl = '';
  let token = '';
  const wakeSeed: Seed = {
    channels: [{ id: 'shared', tenantId: 't', info: { receiveMode: 3 } }],
    agents: [{ ...seed.agents[0], capacity: 20 } as Seed['agents'][number]],
  };

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase(adminUrl);
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      METRICS_TOKEN: PROBE_METRICS_TOKEN,
      WAKE_WINDOW_MS: String(window),
    };
    // Each instance names its connections, so a test can cut A's listening connection alone.
    [a, b] = await Promise.all([
      startChild({ ...env, PGAPPNAME: 'parley-a' }, wakeSeed, dir),
      startChild({ ...env, PGAPPNAME: 'parley-b' }, wakeSeed, dir),
    ]);
    token = await agentLogin(b.base, 's1', 'pw-s1');
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A visitor in chat with the agent, with the cursor after the join. */
  async function inChat(): Promise<Json> {
    const visitor = (await call(a.base, 'chatStart', { channelId: 'shared' })).data;
    expect((await call(a.base, 'transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const joined = await call(a.base, 'getEventMsg', {
      userId: visitor.userId,
      pollId: visitor.pollId,
      cursor: '0',
    });
    return { ...visitor, cursor: joined.data.cursor };
  }

  /** As the page: held polls on A, one after another, until `count` agent messages arrived; answers their ids. */
  async function heldUntil(visitor: Json, count: number): Promise<string[]> {
    const ids: string[] = [];
    while (ids.length < count) {
      const answer = await call(a.base, 'getEventMsg', {
        userId: visitor.userId,
        pollId: visitor.pollId,
        cursor: visitor.cursor,
        wait: 15_000,
      });
      for (const event of answer.data.msgList) if (event.event_type === 1201) ids.push(event.msgId);
      visitor.cursor = answer.data.cursor;
    }
    return ids;
  }

  it('given visitors held on A and messages sent through B at once, should deliver each once with fewer NOTIFYs than writes', async () => {
    const visitors = await Promise.all(Array.from({ length: 5 }, () => inChat()));
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    let notifications = 0;
    listener.on('notification', () => {
      notifications++;
    });
    await listener.query('listen parley_visitor');
    try {
      const arriving = visitors.map((visitor) => heldUntil(visitor, 2));
      await vi.waitFor(async () => expect(await heldPolls(over(a.base))).toBe(5), { timeout: 10_000 });
      const started = Date.now();
      const sent = await Promise.all(
        visitors.flatMap((visitor) =>
          [1, 2].map(
            async (n) =>
              (
                await agentCall(b.base, token, 'POST', `/api/agent/chats/${visitor.sessionId}/messages`, {
                  msgContent: `batched ${n}`,
                })
              ).data.id as string,
          ),
        ),
      );
      const arrived = await Promise.all(arriving);
      // woken by the batched notification, not by the end of a 15 s hold
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const [n, ids] of arrived.entries()) {
        expect(ids.sort()).toEqual(sent.slice(n * 2, n * 2 + 2).sort());
      }
      // polling on from each cursor: a repeat would show up here
      for (const visitor of visitors) {
        const again = await call(a.base, 'getEventMsg', {
          userId: visitor.userId,
          pollId: visitor.pollId,
          cursor: visitor.cursor,
        });
        expect(again.data.msgList).toEqual([]);
      }
      expect(notifications).toBeGreaterThan(0);
      expect(notifications).toBeLessThan(sent.length);
    } finally {
      await listener.end();
    }
  }, 60_000);

  it("given an agent's console held on A, should show a visitor of its chats typing through B", async () => {
    const visitor = await inChat();
    const first = await agentCall(a.base, token, 'GET', '/api/agent/poll');
    const query = new URLSearchParams({ cursor: first.data.cursor, wait: '10000', seen: first.data.view });
    const started = Date.now();
    const held = agentCall(a.base, token, 'GET', `/api/agent/poll?${query}`);
    // held, or answered at once if the typing lands before its first read: either way it shows
    await call(b.base, 'typing', { userId: visitor.userId, msgContent: 'where is my ord' });
    const answer = await held;
    expect(Date.now() - started).toBeLessThan(8_000);
    const chat = answer.data.chats.find((row: Json) => row.sessionId === visitor.sessionId);
    expect(chat?.visitorTyping).toBe('where is my ord');
  }, 30_000);

  it('given A lost its listening connection, should still deliver a message sent through B within the documented bound', async () => {
    const visitor = await inChat();
    const arriving = heldUntil(visitor, 1);
    await vi.waitFor(async () => expect(await heldPolls(over(a.base))).toBe(1), { timeout: 10_000 });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const misses = async () => {
      const text = await over(a.base)('/metrics', PROBE_METRICS_TOKEN);
      return Number(/parley_poll_cache_total\{result="miss"\} (\d+)/.exec(text)?.[1]);
    };
    try {
      const before = await misses();
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'parley-a' and query like 'listen %'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      // A forgets what it read and reads again at once; it listens again only after a second,
      // so the notification of the message below goes out while nobody on A hears it.
      await vi.waitFor(async () => expect(await misses()).toBeGreaterThan(before), { timeout: 5000 });
      await vi.waitFor(async () => expect(await heldPolls(over(a.base))).toBe(1), { timeout: 5000 });
      const started = Date.now();
      const sent = await agentCall(b.base, token, 'POST', `/api/agent/chats/${visitor.sessionId}/messages`, {
        msgContent: 'while A was deaf',
      });
      expect(await arriving).toEqual([sent.data.id]);
      // apps/server/README.md (Storage and scale-out): the listener reconnects within about a
      // second and then forgets what it read meanwhile; a 15 s hold is never waited out
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await admin.end();
    }
  }, 60_000);
});
