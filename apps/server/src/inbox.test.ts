import { ErrorCode } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Data, seedWith, serverFor } from './test/harness.js';

// The inbox (conversation/inbox.ts, search.ts): conversations as records with a status, priority,
// labels and notes, their lists, search and routing, through the agent API on both databases.

const agent = (id: string, channels: string[], capacity = 2, online = true) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id[0]?.toUpperCase() + id.slice(1),
  capacity,
  channels,
  online,
});

const seed = seedWith(
  [
    { id: 'desk', tenantId: 't', info: { receiveMode: 3 }, replyTargetMs: 60_000 },
    { id: 'shop', tenantId: 't', info: { receiveMode: 3 } },
  ],
  [agent('ana', ['desk']), agent('ben', ['desk']), agent('cy', ['shop'])],
);

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('the inbox on $name', (database) => {
  let now = Date.UTC(2026, 10, 2, 9);
  const server = serverFor(database, seed, { clock: () => now });
  const tick = (ms = 1000) => {
    now += ms;
  };

  /** A visitor on `desk` who wrote `text`, the chat taken by the agent they ask for. */
  async function chatWith(who: string, text: string, extra: Record<string, unknown> = {}) {
    const visitor = await server().start('desk', extra);
    tick();
    const moved = await server().visitor('transferAgent', { userId: visitor.userId, adminId: who });
    expect(moved.data.status).toBe(2);
    tick();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: text });
    tick();
    return visitor;
  }
  const rows = async (client: AgentClient, query = '') =>
    (await client.call('GET', `/api/agent/conversations${query}`)).data.conversations as Data[];
  const row = async (client: AgentClient, sessionId: string, query = '?status=active') =>
    (await rows(client, query)).find((one) => one.sessionId === sessionId);

  it("given automatic messages after the visitor's words, should preview the visitor's words", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await chatWith('ana', 'Can I change my address?');
    // What the page records by itself: the agent's timeout notice and the rating thanks.
    for (const text of ['Sorry for the wait: an agent will answer shortly.', 'You rated the service']) {
      await server().visitor('sysMsg', {
        userId: visitor.userId,
        msgContent: text,
        msgType: 1,
        senderType: 4,
        senderName: '',
        specialMsgFlag: 3,
        clientType: 3,
        notifyAdmin: 1,
      });
      tick();
    }
    expect(await row(ana, visitor.sessionId, '?view=mine')).toMatchObject({
      lastMessage: { text: 'Can I change my address?', senderType: 1 },
    });
  });

  it("given a visitor's chat, should show its row: last message, unread count, waiting time, assignee, and clear unread once seen", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await chatWith('ana', 'Where is my parcel?');
    const mine = await row(ana, visitor.sessionId, '?view=mine');
    expect(mine).toMatchObject({
      status: 'open',
      priority: 'none',
      live: true,
      assignee: { id: 'ana', nick: 'Ana' },
      lastMessage: { text: 'Where is my parcel?', senderType: 1 },
      unread: 1,
      replyTargetMs: 60_000,
      labels: [],
      leftMessage: false,
    });
    expect(mine.waitingSince).toBe(now - 1000);
    expect((await ana.chat(visitor.sessionId, 'seen')).code).toBe(ErrorCode.ok);
    await ana.send(visitor.sessionId, 'It ships today.');
    const answered = await row(ana, visitor.sessionId, '?view=mine');
    // The preview stays the visitor's last words (docs/routing.md): the row says what they need.
    expect(answered).toMatchObject({
      unread: 0,
      waitingSince: null,
      lastMessage: { text: 'Where is my parcel?', senderType: 1 },
    });
    // Ben sees it under "all", not under "mine" or "unassigned".
    const ben = await server().login('ben', 'pw-ben');
    expect(await row(ben, visitor.sessionId, '?view=all')).toBeDefined();
    expect(await row(ben, visitor.sessionId, '?view=mine')).toBeUndefined();
    expect(await row(ben, visitor.sessionId, '?view=unassigned')).toBeUndefined();
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given pending, then the visitor writes, should be open again with both changes in the record', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await chatWith('ana', 'Can I change my address?');
    expect((await ana.chat(visitor.sessionId, 'status', { status: 'pending' })).code).toBe(ErrorCode.ok);
    expect(await row(ana, visitor.sessionId, '?status=pending')).toMatchObject({ status: 'pending' });
    tick();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'It is 5 Elm Street' });
    expect(await row(ana, visitor.sessionId, '?status=open')).toMatchObject({ status: 'open' });
    const record = (await ana.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(record.activity.map((one: Data) => [one.kind, one.detail.to, one.agentId])).toEqual([
      ['status', 'pending', 'ana'],
      ['status', 'open', null],
    ]);
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given a snooze until a time, should hide it from the open list until then, then open it again', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await chatWith('ana', 'Call me tomorrow');
    const until = now + HOUR;
    await ana.chat(visitor.sessionId, 'status', { status: 'snoozed', snoozedUntil: until });
    expect(await row(ana, visitor.sessionId, '?status=open')).toBeUndefined();
    expect(await row(ana, visitor.sessionId, '?status=snoozed')).toMatchObject({ snoozedUntil: until });
    now = until + 1;
    expect(await row(ana, visitor.sessionId, '?status=open')).toMatchObject({
      status: 'open',
      snoozedUntil: null,
    });
    const record = (await ana.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(record.activity.at(-1)).toMatchObject({
      kind: 'status',
      detail: { to: 'open', by: 'snoozeEnded' },
    });
    // A snooze in the past, or a time with another status, is refused.
    const past = await ana.chat(visitor.sessionId, 'status', { status: 'snoozed', snoozedUntil: now - 1 });
    expect(past.code).toBe(ErrorCode.badRequest);
    const mixed = await ana.chat(visitor.sessionId, 'status', { status: 'pending', snoozedUntil: now + 5 });
    expect(mixed.code).toBe(ErrorCode.badRequest);
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given resolve on a live chat, should end it for the visitor when the assignee resolves, and refuse anyone else', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const ben = await server().login('ben', 'pw-ben');
    const visitor = await chatWith('ana', 'That is all, thanks');
    const refused = await ben.chat(visitor.sessionId, 'status', { status: 'resolved' });
    expect(refused.code).toBe(ErrorCode.forbidden);
    expect((await ana.chat(visitor.sessionId, 'status', { status: 'resolved' })).code).toBe(ErrorCode.ok);
    const events = await server().visitor('getEventMsg', { ...visitor, cursor: '0' });
    expect(events.data.msgList.map((one: Data) => one.event_type)).toContain(1202);
    expect(await row(ana, visitor.sessionId, '?status=resolved')).toMatchObject({
      status: 'resolved',
      live: false,
    });
  });

  it('given a chat that ends while open, should be resolved; while pending, should stay pending', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const first = await chatWith('ana', 'Bye');
    await server().visitor('chatClose', { userId: first.userId });
    expect(await row(ana, first.sessionId, '?status=resolved')).toBeDefined();
    const second = await chatWith('ana', 'I will send the photo later');
    await ana.chat(second.sessionId, 'status', { status: 'pending' });
    await server().visitor('chatClose', { userId: second.userId });
    expect(await row(ana, second.sessionId, '?status=pending')).toMatchObject({ live: false });
  });

  it('given labels and a priority, should store them cleaned, filter by label, count labels and record who changed them', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const visitor = await chatWith('ana', 'I want my money back');
    const put = await ana.call('PUT', `/api/agent/chats/${visitor.sessionId}/labels`, {
      labels: [' Refund ', 'VIP', 'refund', 'late delivery'],
    });
    expect(put.data.labels).toEqual(['late-delivery', 'refund', 'vip']);
    await ana.chat(visitor.sessionId, 'priority', { priority: 'urgent' });
    expect(await row(ana, visitor.sessionId, '?label=refund')).toMatchObject({
      labels: ['late-delivery', 'refund', 'vip'],
      priority: 'urgent',
    });
    expect(await row(ana, visitor.sessionId, '?label=other')).toBeUndefined();
    const labels = (await ana.call('GET', '/api/agent/labels')).data;
    expect(labels).toEqual(expect.arrayContaining([{ label: 'refund', count: 1 }]));
    const bad = await ana.call('PUT', `/api/agent/chats/${visitor.sessionId}/labels`, {
      labels: ['x'.repeat(33)],
    });
    expect(bad.code).toBe(ErrorCode.badRequest);
    const tooMany = Array.from({ length: 11 }, (_, index) => `l${index}`);
    const many = await ana.call('PUT', `/api/agent/chats/${visitor.sessionId}/labels`, { labels: tooMany });
    expect(many.code).toBe(ErrorCode.badRequest);
    const record = (await ana.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(record.activity.map((one: Data) => [one.kind, one.agentId])).toEqual([
      ['labels', 'ana'],
      ['priority', 'ana'],
    ]);
    expect(record.activity[0].detail.added).toEqual(['late-delivery', 'refund', 'vip']);
    // Cy serves another channel: neither the list, the record nor the label reach him.
    const cy = await server().login('cy', 'pw-cy');
    expect(await row(cy, visitor.sessionId, '?view=all')).toBeUndefined();
    expect((await cy.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).code).toBe(
      ErrorCode.forbidden,
    );
    expect((await cy.chat(visitor.sessionId, 'priority', { priority: 'low' })).code).toBe(
      ErrorCode.forbidden,
    );
    expect((await cy.call('GET', '/api/agent/labels')).data).toEqual([]);
    await ana.chat(visitor.sessionId, 'close');
  });

  it("given a private note, should never reach the visitor's events, messages or history, and alert the colleague it mentions", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const ben = await server().login('ben', 'pw-ben');
    const visitor = await chatWith('ana', 'Is the blue one in stock?');
    const benCursor = (await ben.poll()).data.cursor;
    const secret = 'Supplier says restock on the 14th, do not promise @ben';
    const note = await ana.chat(visitor.sessionId, 'notes', { body: secret });
    expect(note.data).toMatchObject({ body: secret, agentId: 'ana', mentions: ['ben'] });
    const everything = JSON.stringify([
      await server().visitor('getEventMsg', { ...visitor, cursor: '0' }),
      await server().visitor('getSessionMsg', visitor),
      await server().visitor('getHistoryMsg', { userId: visitor.userId }),
    ]);
    expect(everything).not.toContain('Supplier');
    const rows = await server().app.db.query<{ payload: unknown }>(
      'select payload from events where audience = 1 and visitor_id = $1',
      [visitor.userId],
    );
    expect(JSON.stringify(rows)).not.toContain('Supplier');
    // Ben is told (his poll), though the chat is Ana's; the record shows it to both.
    const news = (await ben.poll(benCursor)).data.events;
    expect(news).toEqual([
      expect.objectContaining({ type: 'note', note: expect.objectContaining({ body: secret }) }),
    ]);
    const record = (await ben.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(record.notes.map((one: Data) => one.body)).toEqual([secret]);
    expect(record.messages.map((one: Data) => one.msgContent)).not.toContain(secret);
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given a search, should find words of messages in English, Chinese and Arabic, notes and visitor fields, with filters, within reach', async () => {
    const ana = await server().login('ana', 'pw-ana');
    // Each chat ends once written: a resolved conversation is found as well as an open one.
    const english = await chatWith('ana', 'The refund for order 5521 never arrived');
    await ana.call('PUT', `/api/agent/chats/${english.sessionId}/labels`, { labels: ['billing'] });
    await ana.chat(english.sessionId, 'close');
    const chinese = await chatWith('ana', '我想申请退款，订单还没到');
    await ana.chat(chinese.sessionId, 'close');
    const arabic = await chatWith('ana', 'أريد استرداد المبلغ من فضلك');
    await ana.chat(arabic.sessionId, 'close');
    const named = await chatWith('ana', 'Hello there', { email: 'zoe@example.org', userName: 'Zoe Quill' });
    await ana.chat(named.sessionId, 'notes', { body: 'Prefers a callback after lunch' });
    const hits = async (query: string) =>
      (await ana.call('GET', `/api/agent/search?${query}`)).data.hits as Data[];
    const first = await hits('q=refund');
    expect(first.map((hit) => hit.conversation.sessionId)).toEqual([english.sessionId]);
    expect(first[0].snippet).toContain('refund');
    expect(first[0].messageId).toEqual(expect.any(String));
    expect((await hits('q=REFUN')).map((hit) => hit.conversation.sessionId)).toEqual([english.sessionId]);
    expect((await hits(`q=${encodeURIComponent('退款')}`)).map((hit) => hit.conversation.sessionId)).toEqual([
      chinese.sessionId,
    ]);
    expect(
      (await hits(`q=${encodeURIComponent('استرداد')}`)).map((hit) => hit.conversation.sessionId),
    ).toEqual([arabic.sessionId]);
    const note = await hits('q=callback');
    expect(note).toEqual([expect.objectContaining({ noteId: expect.any(String), messageId: null })]);
    expect((await hits('q=zoe%40example')).map((hit) => hit.conversation.sessionId)).toEqual([
      named.sessionId,
    ]);
    expect((await hits('q=refund&label=billing')).length).toBe(1);
    expect((await hits('q=refund&label=other')).length).toBe(0);
    expect((await hits('q=refund&status=resolved')).length).toBe(1);
    expect((await hits('q=refund&status=open')).length).toBe(0);
    expect((await hits(`q=refund&from=${now + 1}`)).length).toBe(0);
    // Query syntax is text: nothing in it is run as a tsquery or a LIKE pattern.
    expect((await ana.call('GET', '/api/agent/search?q=%27%20%7C%20!%3A*%20%25_')).code).toBe(ErrorCode.ok);
    const cy = await server().login('cy', 'pw-cy');
    expect((await cy.call('GET', '/api/agent/search?q=refund')).data.hits).toEqual([]);
    await ana.chat(named.sessionId, 'close');
  });

  it("given conversations in German, English and Polish, should find a word by its stem in its conversation's language, and as written in any", async () => {
    const ana = await server().login('ana', 'pw-ana');
    const german = await chatWith('ana', 'Meine Rückerstattung ist nicht angekommen', { language: 'de-AT' });
    await ana.chat(german.sessionId, 'close');
    const english = await chatWith('ana', 'The parcels were refunded yesterday', { language: 'en-GB' });
    await ana.chat(english.sessionId, 'close');
    // Polish has no stemmer here: its words are found as written only.
    const polish = await chatWith('ana', 'Zwrot refunded wczoraj', { language: 'pl' });
    await ana.chat(polish.sessionId, 'close');
    const found = async (q: string) =>
      ((await ana.call('GET', `/api/agent/search?q=${encodeURIComponent(q)}`)).data.hits as Data[]).map(
        (hit) => hit.conversation.sessionId,
      );
    // German stems both forms to one word; an English search of them finds nothing.
    expect(await found('Rückerstattungen')).toEqual([german.sessionId]);
    // "refunds" is "refund" in English, which "refunded" is too; the Polish chat only has "refunded" as written.
    expect(await found('refunds')).toEqual([english.sessionId]);
    expect(await found('parcel refunding')).toEqual([english.sessionId]);
    // As written, a prefix finds it in every language.
    expect((await found('refunde')).sort()).toEqual([english.sessionId, polish.sessionId].sort());
    const hit = (await ana.call('GET', '/api/agent/search?q=refunds')).data.hits[0] as Data;
    expect(hit.snippet).toBe('The parcels were refunded yesterday');
    // A search of only English stop words is no error, and finds the words as written.
    const stop = await ana.call('GET', '/api/agent/search?q=the');
    expect(stop.code).toBe(ErrorCode.ok);
    expect((stop.data.hits as Data[]).map((one) => one.conversation.sessionId)).toContain(english.sessionId);
  });

  it('given a message left while nobody answers, should show a pending, unassigned conversation with it', async () => {
    const ben = await server().login('ben', 'pw-ben');
    const visitor = await server().start('desk');
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'desk',
      name: 'Lena',
      email: 'lena@example.org',
      content: 'Please call me about my invoice',
    });
    const left = (await rows(ben, '?view=unassigned&status=pending')).find((one) => one.leftMessage);
    expect(left).toMatchObject({
      visitorName: 'Lena',
      status: 'pending',
      live: false,
      assignee: null,
      lastMessage: { text: 'Please call me about my invoice', senderType: 1 },
    });
  });

  it("given an agent's day, should count the chats they ended, their median first reply and their rating average", async () => {
    const ben = await server().login('ben', 'pw-ben');
    const since = now;
    const replyAfter = async (ms: number, star?: number) => {
      const visitor = await chatWith('ben', 'Hello?');
      tick(ms);
      await ben.send(visitor.sessionId, 'Hi, Ben here');
      if (star) await server().visitor('evaluate', { userId: visitor.userId, star });
      await ben.chat(visitor.sessionId, 'close');
    };
    await replyAfter(60_000, 5);
    await replyAfter(120_000, 4);
    await replyAfter(600_000);
    const day = (await ben.call('GET', `/api/agent/today?since=${since}`)).data;
    // Taken, then chatWith's 2 s, then the reply after ms: 62 s, 122 s and 602 s; the median is 122 s.
    expect(day).toEqual({ handled: 3, medianFirstResponseMs: 122_000, ratingAverage: 4.5, ratings: 2 });
    const later = (await ben.call('GET', `/api/agent/today?since=${now + 1}`)).data;
    expect(later).toEqual({ handled: 0, medianFirstResponseMs: null, ratingAverage: null, ratings: 0 });
    expect((await ben.call('GET', '/api/agent/today')).code).toBe(ErrorCode.badRequest);
  });

  it('given pages, should answer 50 at a time with a next key that continues where the page ended', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const all = await ana.call('GET', '/api/agent/conversations?status=resolved');
    expect(all.data.next).toBeNull();
    const bad = await ana.call('GET', '/api/agent/conversations?before=nope');
    expect(bad.code).toBe(ErrorCode.badRequest);
    const wrong = await ana.call('GET', '/api/agent/conversations?view=everyone');
    expect(wrong.code).toBe(ErrorCode.badRequest);
  });
});

const fair = seedWith(
  [{ id: 'fair', tenantId: 't', info: { receiveMode: 3 } }],
  [agent('f1', ['fair'], 4), agent('f2', ['fair'], 4), agent('f3', ['fair'], 4)],
);

describe.each(testDatabases())('routing on $name', (database) => {
  const server = serverFor(database, fair);

  const assignee = async (visitor: { userId: string }) =>
    (await server().visitor('transferAgent', { userId: visitor.userId })).data.adminNick as string;

  it('given agents of equal capacity, should spread new chats round-robin (at most one apart)', async () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 9; n++) {
      const nick = await assignee(await server().start('fair'));
      counts.set(nick, (counts.get(nick) ?? 0) + 1);
      const values = [...counts.values()];
      if (counts.size === 3) expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
    }
    expect([...counts.values()]).toEqual([3, 3, 3]);
  });

  it('given an agent away, should route no chat to them while they keep theirs, and take chats again on return', async () => {
    const f1 = await server().login('f1', 'pw-f1');
    const f2 = await server().login('f2', 'pw-f2');
    const f3 = await server().login('f3', 'pw-f3');
    expect((await f1.call('POST', '/api/agent/status', { away: true })).data).toMatchObject({
      online: true,
      away: true,
    });
    await f2.call('POST', '/api/agent/status', { away: true });
    const visitor = await server().start('fair');
    expect(await assignee(visitor)).toBe('F3');
    expect((await f1.poll()).data.chats).toHaveLength(3);
    await f1.call('POST', '/api/agent/status', { away: false });
    await f2.call('POST', '/api/agent/status', { away: false });
    void f3;
  });

  it('given a join past capacity, should refuse without the explicit choice and record it with', async () => {
    const f1 = await server().login('f1', 'pw-f1');
    // f1 holds 3 of 4: one more by routing fills them; a queued chat then needs beyondCapacity.
    const filled = await server().start('fair');
    await server().visitor('transferAgent', { userId: filled.userId, adminId: 'f1' });
    const waiting = await server().start('fair');
    const queued = await server().visitor('transferAgent', { userId: waiting.userId, adminId: 'f1' });
    expect(queued.data.status).toBe(3);
    const refused = await f1.chat(waiting.sessionId, 'join', {});
    expect(refused.code).toBe(ErrorCode.conflict);
    expect((await f1.chat(waiting.sessionId, 'join', { beyondCapacity: true })).code).toBe(ErrorCode.ok);
    const record = (await f1.call('GET', `/api/agent/conversations/${waiting.sessionId}`)).data;
    expect(record.activity).toEqual([
      expect.objectContaining({ kind: 'beyondCapacity', agentId: 'f1', detail: { capacity: 4, busy: 4 } }),
    ]);
  });
});
