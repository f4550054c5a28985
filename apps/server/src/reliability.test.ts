import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import {
  agentCall,
  agentLogin,
  type ChildServer,
  call,
  heldPolls,
  over,
  PROBE_METRICS_TOKEN,
  startChild,
} from './test/child.js';
import { createPostgresDatabase } from './test/databases.js';

const seed: Seed = {
  channels: [{ id: 'live', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'k1',
      username: 'k1',
      password: 'pw-k1',
      nick: 'Kai',
      capacity: 3,
      channels: ['live'],
      online: true,
    },
  ],
};

const storages = [{ name: 'pglite' }, ...(inject('postgresAdminUrl') ? [{ name: 'postgres' }] : [])];

describe.each(storages)('a server on $name killed with SIGKILL mid-conversation', ({ name }) => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-crash-'));
  const env: Record<string, string> = {
    DATA_DIR: join(dir, 'data'),
    RATE_LIMIT_PER_VISITOR: '100000',
    RATE_LIMIT_PER_IP: '100000',
    METRICS_TOKEN: PROBE_METRICS_TOKEN,
  };
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('should lose nothing it acknowledged when restarted on the same data', async () => {
    if (name === 'postgres') env.DATABASE_URL = await createPostgresDatabase(inject('postgresAdminUrl'));
    server = await startChild(env, seed, dir);
    const visitor = (await call(server.base, 'chatStart', { channelId: 'live', userName: 'Kim' })).data;
    expect((await call(server.base, 'transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const token = await agentLogin(server.base, 'k1', 'pw-k1');
    const agentSent: string[] = [];
    for (let n = 0; n < 5; n++) {
      const answer = await agentCall(
        server.base,
        token,
        'POST',
        `/api/agent/chats/${visitor.sessionId}/messages`,
        {
          msgContent: `agent ${n}`,
        },
      );
      agentSent.push(answer.data.id);
    }

    // Visitor messages keep coming, several at a time, while the process is killed.
    const acknowledged: string[] = [];
    const running = server;
    let sending = true;
    const senders = [0, 1, 2, 3].map(async (lane) => {
      for (let n = 0; sending; n++) {
        const clientMsgId = `lane${lane}-${n}`;
        try {
          const answer = await call(running.base, 'sendMsg', {
            userId: visitor.userId,
            msgContent: clientMsgId,
            clientMsgId,
          });
          if (answer.code === 200 && answer.data.status === 1) acknowledged.push(clientMsgId);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    running.process.kill('SIGKILL');
    sending = false;
    await Promise.all(senders);
    await running.stop('SIGKILL');

    server = await startChild(env, seed, dir);
    const stored = (
      await call(server.base, 'getSessionMsg', { userId: visitor.userId, sessionId: visitor.sessionId })
    ).data;
    const texts = new Set(stored.map((message: { msgContent: string }) => message.msgContent));
    expect(acknowledged.filter((id) => !texts.has(id))).toEqual([]);
    const events = (
      await call(server.base, 'getEventMsg', { userId: visitor.userId, pollId: visitor.pollId, cursor: '0' })
    ).data;
    const delivered = events.msgList.filter((event: { event_type: number }) => event.event_type === 1201);
    expect(delivered.map((event: { msgId: string }) => event.msgId)).toEqual(agentSent);

    // A retry of an acknowledged send after the restart is still stored once; the chat goes on.
    const retried = acknowledged[0] as string;
    await call(server.base, 'sendMsg', { userId: visitor.userId, msgContent: retried, clientMsgId: retried });
    const after = (
      await call(server.base, 'getSessionMsg', { userId: visitor.userId, sessionId: visitor.sessionId })
    ).data;
    expect(after.filter((message: { msgContent: string }) => message.msgContent === retried)).toHaveLength(1);
    expect((await agentCall(server.base, token, 'GET', '/api/agent/me')).data.id).toBe('k1');
  }, 120_000);

  it('given a poll held when the server is killed, should deliver after the restart from the same cursor, once', async () => {
    const running = server as ChildServer;
    const visitor = (await call(running.base, 'chatStart', { channelId: 'live' })).data;
    expect((await call(running.base, 'transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const joined = (await call(running.base, 'getEventMsg', { ...visitor, cursor: '0' })).data;
    const held = call(running.base, 'getEventMsg', { ...visitor, cursor: joined.cursor, wait: 10_000 }).then(
      () => 'answered',
      () => 'cut',
    );
    await vi.waitFor(async () => expect(await heldPolls(over(running.base))).toBe(1), { timeout: 5000 });
    running.process.kill('SIGKILL');
    expect(await held).toBe('cut');
    await running.stop('SIGKILL');

    server = await startChild(env, seed, dir);
    const token = await agentLogin(server.base, 'k1', 'pw-k1');
    const sent = await agentCall(
      server.base,
      token,
      'POST',
      `/api/agent/chats/${visitor.sessionId}/messages`,
      {
        msgContent: 'after the restart',
      },
    );
    // the page polls again with the cursor it had: held, then woken by the message
    const again = (
      await call(server.base, 'getEventMsg', { ...visitor, cursor: joined.cursor, wait: 10_000 })
    ).data;
    expect(again.msgList.map((event: { msgId: string }) => event.msgId)).toEqual([sent.data.id]);
    const next = (await call(server.base, 'getEventMsg', { ...visitor, cursor: again.cursor })).data;
    expect(next.msgList).toEqual([]);
  }, 120_000);
});
