import { ErrorCode } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Harness, harness } from './test/harness.js';

const agent = (id: string, nick: string, channels: string[], online = true) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity: 5,
  channels,
  online,
});

// Ana serves the desk, Ben too but offline (so routing always gives desk chats to Ana), Cora only
// the shop: the same tenant, so one visitor can have chats on both.
const seed: Seed = {
  channels: [
    { id: 'desk', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'shop', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    agent('ana', 'Ana', ['desk']),
    agent('ben', 'Ben', ['desk'], false),
    agent('cora', 'Cora', ['shop']),
  ],
};

const PAGE = {
  userName: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+43 1 234 5678',
  previousUrl: 'https://search.example/?q=parcel',
  pageUrl: 'https://shop.example/orders/42?tab=tracking',
  language: 'de-AT',
  timeZone: 'Europe/Vienna',
};

describe.each(testDatabases())("the console's visitor panel on $name", (database) => {
  let server: Harness;
  let ana: AgentClient;

  beforeAll(async () => {
    server = await harness(await database.open(), seed);
    ana = await server.login('ana', 'pw-ana');
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  /** A visitor's chat on a channel that goes to its agent, with what the visitor wrote first. */
  async function chat(channelId: string, text: string, extra: Record<string, unknown> = {}) {
    const started = await server.start(channelId, extra);
    await server.visitor('sendMsg', { userId: started.userId, msgContent: text, clientMsgId: `${text}-1` });
    expect((await server.visitor('transferAgent', { userId: started.userId })).data.status).toBe(2);
    return started;
  }
  const profile = (client: AgentClient, sessionId: string) =>
    client.call('GET', `/api/agent/chats/${sessionId}/visitor`);
  const earlier = (client: AgentClient, sessionId: string, earlierId: string) =>
    client.call('GET', `/api/agent/chats/${sessionId}/earlier-chats/${earlierId}/messages`);

  /**
   * Ann's history: a rated desk chat with Ana, a page opened and left (nothing said), a chat on
   * the shop with Cora; then the desk chat Ana has open now.
   */
  async function returningVisitor() {
    const first = await chat('desk', 'Where is my parcel?', PAGE);
    await ana.send(first.sessionId, 'It left the warehouse today.');
    await server.visitor('evaluate', { userId: first.userId, star: 4 });
    await ana.chat(first.sessionId, 'close');
    const silent = await server.start('desk', { userId: first.userId });
    await server.visitor('chatClose', { userId: first.userId });
    const shop = await chat('shop', 'Do you sell gift cards?', { userId: first.userId });
    const now = await chat('desk', 'The parcel is still not here', {
      ...PAGE,
      userId: first.userId,
      pageUrl: 'https://shop.example/help',
    });
    return { first, silent, shop, now };
  }

  it('given a chat, should show who the visitor is and what their page told', async () => {
    const started = await chat('desk', 'Hello', PAGE);
    const answer = await profile(ana, started.sessionId);
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '+43 1 234 5678',
      verified: false,
      verifiedPid: null,
      pageUrl: 'https://shop.example/orders/42?tab=tracking',
      referrer: 'https://search.example/?q=parcel',
      language: 'de-AT',
      timeZone: 'Europe/Vienna',
      earlierChats: [],
    });
    await ana.chat(started.sessionId, 'close');
  });

  it('given a visitor whose page told nothing, should answer null for each, never an empty text', async () => {
    const started = await chat('desk', 'Hi', { pageUrl: '', language: '', timeZone: null });
    expect((await profile(ana, started.sessionId)).data).toMatchObject({
      name: null,
      email: null,
      phone: null,
      pageUrl: null,
      referrer: null,
      language: null,
      timeZone: null,
    });
    await ana.chat(started.sessionId, 'close');
  });

  it("given a returning visitor, should list the earlier chats of the agent's channels where something was said, newest first", async () => {
    const { first, silent, shop, now } = await returningVisitor();
    const { data } = await profile(ana, now.sessionId);
    expect(data.pageUrl).toBe('https://shop.example/help');
    const ids = data.earlierChats.map((one: { sessionId: string }) => one.sessionId);
    expect(ids).toEqual([first.sessionId]);
    expect(ids).not.toContain(silent.sessionId);
    expect(ids).not.toContain(shop.sessionId);
    expect(data.earlierChats[0]).toEqual({
      sessionId: first.sessionId,
      channelId: 'desk',
      startedAt: expect.any(Number),
      endedAt: expect.any(Number),
      agentNick: 'Ana',
      firstMessage: 'Where is my parcel?',
      messageCount: 2,
      rating: { star: 4 },
    });
    await ana.chat(now.sessionId, 'close');
  });

  it('given an earlier chat, should answer its transcript read-only', async () => {
    const { first, now } = await returningVisitor();
    const answer = await earlier(ana, now.sessionId, first.sessionId);
    expect(answer.code).toBe(ErrorCode.ok);
    expect(answer.data).toMatchObject({
      sessionId: first.sessionId,
      channelId: 'desk',
      agentNick: 'Ana',
      rating: { star: 4 },
    });
    expect(answer.data.messages.map((m: { msgContent: string }) => m.msgContent)).toEqual([
      'Where is my parcel?',
      'It left the warehouse today.',
    ]);
    // read-only: the earlier chat takes no message
    expect((await ana.send(first.sessionId, 'One more thing')).code).toBe(ErrorCode.conflict);
    await ana.chat(now.sessionId, 'close');
  });

  it('given a chat of a channel the agent does not serve or an unknown one, should refuse; a colleague of its channel sees it', async () => {
    const { first, now } = await returningVisitor();
    const ben = await server.login('ben', 'pw-ben');
    const cora = await server.login('cora', 'pw-cora');
    // docs/routing.md, visibility rule 3: the conversations of the channels an agent serves.
    expect((await profile(ben, now.sessionId)).code).toBe(ErrorCode.ok);
    expect((await earlier(ben, now.sessionId, first.sessionId)).code).toBe(ErrorCode.ok);
    expect((await profile(cora, now.sessionId)).code).toBe(ErrorCode.forbidden);
    expect((await earlier(cora, now.sessionId, first.sessionId)).code).toBe(ErrorCode.forbidden);
    expect((await profile(ana, 'no-such-chat')).code).toBe(ErrorCode.notFound);
    expect((await profile(ana, now.sessionId)).code).toBe(ErrorCode.ok);
    const anon = await server.app.inject({ method: 'GET', url: `/api/agent/chats/${now.sessionId}/visitor` });
    expect(anon.statusCode).toBe(ErrorCode.unauthorized);
    await ana.chat(now.sessionId, 'close');
  });

  it("given an earlier chat id that is another visitor's, the chat itself or on a channel the agent does not serve, should refuse", async () => {
    const { shop, now } = await returningVisitor();
    const stranger = await chat('desk', 'Someone else');
    expect((await earlier(ana, now.sessionId, stranger.sessionId)).code).toBe(ErrorCode.notFound);
    expect((await earlier(ana, now.sessionId, now.sessionId)).code).toBe(ErrorCode.notFound);
    expect((await earlier(ana, now.sessionId, 'no-such-chat')).code).toBe(ErrorCode.notFound);
    const elsewhere = await earlier(ana, now.sessionId, shop.sessionId);
    expect(elsewhere.code).toBe(ErrorCode.forbidden);
    expect(elsewhere.data).toBeNull();
    await ana.chat(now.sessionId, 'close');
    await ana.chat(stranger.sessionId, 'close');
  });

  it('given a chat handed to a colleague, should let the colleague see the visitor, and the agent who handed it as one of its channel', async () => {
    const started = await chat('desk', 'Please hand me over', PAGE);
    const ben = await server.login('ben', 'pw-ben');
    await ben.online();
    expect((await ana.chat(started.sessionId, 'transfer', { agentId: 'ben' })).code).toBe(ErrorCode.ok);
    expect((await profile(ben, started.sessionId)).data.name).toBe('Ann Lee');
    expect((await profile(ana, started.sessionId)).data.name).toBe('Ann Lee');
    const cora = await server.login('cora', 'pw-cora');
    expect((await profile(cora, started.sessionId)).code).toBe(ErrorCode.forbidden);
    await ben.chat(started.sessionId, 'close');
    await ben.online(false);
  });
});
