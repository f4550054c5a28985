import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AdminError, runAdmin } from './admin/commands.js';
import { contactIdOf } from './contacts.js';
import { openDatabase } from './db/db.js';
import type { Db } from './db/types.js';
import type { Seed } from './seed.js';
import { call, startChild } from './test/child.js';
import { createPostgresDatabase, testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';
import { Receiver } from './test/receiver.js';
import { needs } from './test/services.js';
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher } from './webhooks/dispatcher.js';
import { addEndpoint, deliveries, enableEndpoint, listEndpoints, replay } from './webhooks/endpoints.js';
import { verifySignature } from './webhooks/signature.js';

const member = (id: string, nick: string) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity: 5,
  channels: ['hooks', 'bot', 'busy'],
  online: true,
});

const seed: Seed = {
  channels: [
    { id: 'hooks', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'bot', tenantId: 't', info: { receiveMode: 0 } },
    { id: 'busy', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [member('ana', 'Ana'), member('ben', 'Ben')],
};

const waitFor = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 20 });

/** The payloads of one conversation, in arrival order. */
const ofConversation = (payloads: WebhookPayload[], conversationId: string) =>
  payloads.filter((payload) => payload.conversationId === conversationId);

describe.each(testDatabases())('webhooks on $name', (database) => {
  const server = serverFor(database, seed, {
    webhooks: { allowPrivate: true, intervalMs: 20, backoffMs: 100, maxBackoffMs: 300, timeoutMs: 3000 },
  });

  it('given an endpoint on a channel, should send each event of a chat signed, and nothing of other channels', async () => {
    const receiver = await Receiver.start();
    const { secret } = await addEndpoint(
      server().app.db,
      {
        url: receiver.url,
        channelId: 'hooks',
        events: [
          'conversation.created',
          'conversation.assigned',
          'conversation.transferred',
          'conversation.resolved',
          'conversation.rated',
          'message.created',
          'message.left',
        ],
      },
      Date.now(),
    );
    const visitor = await server().start('hooks');
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Where is my parcel?' });
    expect(
      (await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' })).data.status,
    ).toBe(2);
    const ana = await server().login('ana', 'pw-ana');
    await ana.send(visitor.sessionId, 'Let me look');
    await ana.chat(visitor.sessionId, 'transfer', { agentId: 'ben' });
    const ben = await server().login('ben', 'pw-ben');
    await ben.send(visitor.sessionId, 'It left today');
    await server().visitor('evaluate', { userId: visitor.userId, star: 5 });
    await ben.chat(visitor.sessionId, 'close');
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'hooks',
      name: 'Lena',
      content: 'Call me',
    });
    const elsewhere = await server().start('busy');
    await server().visitor('sendMsg', { userId: elsewhere.userId, msgContent: 'not for this endpoint' });

    // The chat's eight events and the left message (which also opens an inbox conversation).
    await waitFor(() => {
      expect(ofConversation(receiver.payloads(), visitor.sessionId)).toHaveLength(8);
      expect(receiver.payloads().some((payload) => payload.type === 'message.left')).toBe(true);
    });
    const chat = ofConversation(receiver.payloads(), visitor.sessionId);
    expect(
      chat.map((payload) => [payload.type, 'sender' in payload.data ? payload.data.sender : '']),
    ).toEqual([
      ['conversation.created', ''],
      ['message.created', 'visitor'],
      ['conversation.assigned', ''],
      ['message.created', 'agent'],
      ['conversation.transferred', ''],
      ['message.created', 'agent'],
      ['conversation.rated', ''],
      ['conversation.resolved', ''],
    ]);
    expect(chat[4]?.data).toMatchObject({ fromAgentId: 'ana', agentId: 'ben', agentNick: 'Ben' });
    expect(chat[6]?.data).toMatchObject({ star: 5 });
    const left = receiver.payloads().find((payload) => payload.type === 'message.left');
    const created = chat[0]?.type === 'conversation.created' ? chat[0].data : undefined;
    expect(left).toMatchObject({
      conversationId: `contact:${created?.contactId}`,
      data: { name: 'Lena', content: 'Call me', contactId: created?.contactId },
    });
    // Receivers know the visitor by a contact id: the visitor's own id, their credential, is in no delivery.
    expect(created?.contactId).toMatch(/^ct_[0-9a-f]{32}$/);
    expect(receiver.received.map(({ body }) => body).join('\n')).not.toContain(visitor.userId);
    expect(
      (await server().visitor('getHistoryMsg', { userId: created?.contactId, maxTime: Date.now() })).code,
    ).toBe(401);
    expect(receiver.payloads().every((payload) => payload.channelId === 'hooks')).toBe(true);

    const now = Math.floor(Date.now() / 1000);
    for (const { headers, body } of receiver.received) {
      const header = headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
      expect(verifySignature(secret, body, header, now)).toBe(true);
      expect(verifySignature(`${secret}x`, body, header, now)).toBe(false);
      expect(verifySignature(secret, `${body} `, header, now)).toBe(false);
      expect(verifySignature(secret, body, header, now + 3600)).toBe(false);
    }
    await receiver.down();
  });

  it('given an endpoint for the desk events, should send assignment, label, note, status and contact changes', async () => {
    const receiver = await Receiver.start();
    await addEndpoint(
      server().app.db,
      {
        url: receiver.url,
        channelId: 'hooks',
        events: [
          'conversation.status_changed',
          'conversation.assignment_changed',
          'contact.changed',
          'note.added',
          'label.added',
          'label.removed',
        ],
      },
      Date.now(),
    );
    const visitor = await server().start('hooks');
    await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' });
    const ana = await server().login('ana', 'pw-ana');
    await ana.chat(visitor.sessionId, 'transfer', { agentId: 'ben' });
    const ben = await server().login('ben', 'pw-ben');
    const chat = `/api/agent/chats/${visitor.sessionId}`;
    expect((await ben.call('PUT', `${chat}/labels`, { labels: ['vip', 'refund'] })).code).toBe(200);
    expect((await ben.call('PUT', `${chat}/labels`, { labels: ['vip'] })).code).toBe(200);
    expect((await ben.call('POST', `${chat}/notes`, { body: 'Check the order' })).code).toBe(200);
    expect((await ben.call('POST', `${chat}/status`, { status: 'pending' })).code).toBe(200);
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'hooks',
      name: 'Lena',
      email: 'lena@example.com',
      content: 'Call me',
    });

    await waitFor(() => {
      expect(ofConversation(receiver.payloads(), visitor.sessionId)).toHaveLength(7);
      expect(receiver.payloads().some((payload) => payload.type === 'contact.changed')).toBe(true);
    });
    expect(
      ofConversation(receiver.payloads(), visitor.sessionId).map((payload) => [payload.type, payload.data]),
    ).toEqual([
      [
        'conversation.assignment_changed',
        expect.objectContaining({ fromAgentId: null, agentId: 'ana', agentNick: 'Ana' }),
      ],
      [
        'conversation.assignment_changed',
        expect.objectContaining({ fromAgentId: 'ana', agentId: 'ben', agentNick: 'Ben' }),
      ],
      ['label.added', expect.objectContaining({ label: 'refund' })],
      ['label.added', expect.objectContaining({ label: 'vip' })],
      ['label.removed', expect.objectContaining({ label: 'refund' })],
      ['note.added', expect.objectContaining({ agentId: 'ben', agentNick: 'Ben', body: 'Check the order' })],
      ['conversation.status_changed', expect.objectContaining({ from: 'open', status: 'pending' })],
    ]);
    const contact = receiver.payloads().find((payload) => payload.type === 'contact.changed');
    expect(contact).toMatchObject({
      conversationId: `contact:${contactIdOf(visitor.userId)}`,
      data: { contactId: contactIdOf(visitor.userId), name: 'Lena', email: 'lena@example.com' },
    });
    expect(receiver.received.map(({ body }) => body).join('\n')).not.toContain(visitor.userId);
    await receiver.down();
  });

  it('given a robot chat and an endpoint for every channel, should send the robot answer as the robot', async () => {
    const receiver = await Receiver.start();
    await addEndpoint(server().app.db, { url: receiver.url, events: ['message.created'] }, Date.now());
    const visitor = await server().start('bot');
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Hours?' });
    await server().visitor('robotAsk', { userId: visitor.userId, msgContent: 'Hours?', msgId: 'q1' });
    await waitFor(() =>
      expect(
        ofConversation(receiver.payloads(), visitor.sessionId).map((payload) =>
          'sender' in payload.data ? payload.data.sender : payload.type,
        ),
      ).toEqual(['visitor', 'robot']),
    );
    await receiver.down();
  });

  it('given a receiver down for a while, should deliver every event once it is back, in order per chat', async () => {
    const receiver = await Receiver.start(false);
    const { endpoint } = await addEndpoint(
      server().app.db,
      { url: receiver.url, channelId: 'busy', events: ['message.created'] },
      Date.now(),
    );
    const first = await server().start('busy');
    const second = await server().start('busy');
    for (let index = 0; index < 6; index++) {
      await server().visitor('sendMsg', { userId: first.userId, msgContent: `first ${index}` });
      await server().visitor('sendMsg', { userId: second.userId, msgContent: `second ${index}` });
    }
    // The receiver has refused at least one attempt before it comes back.
    await waitFor(async () =>
      expect(
        (await deliveries(server().app.db, endpoint.id)).some((one) => one.attempts > 0 && one.lastError),
      ).toBe(true),
    );
    expect(receiver.received).toEqual([]);
    await receiver.up();
    await waitFor(() => expect(receiver.received.length).toBe(12));
    for (const [visitor, name] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      expect(
        ofConversation(receiver.payloads(), visitor.sessionId).map((payload) =>
          'msgContent' in payload.data ? payload.data.msgContent : payload.type,
        ),
      ).toEqual([0, 1, 2, 3, 4, 5].map((index) => `${name} ${index}`));
    }
    expect(new Set(receiver.payloads().map((payload) => payload.id)).size).toBe(12);
    await receiver.down();
  });

  it('given a replay of a delivered event, should send the same event again with the same id', async () => {
    const receiver = await Receiver.start();
    const { endpoint } = await addEndpoint(
      server().app.db,
      { url: receiver.url, channelId: 'busy' },
      Date.now(),
    );
    const visitor = await server().start('busy');
    await waitFor(() => expect(receiver.received.length).toBe(1));
    // The receiver has it before the server has read its answer: wait for the log to say so.
    await waitFor(async () =>
      expect((await deliveries(server().app.db, endpoint.id))[0]).toMatchObject({
        status: 'delivered',
        lastStatus: 200,
        responseExcerpt: 'thanks',
      }),
    );
    const [delivered] = await deliveries(server().app.db, endpoint.id);
    expect(await replay(server().app.db, { deliveryId: delivered?.id ?? '' }, Date.now())).toBe(1);
    await waitFor(() => expect(receiver.received.length).toBe(2));
    expect(receiver.payloads()[1]).toEqual(receiver.payloads()[0]);
    expect(receiver.payloads()[0]?.conversationId).toBe(visitor.sessionId);
    await receiver.down();
  });
});

describe.each(testDatabases())("the administrators' webhook calls on $name", (database) => {
  const server = serverFor(database, seed, {
    webhooks: { allowPrivate: true, intervalMs: 20, backoffMs: 100, maxBackoffMs: 300, timeoutMs: 3000 },
  });

  it('given an agent who is not an administrator, should refuse; given an administrator, should manage endpoints', async () => {
    const ana = await server().login('ana', 'pw-ana');
    expect(await ana.call('GET', '/api/agent/admin/webhooks')).toMatchObject({
      status: 403,
      message: 'only administrators manage webhooks',
    });
    // The role the inbox gives agents (agents.role); this database gets the column here.
    await server().app.db.query('alter table agents add column if not exists role text');
    await server().app.db.query(`update agents set role = 'admin' where id = 'ana'`);

    const receiver = await Receiver.start();
    const added = await ana.call('POST', '/api/agent/admin/webhooks', {
      url: receiver.url,
      channelId: 'hooks',
      events: ['conversation.created'],
    });
    expect(added.data.secret).toMatch(/^whsec_/);
    const id = added.data.endpoint.id;
    const listed = await ana.call('GET', '/api/agent/admin/webhooks');
    expect(listed.data).toEqual([expect.objectContaining({ id, url: receiver.url, disabledAt: null })]);
    expect(JSON.stringify(listed.data)).not.toContain('whsec_');

    const visitor = await server().start('hooks');
    await waitFor(async () =>
      expect((await ana.call('GET', `/api/agent/admin/webhooks/${id}/deliveries`)).data).toEqual([
        expect.objectContaining({
          eventType: 'conversation.created',
          conversationId: visitor.sessionId,
          status: 'delivered',
        }),
      ]),
    );
    const [delivery] = (await ana.call('GET', `/api/agent/admin/webhooks/${id}/deliveries`)).data;
    expect(
      (await ana.call('POST', `/api/agent/admin/webhooks/deliveries/${delivery.id}/replay`)).data,
    ).toEqual({
      queued: 1,
    });
    await waitFor(() => expect(receiver.received).toHaveLength(2));
    expect((await ana.call('POST', `/api/agent/admin/webhooks/${id}/enable`)).code).toBe(200);
    expect(
      (await ana.call('POST', '/api/agent/admin/webhooks', { url: 'gopher://example.com/x' })).message,
    ).toContain('http');
    expect((await ana.call('DELETE', `/api/agent/admin/webhooks/${id}`)).code).toBe(200);
    expect((await ana.call('GET', '/api/agent/admin/webhooks')).data).toEqual([]);
    const crossSite = await server().app.inject({
      method: 'POST',
      url: '/api/agent/admin/webhooks',
      headers: { authorization: `Bearer ${ana.token}`, origin: 'https://evil.example' },
      payload: { url: 'https://evil.example/x' },
    });
    expect(crossSite.statusCode).toBe(403);
    await receiver.down();
  });
});

describe.each(testDatabases())('managing one webhook endpoint on $name', (database) => {
  // The dispatcher's own pace: it looks for due deliveries once a second when idle.
  const server = serverFor(database, seed, {
    metricsToken: 'scrape',
    webhooks: { allowPrivate: true, backoffMs: 100, maxBackoffMs: 300, timeoutMs: 3000 },
  });
  /** One figure of `/metrics`, 0 when it is absent. */
  const figure = async (name: string) => {
    const text = (await server().app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } }))
      .body;
    const line = text.split('\n').find((one) => one.startsWith(`${name} `));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const administrator = async () => {
    await server().app.db.query(`update agents set role = 'admin' where id = 'ben'`);
    return server().login('ben', 'pw-ben');
  };
  const signatureOf = (received: { headers: Record<string, unknown> }) =>
    received.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;

  it('given ten messages written at once in one conversation, should deliver them in order well under a second each', async () => {
    const receiver = await Receiver.start();
    await addEndpoint(
      server().app.db,
      { url: receiver.url, channelId: 'busy', events: ['message.created'] },
      Date.now(),
    );
    const visitor = await server().start('busy');
    for (let index = 0; index < 10; index++) {
      await server().visitor('sendMsg', { userId: visitor.userId, msgContent: `line ${index}` });
    }
    const written = Date.now();
    await waitFor(() => expect(ofConversation(receiver.payloads(), visitor.sessionId)).toHaveLength(10));
    // One an interval (a second) took ten; one after another takes well under that, even on a
    // slow machine (the first may wait for the dispatcher's next look, up to a second).
    expect(Date.now() - written).toBeLessThan(5_000);
    expect(
      ofConversation(receiver.payloads(), visitor.sessionId).map((payload) =>
        payload.type === 'message.created' ? payload.data.msgContent : payload.type,
      ),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `line ${index}`));
    await receiver.down();
  });

  it('given a receiver failing under many events and a pause meanwhile, should deliver every event exactly once, signed, in order per conversation', async () => {
    // Alone on the database: the outbox figures are every endpoint's.
    await server().app.db.query('delete from webhook_endpoints');
    const boss = await administrator();
    const receiver = await Receiver.start();
    receiver.status = 500;
    const added = await boss.call('POST', '/api/agent/admin/webhooks', {
      url: receiver.url,
      channelId: 'busy',
      events: ['message.created'],
    });
    const { id } = added.data.endpoint;
    const secret: string = added.data.secret;
    const visitors = await Promise.all([0, 1, 2].map(() => server().start('busy')));
    const send = async (round: string) => {
      for (let index = 0; index < 8; index++) {
        for (const visitor of visitors) {
          await server().visitor('sendMsg', { userId: visitor.userId, msgContent: `${round} ${index}` });
        }
      }
    };
    await send('failing');
    await waitFor(async () =>
      expect(
        (await boss.call('GET', `/api/agent/admin/webhooks/${id}/deliveries`)).data.some(
          (delivery: { attempts: number }) => delivery.attempts > 1,
        ),
      ).toBe(true),
    );
    const paused = await boss.call('POST', `/api/agent/admin/webhooks/${id}/pause`);
    expect(paused.data.pausedAt).toEqual(expect.any(Number));
    await send('paused');
    receiver.status = 200;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Paused: held, not sent, though the receiver is back.
    expect(receiver.received).toEqual([]);
    expect(await figure('parley_webhook_pending_deliveries{state="held"}')).toBe(48);
    expect(await figure('parley_webhook_deliveries_total{result="failed"}')).toBeGreaterThan(0);
    expect((await boss.call('POST', `/api/agent/admin/webhooks/${id}/resume`)).data.pausedAt).toBeNull();
    await waitFor(() => expect(receiver.received).toHaveLength(48), 30_000);

    const ids = receiver.payloads().map((payload) => payload.id);
    expect(new Set(ids).size).toBe(48);
    await waitFor(async () =>
      expect(await figure('parley_webhook_pending_deliveries{state="queued"}')).toBe(0),
    );
    expect(await figure('parley_webhook_pending_deliveries{state="held"}')).toBe(0);
    expect(await figure('parley_webhook_deliveries_total{result="delivered"}')).toBeGreaterThanOrEqual(48);
    expect(await figure('parley_webhook_retries_total')).toBeGreaterThan(0);
    const now = Math.floor(Date.now() / 1000);
    expect(receiver.received.every((one) => verifySignature(secret, one.body, signatureOf(one), now))).toBe(
      true,
    );
    for (const visitor of visitors) {
      expect(
        ofConversation(receiver.payloads(), visitor.sessionId).map((payload) =>
          payload.type === 'message.created' ? payload.data.msgContent : payload.type,
        ),
      ).toEqual([
        ...Array.from({ length: 8 }, (_, index) => `failing ${index}`),
        ...Array.from({ length: 8 }, (_, index) => `paused ${index}`),
      ]);
    }
    await receiver.down();
  });

  it('given an administrator, should edit an endpoint, rotate its secret with both valid meanwhile, send a test event, and record each change', async () => {
    const boss = await administrator();
    const receiver = await Receiver.start();
    const elsewhere = await Receiver.start();
    const added = await boss.call('POST', '/api/agent/admin/webhooks', {
      url: elsewhere.url,
      events: ['conversation.created'],
    });
    const { id } = added.data.endpoint;
    const first: string = added.data.secret;

    const edited = await boss.call('PUT', `/api/agent/admin/webhooks/${id}`, {
      url: receiver.url,
      description: 'CRM',
      events: ['message.created'],
    });
    expect(edited.data).toMatchObject({
      id,
      url: receiver.url,
      description: 'CRM',
      events: ['message.created'],
    });
    expect(
      (await boss.call('PUT', `/api/agent/admin/webhooks/${id}`, { url: 'ftp://x.example/a' })).code,
    ).toBe(400);

    // Rotated: deliveries carry a signature with each secret while the old one is valid.
    const rotated = await boss.call('POST', `/api/agent/admin/webhooks/${id}/secret`, {});
    const second: string = rotated.data.secret;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.data.previousSecretUntil).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    const ping = await boss.call('POST', `/api/agent/admin/webhooks/${id}/test`);
    await waitFor(() => expect(receiver.received).toHaveLength(1));
    const [pinged] = receiver.received;
    expect(receiver.payloads()[0]).toMatchObject({
      id: ping.data.eventId,
      type: 'webhook.ping',
      conversationId: `endpoint:${id}`,
      data: { endpointId: id, url: receiver.url },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(signatureOf(pinged ?? { headers: {} }).match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(first, pinged?.body ?? '', signatureOf(pinged ?? { headers: {} }), now)).toBe(
      true,
    );
    expect(verifySignature(second, pinged?.body ?? '', signatureOf(pinged ?? { headers: {} }), now)).toBe(
      true,
    );

    // Rotated again with no overlap: only the newest secret signs.
    const third: string = (
      await boss.call('POST', `/api/agent/admin/webhooks/${id}/secret`, { keepPreviousForMs: 0 })
    ).data.secret;
    await boss.call('POST', `/api/agent/admin/webhooks/${id}/test`);
    await waitFor(() => expect(receiver.received).toHaveLength(2));
    const last = receiver.received[1] ?? { headers: {}, body: '' };
    expect(verifySignature(third, last.body, signatureOf(last), now)).toBe(true);
    expect(verifySignature(second, last.body, signatureOf(last), now)).toBe(false);
    expect(verifySignature(first, last.body, signatureOf(last), now)).toBe(false);
    expect(elsewhere.received).toEqual([]);

    const changes = (await boss.call('GET', `/api/agent/admin/webhooks/${id}/changes`)).data;
    expect(changes.map((change: { kind: string }) => change.kind)).toEqual([
      'webhookTested',
      'webhookSecretRotated',
      'webhookTested',
      'webhookSecretRotated',
      'webhookChanged',
      'webhookAdded',
    ]);
    expect(changes[4]).toMatchObject({
      by: { id: 'ben', nick: 'Ben' },
      changes: {
        url: { from: elsewhere.url, to: receiver.url },
        events: { from: ['conversation.created'], to: ['message.created'] },
        description: { from: null, to: 'CRM' },
      },
    });
    expect(JSON.stringify(changes)).not.toContain('whsec_');
    // The agents' and channels' record stays theirs.
    expect(
      (await boss.call('GET', '/api/agent/admin/changes')).data.some((change: { kind: string }) =>
        change.kind.startsWith('webhook'),
      ),
    ).toBe(false);

    const ana = await server().login('ana', 'pw-ana');
    await server().app.db.query(`update agents set role = 'agent' where id = 'ana'`);
    for (const [method, path] of [
      ['POST', `/api/agent/admin/webhooks/${id}/pause`],
      ['POST', `/api/agent/admin/webhooks/${id}/test`],
      ['POST', `/api/agent/admin/webhooks/${id}/secret`],
      ['PUT', `/api/agent/admin/webhooks/${id}`],
      ['GET', `/api/agent/admin/webhooks/${id}/changes`],
    ] as const) {
      expect((await ana.call(method, path, method === 'GET' ? undefined : {})).code).toBe(403);
    }
    expect((await boss.call('POST', '/api/agent/admin/webhooks/wh_nothing/pause')).code).toBe(404);
    await receiver.down();
    await elsewhere.down();
  });
});

describe.each(testDatabases())('an endpoint that keeps failing on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  const DAY = 24 * 60 * 60 * 1000;
  const leaveMessage = (visitor: string, content: string, at: number) =>
    db.query(
      `insert into leave_messages (visitor_id, channel_id, content, created_at) values ($1, 'c', $2, $3)`,
      [visitor, content, at],
    );

  it('given failed attempts in a row, should retry with growing waits, keep the endpoint on for the window, then disable it, hold its events, and send them all once enabled', async () => {
    const receiver = await Receiver.start();
    receiver.status = 500;
    const start = 1_000_000;
    let now = start;
    const warnings: string[] = [];
    const dispatcher = new WebhookDispatcher(
      db,
      { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: true, backoffMs: 1000, maxBackoffMs: 4000 },
      { warn: (_object, message) => warnings.push(message), error: () => {} },
      () => now,
    );
    const { endpoint } = await addEndpoint(db, { url: receiver.url, events: ['message.left'] }, now);
    await leaveMessage('v1', 'first', now);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await dispatcher.runOnce()).toBe(1);
      const [delivery] = await deliveries(db, endpoint.id);
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastStatus: 500,
        responseExcerpt: 'not now',
      });
      waits.push((delivery?.nextAttemptAt ?? 0) - now);
      // Not due again before its wait is over.
      expect(await dispatcher.runOnce()).toBe(0);
      now += 5000;
    }
    expect(waits.map((wait, index) => wait >= Math.min(1000 * 2 ** index, 4000))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(waits.map((wait, index) => wait <= Math.min(1000 * 2 ** index, 4000) * 1.2)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // Many failures, but not yet three days of them: still on (a count would have turned it off).
    for (let attempt = 0; attempt < 60; attempt++) {
      expect(await dispatcher.runOnce()).toBe(1);
      now += 5000;
    }
    now = start + 3 * DAY - 1;
    expect(await dispatcher.runOnce()).toBe(1);
    const [stillOn] = (await listEndpoints(db)).filter((one) => one.id === endpoint.id);
    expect(stillOn).toMatchObject({ disabledAt: null, failures: 66, failingSince: start });

    now = start + 3 * DAY + 5000;
    expect(await dispatcher.runOnce()).toBe(1);
    const [disabled] = (await listEndpoints(db)).filter((one) => one.id === endpoint.id);
    expect(disabled?.disabledAt).toBe(now);
    expect(disabled?.disabledReason).toContain('(3 days without a success); last: HTTP 500');
    expect(warnings.slice(-2)).toEqual([
      'a webhook delivery failed: tried again later',
      expect.stringContaining(`webhook endpoint ${endpoint.id} disabled after failing for 3 days`),
    ]);
    expect(warnings.filter((warning) => warning.includes('disabled'))).toHaveLength(1);

    // Disabled: what happens meanwhile is held, not attempted.
    receiver.status = 200;
    await leaveMessage('v1', 'second', now);
    await leaveMessage('v1', 'third', now);
    now += DAY;
    expect(await dispatcher.runOnce()).toBe(0);
    expect((await deliveries(db, endpoint.id)).map((one) => one.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(receiver.received).toEqual([]);

    expect(await enableEndpoint(db, endpoint.id, { by: null, now })).toBe(true);
    while ((await dispatcher.runOnce()) > 0) now += 1;
    expect(
      receiver.payloads().map((payload) => payload.type === 'message.left' && payload.data.content),
    ).toEqual(['first', 'second', 'third']);
    expect((await deliveries(db, endpoint.id)).map((one) => one.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    await receiver.down();
  });

  it('given a busy endpoint failing for days with a success now and then, should keep it on, and give up only a delivery failing for the whole window', async () => {
    await db.query('delete from webhook_endpoints');
    const receiver = await Receiver.start();
    receiver.status = 503;
    const start = 9_000_000;
    let now = start;
    const dispatcher = new WebhookDispatcher(
      db,
      { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: true, backoffMs: 1000, maxBackoffMs: 60 * 60 * 1000 },
      { warn() {}, error() {} },
      () => now,
    );
    const { endpoint } = await addEndpoint(db, { url: receiver.url, events: ['message.left'] }, now);
    await leaveMessage('stuck', 'never taken', now);
    // Every two days a delivery of another conversation gets through; the stuck one never does.
    for (let day = 0; day < 4; day++) {
      for (let hour = 0; hour < 24; hour++) {
        await dispatcher.runOnce();
        now += 60 * 60 * 1000 + 1;
      }
      if (day % 2 === 1) {
        await leaveMessage(`other${day}`, 'fine', now);
        receiver.status = 200;
        // Only the other conversation's delivery is due: the stuck one waits its backoff.
        await db.query(
          `update webhook_deliveries set next_attempt_at = $2 where endpoint_id = $1 and conversation = 'visitor:stuck'`,
          [endpoint.id, now + 60_000],
        );
        expect(await dispatcher.runOnce()).toBe(1);
        receiver.status = 503;
      }
    }
    const [busy] = (await listEndpoints(db)).filter((one) => one.id === endpoint.id);
    expect(busy?.disabledAt).toBeNull();
    const stuck = (await deliveries(db, endpoint.id)).find((one) => one.conversationId === 'visitor:stuck');
    expect(stuck?.status).toBe('failed');
    expect(
      receiver.payloads().map((payload) => payload.type === 'message.left' && payload.data.content),
    ).toEqual(['fine', 'fine']);
    await receiver.down();
  });

  it('given a URL that resolves to a private address and private addresses refused, should not call it', async () => {
    const receiver = await Receiver.start();
    let now = 2_000_000;
    const dispatcher = new WebhookDispatcher(
      db,
      { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: false },
      { warn() {}, error() {} },
      () => now,
    );
    const { endpoint } = await addEndpoint(
      db,
      { url: `http://localhost:${receiver.port}/hooks`, events: ['message.left'] },
      now,
    );
    const literal = await addEndpoint(db, { url: receiver.url, events: ['message.left'] }, now);
    // 127.0.0.1 and 10.0.0.1 written as IPv4-compatible IPv6 addresses (::/96).
    const compatible = await Promise.all(
      [
        `http://[::7f00:1]:${receiver.port}/hooks`,
        'http://[::a00:1]/hooks',
        'http://[::127.0.0.1]/hooks',
      ].map((url) => addEndpoint(db, { url, events: ['message.left'] }, now)),
    );
    await db.query(
      `insert into leave_messages (visitor_id, channel_id, content, created_at) values ('v2', 'c', 'Hi', $1)`,
      [now],
    );
    await dispatcher.runOnce();
    now += 1;
    const [byName] = await deliveries(db, endpoint.id);
    const [byLiteral] = await deliveries(db, literal.endpoint.id);
    expect(byName?.lastError).toMatch(/private address/);
    expect(byLiteral?.lastError).toMatch(/private address/);
    for (const { endpoint: spelled } of compatible) {
      const [delivery] = await deliveries(db, spelled.id);
      expect(delivery?.lastError).toMatch(/private address/);
    }
    expect(receiver.received).toEqual([]);
    await receiver.down();
  });

  it('given deliveries older than the retention, should delete them and their events, and keep pending ones', async () => {
    // Alone on the database: the earlier tests' endpoints would get (and keep) these events too.
    await db.query('delete from webhook_endpoints');
    const receiver = await Receiver.start();
    let now = 5_000_000_000;
    const dispatcher = new WebhookDispatcher(
      db,
      { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: true, retentionDays: 30 },
      { warn() {}, error() {} },
      () => now,
    );
    const { endpoint } = await addEndpoint(db, { url: receiver.url, events: ['message.left'] }, now);
    await db.query(
      `insert into leave_messages (visitor_id, channel_id, content, created_at) values ('old', 'c', 'sent', $1)`,
      [now],
    );
    await dispatcher.runOnce();
    receiver.status = 503;
    await db.query(
      `insert into leave_messages (visitor_id, channel_id, content, created_at) values ('old2', 'c', 'waiting', $1)`,
      [now],
    );
    await dispatcher.runOnce();
    now += 31 * 24 * 60 * 60 * 1000;
    expect(await dispatcher.sweep()).toBe(1);
    const left = await deliveries(db, endpoint.id);
    expect(left.map((one) => one.status)).toEqual(['pending']);
    await receiver.down();
  });

  it('given a URL that is not http or https, or carries a password, should refuse to register it', async () => {
    await expect(addEndpoint(db, { url: 'ftp://example.com/x' }, 0)).rejects.toThrow(/http/);
    await expect(addEndpoint(db, { url: 'https://user:pw@example.com/x' }, 0)).rejects.toThrow(/password/);
    await expect(
      addEndpoint(db, { url: 'https://example.com/x', events: ['message.deleted'] }, 0),
    ).rejects.toThrow(/unknown event/);
  });
});

describe.each(testDatabases())('the webhook admin commands on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, {
      db,
      out: (line) => lines.push(line),
      readStdin: async () => '',
      now: () => 1_000,
    });
    return lines;
  };

  it('given add, list, log, replay and remove, should manage an endpoint and show its secret once', async () => {
    const added = await admin(
      'webhook',
      'add',
      'https://crm.example/hooks',
      '--events',
      'message.left,conversation.rated',
    );
    const id = added[0]?.match(/webhook (wh_\S+) added/)?.[1] ?? '';
    expect(added[0]).toContain('https://crm.example/hooks (every channel; message.left, conversation.rated)');
    expect(added[1]).toMatch(/^signing secret \(shown once\): whsec_[\w-]{43}$/);
    const listed = await admin('webhook', 'list');
    expect(listed.join('\n')).toContain(
      `${id}\thttps://crm.example/hooks\t*\tmessage.left,conversation.rated\tenabled`,
    );
    expect(listed.join('\n')).not.toContain('whsec_');
    await db.query(
      `insert into leave_messages (visitor_id, channel_id, content, created_at) values ('v9', 'c', 'x', 5)`,
    );
    const [logged] = await admin('webhook', 'log', id);
    expect(logged).toMatch(/^\d+\tmessage.left\tvisitor:v9\tpending\t0 attempt\(s\)/);
    expect(await admin('webhook', 'replay', id, '--since', '1970-01-01T00:00:00Z')).toEqual([
      '1 event(s) queued to be sent again',
    ]);
    await expect(admin('webhook', 'replay', 'abc')).rejects.toThrow(AdminError);
    await expect(admin('webhook', 'add', 'file:///etc/passwd')).rejects.toThrow(/http/);
    expect(await admin('webhook', 'pause', id)).toEqual([
      `webhook ${id} paused: its events are held until it is resumed`,
    ]);
    expect((await admin('webhook', 'list')).join('\n')).toContain('\tpaused 1970-01-01T00:00:01.000Z');
    expect(await admin('webhook', 'resume', id)).toHaveLength(1);
    const rotated = await admin('webhook', 'rotate', id, '--keep-hours', '2');
    expect(rotated[0]).toMatch(/^signing secret \(shown once\): whsec_[\w-]{43}$/);
    expect(rotated[1]).toBe('the previous secret also signs deliveries until 1970-01-01T02:00:01.000Z');
    expect((await admin('webhook', 'test', id))[0]).toMatch(/^webhook\.ping event \d+ queued for /);
    const [pingLogged] = await admin('webhook', 'log', id);
    expect(pingLogged).toMatch(/^\d+\twebhook.ping\tendpoint:wh_\S+\tpending/);
    expect(
      (
        await db.query<{ kind: string }>('select kind from admin_changes where target = $1 order by id', [id])
      ).map((row) => row.kind),
    ).toEqual(['webhookAdded', 'webhookPaused', 'webhookResumed', 'webhookSecretRotated', 'webhookTested']);
    expect(await admin('webhook', 'remove', id)).toEqual([`webhook ${id} removed with its delivery log`]);
    expect(await admin('webhook', 'list')).toEqual([]);
  });
});

const postgresUrl = inject('postgresAdminUrl');

describe.runIf(needs('postgres'))('two instances working one outbox on PostgreSQL', () => {
  it('given many events, should deliver each exactly once and in order per conversation', async () => {
    const url = await createPostgresDatabase(postgresUrl);
    const dbs = [await openDatabase({ databaseUrl: url }), await openDatabase({ databaseUrl: url })];
    const receiver = await Receiver.start();
    const [first] = dbs as [Db, Db];
    await addEndpoint(first, { url: receiver.url, events: ['message.left'] }, Date.now());
    const options = { ...DEFAULT_WEBHOOK_OPTIONS, allowPrivate: true, intervalMs: 5, batch: 4 };
    const dispatchers = dbs.map((db) => new WebhookDispatcher(db, options, { warn() {}, error() {} }));
    for (const dispatcher of dispatchers) dispatcher.start();
    const visitors = 10;
    const each = 20;
    for (let index = 0; index < each; index++) {
      await first.query(
        `insert into leave_messages (visitor_id, channel_id, content, created_at)
         select 'v' || n, 'c', $1, $2 from generate_series(1, $3::int) as n`,
        [String(index), Date.now(), visitors],
      );
    }
    await waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(visitors * each), 30_000);
    for (const dispatcher of dispatchers) await dispatcher.stop();
    const ids = receiver.payloads().map((payload) => payload.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(visitors * each);
    for (let visitor = 1; visitor <= visitors; visitor++) {
      expect(
        ofConversation(receiver.payloads(), `contact:${contactIdOf(`v${visitor}`)}`).map((payload) =>
          payload.type === 'message.left' ? Number(payload.data.content) : payload.type,
        ),
      ).toEqual(Array.from({ length: each }, (_, index) => index));
    }
    await receiver.down();
    for (const db of dbs) await db.close();
  });
});

describe.each(testDatabases())('a server on $name killed with SIGKILL before it delivered', ({ name }) => {
  it('given events committed but not yet sent, should deliver all of them, in order, after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-webhooks-'));
    const env: Record<string, string> = {
      DATA_DIR: join(dir, 'data'),
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_BACKOFF_MS: '100',
      // The first process looks for due deliveries only once, at its start, and its receiver is
      // down: what it writes stays in the outbox until it is killed (the window between the write
      // and the delivery).
      WEBHOOK_INTERVAL_MS: '3600000',
    };
    if (name === 'postgres') env.DATABASE_URL = await createPostgresDatabase(postgresUrl);
    const receiver = await Receiver.start(false);
    const admin = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(dir, 'data', 'db') },
    );
    await addEndpoint(admin, { url: receiver.url }, Date.now());
    await admin.close();
    let server = await startChild(env, seed, dir);
    try {
      const started = await call(server.base, 'chatStart', { channelId: 'busy' });
      const { userId, sessionId } = started.data;
      for (let index = 0; index < 3; index++) {
        expect((await call(server.base, 'sendMsg', { userId, msgContent: `before ${index}` })).code).toBe(
          200,
        );
      }
      await server.stop('SIGKILL');
      await receiver.up();
      server = await startChild({ ...env, WEBHOOK_INTERVAL_MS: '20' }, seed, dir);
      await waitFor(() => expect(ofConversation(receiver.payloads(), sessionId).length).toBe(4), 30_000);
      expect(
        ofConversation(receiver.payloads(), sessionId).map((payload) =>
          'msgContent' in payload.data ? payload.data.msgContent : payload.type,
        ),
      ).toEqual(['conversation.created', 'before 0', 'before 1', 'before 2']);
    } finally {
      await server.stop('SIGKILL');
      await receiver.down();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
