import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
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
