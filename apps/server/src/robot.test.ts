import { MsgType, SenderType, VisitorEvent } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';
import { answer, gate, ScriptedModel, say } from './test/scriptedModel.js';

// The language-model robot against a scripted OpenAI-compatible server: grounded answers with
// their sources, the answer streamed through the held poll and recorded once, the hand-over, and
// the keyword robot when the model fails.

const model = new ScriptedModel();

const robot = (id: string, llm: Record<string, unknown> = {}) => ({
  id,
  tenantId: 't',
  info: { receiveMode: 0, robotName: 'Bot', adminOfflineMode: 1, adminOfflineMsg: 'Nobody is here.' },
  robot: {
    kind: 'llm' as const,
    language: 'en',
    llm: { baseUrl: 'set before the server starts', model: 'scripted', apiKeyEnv: 'TEST_MODEL_KEY', ...llm },
    fallback: 'Sorry, I do not know. Type "agent" for a person.',
    answers: [
      {
        question: 'How much does shipping cost?',
        keywords: ['shipping', 'delivery'],
        answer: 'Shipping is free from 50 EUR; below that it costs 4.90 EUR.',
      },
      {
        question: 'How do I return an item?',
        keywords: ['return', 'refund'],
        answer: 'Open your order and choose "Return" within 30 days.',
      },
    ],
  },
});

const seed: Seed = {
  channels: [
    robot('shop'),
    robot('slow', { timeoutMs: 300 }),
    robot('frugal', { tokensPerVisitorHour: 3000 }),
    robot('staffed'),
  ],
  agents: [
    {
      id: 'ana',
      username: 'ana',
      password: 'pw-ana-robot',
      nick: 'Ana',
      capacity: 50,
      channels: ['staffed'],
      online: true,
    },
    // A colleague of another channel: the staffed channel's conversations are not within her reach.
    { id: 'bo', username: 'bo', password: 'pw-bo-robot', nick: 'Bo', capacity: 5, channels: ['frugal'] },
  ],
};

beforeAll(async () => {
  await model.start();
  for (const channel of seed.channels) {
    if (channel.robot?.llm) channel.robot.llm.baseUrl = model.url;
  }
});
afterAll(() => model.stop());

describe.each(testDatabases())('the language-model robot on $name', (database) => {
  /** How far the server's clock runs ahead of the real one (it only ever grows). */
  let ahead = 0;
  const server = serverFor(database, seed, {
    metricsToken: 'metrics',
    env: { TEST_MODEL_KEY: 'sk-test' },
    clock: () => Date.now() + ahead,
  });

  let asked = 0;
  /** What the page does in robot mode: the visitor's message, then robotAsk for it. */
  async function ask(visitor: { userId: string }, text: string, stream = false) {
    const msgId = `msgId-${++asked}`;
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: text, clientMsgId: msgId });
    const reply = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: text,
      msgId,
      stream,
    });
    expect(reply.code).toBe(200);
    return { msgId, reply: reply.data as Data };
  }

  const robotMessages = async (visitor: { userId: string; sessionId: string }) =>
    ((await server().visitor('getSessionMsg', visitor)).data as Data[]).filter(
      (message) => message.senderType === SenderType.robot,
    );

  /** The visitor's held poll, until `done` says what it gathered is enough; the events in order. */
  async function pollUntil(visitor: { userId: string; pollId: string }, done: (events: Data[]) => boolean) {
    const events: Data[] = [];
    let cursor = '0';
    while (!done(events)) {
      const answerNow = (await server().visitor('getEventMsg', { ...visitor, cursor, wait: 5000 }))
        .data as Data;
      events.push(...answerNow.msgList);
      cursor = answerNow.cursor;
    }
    return events;
  }

  const metrics = async () =>
    (await server().app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics' } })).body;

  it('given a question the knowledge answers, should send the model the entries and show the visitor its sources', async () => {
    const visitor = await server().start('shop');
    model.next(answer('Shipping is free from 50 EUR [1].', [120, 12]));
    const { reply } = await ask(visitor, 'What does shipping cost?');

    expect(reply.msgContent).toBe(
      'Shipping is free from 50 EUR [1].\n\nSources: [1] How much does shipping cost?',
    );
    expect(reply.robotAskMsgType).toBe(1);
    const request = model.requests.at(-1);
    // The rules first; the knowledge in a message of its own, quoted between marker lines.
    expect(request?.messages[0]?.content).toContain('You are Bot');
    expect(request?.messages[0]?.content).not.toContain('Shipping is free from 50 EUR');
    expect(request?.messages[1]?.content).toMatch(
      /BEGIN SOURCES (\w+)\n\[1\] How much does shipping cost\?\nShipping is free from 50 EUR; below that it costs 4\.90 EUR\.[\s\S]*\nEND SOURCES \1$/,
    );
    expect(request?.messages.at(-1)).toEqual({ role: 'user', content: 'What does shipping cost?' });
    expect(request?.tools).toHaveLength(1);
    expect(await robotMessages(visitor)).toEqual([expect.objectContaining({ id: reply.id })]);
    expect(await metrics()).toMatch(/parley_robot_tokens_total\{channel="shop",direction="in"\} \d+/);
  });

  it('given a streaming page, should grow the answer through the poll, resume from any cursor, and record it once', async () => {
    const visitor = await server().start('shop');
    const halfway = gate();
    model.next({
      steps: [
        say.reasoning('The visitor asks about '),
        say.reasoningOllama('returns.'), // Ollama names the field `reasoning`
        say.text('Open your order '),
        say.until(halfway.promise),
        say.text('and choose "Return" [1].'),
        say.finish(),
        say.usage(90, 15),
      ],
    });
    const { msgId, reply } = await ask(visitor, 'How do I return a shirt?', true);
    expect(reply).toMatchObject({ id: `answer-${msgId}`, msgType: MsgType.robotAnswer, msgContent: '' });

    // The held poll answers as soon as the first part is written.
    const poll = async (cursor: string) =>
      (await server().visitor('getEventMsg', { ...visitor, cursor, wait: 5000 })).data as Data;
    let cursor = '0';
    let text = '';
    let thinking = '';
    const apply = (event: Data) => {
      // What the page does: a part that starts past the end it has is a gap; one it has is skipped.
      expect(event.at).toBeLessThanOrEqual(text.length);
      text = text.slice(0, event.at) + event.delta;
      thinking = thinking.slice(0, event.thinkingAt) + event.thinkingDelta;
    };
    while (!text.includes('Open your order')) {
      const answerNow = await poll(cursor);
      for (const event of answerNow.msgList) if (event.event_type === VisitorEvent.robotDelta) apply(event);
      cursor = answerNow.cursor;
    }
    expect(thinking).toBe('The visitor asks about returns.');

    // A page that lost its place asks again: the text so far, not a second answer.
    const again = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: 'x',
      msgId,
      stream: true,
    });
    expect(again.data).toMatchObject({ msgType: MsgType.robotAnswer, msgContent: 'Open your order ' });
    // A cut poll asks again from its cursor: nothing repeated (the page sets, by `at`, never appends twice).
    const repeated = await poll('0');
    for (const event of repeated.msgList) if (event.event_type === VisitorEvent.robotDelta) apply(event);
    expect(text).toBe('Open your order ');

    halfway.open();
    let final: Data | undefined;
    while (!final) {
      const answerNow = await poll(cursor);
      for (const event of answerNow.msgList) {
        if (event.event_type === VisitorEvent.robotDelta) apply(event);
        if (event.event_type === VisitorEvent.robotAnswer) final = event;
      }
      cursor = answerNow.cursor;
    }
    expect(final).toMatchObject({
      replyTo: msgId,
      senderType: SenderType.robot,
      msgContent: 'Open your order and choose "Return" [1].\n\nSources: [1] How do I return an item?',
    });
    const recorded = await robotMessages(visitor);
    expect(recorded).toEqual([expect.objectContaining({ id: final.msgId, msgContent: final.msgContent })]);
    // The parts are gone once the final message replaces them; asked again, the final message.
    expect(((await poll('0')).msgList as Data[]).map((event) => event.event_type)).toEqual([
      VisitorEvent.robotAnswer,
    ]);
    const after = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: 'x',
      msgId,
      stream: true,
    });
    expect(after.data.id).toBe(final.msgId);
  });

  it('given the model calls transfer_to_human, should hand the chat to an agent who sees the summary and the whole conversation', async () => {
    const visitor = await server().start('staffed');
    model.next(answer('Shipping is free from 50 EUR [1].'));
    await ask(visitor, 'How much is delivery?');
    model.next({
      steps: [
        say.text('Let me find someone for you.'),
        say.handover('Wants to change the delivery address of order 42'),
        say.finish('tool_calls'),
      ],
    });
    const { reply } = await ask(visitor, 'Can I change where my delivery goes?');
    expect(reply.msgContent).toContain('Let me find someone for you.');
    expect(reply.msgContent).toContain('passing you to a person');

    const events = (await server().visitor('getEventMsg', { ...visitor, cursor: '0' })).data
      .msgList as Data[];
    expect(events).toContainEqual(
      expect.objectContaining({ event_type: VisitorEvent.agentJoined, adminNick: 'Ana' }),
    );
    const ana = await server().login('ana', 'pw-ana-robot');
    const chat = (await ana.poll()).data.chats.find((one: Data) => one.sessionId === visitor.sessionId);
    expect(chat).toMatchObject({
      transferredFrom: 'Bot',
      transferNote: 'Wants to change the delivery address of order 42',
    });
    const record = (await ana.messages(visitor.sessionId)).data.messages.map(
      (message: Data) => message.msgContent,
    );
    expect(record).toEqual([
      'How much is delivery?',
      expect.stringContaining('Shipping is free'),
      'Can I change where my delivery goes?',
      expect.stringContaining('Let me find someone for you.'),
    ]);
    expect(await metrics()).toMatch(/parley_robot_handovers_total\{channel="staffed",reason="tool"\} 1/);
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given the visitor asks for a person, should hand over without asking the model', async () => {
    const visitor = await server().start('staffed');
    const before = model.requests.length;
    const { reply } = await ask(visitor, 'Ich möchte mit einem Menschen sprechen');
    expect(model.requests.length).toBe(before);
    expect(reply.msgContent).toContain('passing you to a person');
    const ana = await server().login('ana', 'pw-ana-robot');
    const chat = (await ana.poll()).data.chats.find((one: Data) => one.sessionId === visitor.sessionId);
    expect(chat.transferNote).toContain('mit einem Menschen');
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given nothing relevant in the knowledge, should say so and offer a person, then hand over after two such questions', async () => {
    const visitor = await server().start('shop');
    const before = model.requests.length;
    const first = await ask(visitor, 'Do you sell bicycles?');
    // The channel's fallback: it says so, with the way to a person.
    expect(first.reply.msgContent).toBe('Sorry, I do not know. Type "agent" for a person.');
    expect(first.reply.robotAskMsgType).toBe(0);
    const second = await ask(visitor, 'And unicycles?');
    expect(model.requests.length).toBe(before);
    // Nobody serves this channel: the channel's offline message.
    expect(second.reply.msgContent).toContain('Nobody is here.');
    expect(await metrics()).toMatch(/parley_robot_handovers_total\{channel="shop",reason="unanswered"\} 1/);
  });

  it.each([
    ['an error answer', { status: 500 }, 'upstream'],
    ['a stream cut before any text', { steps: [say.cut()] }, 'upstream'],
    ['a stream that ends before it says anything', { steps: [] }, 'upstream'],
    ['an answer with no text', { steps: [say.reasoning('Hmm.'), say.finish()] }, null],
  ])('given %s, should answer with the keyword robot once', async (_case, script, kind) => {
    const visitor = await server().start('shop');
    model.next(script);
    const { reply } = await ask(visitor, 'What does shipping cost?');
    expect(reply.msgContent).toBe('Shipping is free from 50 EUR; below that it costs 4.90 EUR.');
    expect(await robotMessages(visitor)).toHaveLength(1);
    if (kind) {
      expect(await metrics()).toMatch(
        new RegExp(`parley_robot_upstream_errors_total\\{channel="shop",kind="${kind}"\\} \\d`),
      );
    }
  });

  it('given a streaming page and a stream cut halfway, should keep what streamed, say it was interrupted, and offer a person in one final answer', async () => {
    const visitor = await server().start('shop');
    const halfway = gate();
    model.next({ steps: [say.text('Shipping is '), say.until(halfway.promise), say.cut()] });
    const { msgId } = await ask(visitor, 'What does shipping cost?', true);
    const poll = async (cursor: string) =>
      (await server().visitor('getEventMsg', { ...visitor, cursor, wait: 5000 })).data as Data;
    let cursor = '0';
    let seen: Data[] = [];
    while (!seen.some((event) => event.event_type === VisitorEvent.robotDelta)) {
      const answerNow = await poll(cursor);
      seen = answerNow.msgList;
      cursor = answerNow.cursor;
    }
    expect(seen[0]).toMatchObject({ replyTo: msgId, at: 0, delta: 'Shipping is ' });
    halfway.open();
    let final: Data | undefined;
    while (!final) {
      const answerNow = await poll(cursor);
      final = answerNow.msgList.find((event: Data) => event.event_type === VisitorEvent.robotAnswer);
      cursor = answerNow.cursor;
    }
    expect(final.msgContent).toBe(
      'Shipping is…\n\nThis answer was interrupted: it may be incomplete. Would you like to talk to a person? Just say so.',
    );
    expect(await robotMessages(visitor)).toEqual([expect.objectContaining({ id: final.msgId })]);
    expect(((await poll('0')).msgList as Data[]).map((event) => event.event_type)).toEqual([
      VisitorEvent.robotAnswer,
    ]);
  });

  it('given a model that goes silent, should give up after the timeout and keep what it said, marked interrupted', async () => {
    const visitor = await server().start('slow');
    model.next({ steps: [say.text('Ship'), say.silence()] });
    const { msgId, reply } = await ask(visitor, 'What does shipping cost?', true);
    expect(reply.msgType).toBe(MsgType.robotAnswer);
    let final: Data | undefined;
    let cursor = '0';
    while (!final) {
      const answerNow = (await server().visitor('getEventMsg', { ...visitor, cursor, wait: 5000 }))
        .data as Data;
      final = answerNow.msgList.find((event: Data) => event.event_type === VisitorEvent.robotAnswer);
      cursor = answerNow.cursor;
    }
    expect(final).toMatchObject({
      replyTo: msgId,
      msgContent:
        'Ship…\n\nThis answer was interrupted: it may be incomplete. Would you like to talk to a person? Just say so.',
    });
    expect(await metrics()).toMatch(/parley_robot_upstream_errors_total\{channel="slow",kind="timeout"\} 1/);
  });

  it("given a visitor over the hour's tokens, should answer with the keyword robot without asking the model", async () => {
    const visitor = await server().start('frugal');
    model.next(answer('Shipping is free [1].', [2500, 500]));
    await ask(visitor, 'What does shipping cost?');
    const before = model.requests.length;
    const { reply } = await ask(visitor, 'How do I return an item?');
    expect(model.requests.length).toBe(before);
    expect(reply.msgContent).toBe('Open your order and choose "Return" within 30 days.');
    expect(await metrics()).toMatch(/parley_robot_answers_total\{channel="frugal",source="limit"\} 1/);
  });

  it('should send the API key from the variable the channel names, and the token limit', async () => {
    const visitor = await server().start('shop');
    model.next(answer('Returns take 30 days [1].'));
    await ask(visitor, 'How do I get a refund?');
    expect(model.requests.at(-1)).toMatchObject({ max_tokens: 600, authorization: 'Bearer sk-test' });
  });
  it('given a reasoning model, should keep its thinking and its seconds with the answer, so a reload shows them as they were', async () => {
    const visitor = await server().start('shop');
    const thought = gate();
    const said = gate();
    model.next({
      steps: [
        say.reasoning('The visitor wants to send a shirt back: source [1].'),
        say.until(thought.promise),
        say.text('Open your order and choose "Return" [1].'),
        say.until(said.promise),
        say.finish(),
      ],
    });
    const { msgId } = await ask(visitor, 'How do I return a shirt?', true);
    await pollUntil(visitor, (events) => events.some((event) => event.thinkingDelta));
    // A page that reloads while the model thinks gets the thinking so far with the text so far.
    const again = await server().visitor('robotAsk', { ...visitor, msgContent: 'x', msgId, stream: true });
    expect(again.data).toMatchObject({
      msgType: MsgType.robotAnswer,
      msgContent: '',
      replyTo: msgId,
      thinking: { text: 'The visitor wants to send a shirt back: source [1].' },
    });
    expect(again.data.thinking.seconds).toBeUndefined();

    // The model thinks for half a minute (and the moments this test takes), then answers: the
    // parts say how long it thought, and the recorded answer keeps the same count.
    ahead += 30_000;
    thought.open();
    const parts = await pollUntil(visitor, (seen) => seen.some((event) => event.delta));
    const seconds = parts.find((event) => event.delta)?.thinkingSeconds;
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThan(40);
    said.open();
    const events = await pollUntil(visitor, (seen) =>
      seen.some((event) => event.event_type === VisitorEvent.robotAnswer),
    );
    const thinking = { text: 'The visitor wants to send a shirt back: source [1].', seconds };
    const final = events.find((event) => event.event_type === VisitorEvent.robotAnswer) as Data;
    expect(final).toMatchObject({ replyTo: msgId, thinking });
    // Reloaded: the recorded answer with its thinking, as the page showed it.
    expect(await robotMessages(visitor)).toEqual([
      expect.objectContaining({ id: final.msgId, replyTo: msgId, thinking }),
    ]);
  });

  it('given an answer without thinking, should record no thinking, and the question it answers', async () => {
    const visitor = await server().start('shop');
    model.next(answer('Shipping is free from 50 EUR [1].'));
    const { msgId, reply } = await ask(visitor, 'What does shipping cost?');
    expect(reply.replyTo).toBe(msgId);
    expect(reply.thinking).toBeUndefined();
  });

  it("given an agent watching the conversation, should show the robot's answer growing in the console's poll and the final message in its place once", async () => {
    const visitor = await server().start('staffed');
    const ana = await server().login('ana', 'pw-ana-robot');
    const bo = await server().login('bo', 'pw-bo-robot');
    const start = (await ana.poll()).data.cursor as string;
    const boStart = (await bo.poll()).data.cursor as string;
    const halfway = gate();
    model.next({
      steps: [
        say.reasoning('Returns: source [1].'),
        say.text('Open your order '),
        say.until(halfway.promise),
        say.text('and choose "Return" [1].'),
        say.finish(),
      ],
    });
    const { msgId } = await ask(visitor, 'How do I return a shirt?', true);

    // The console's held poll, watching the conversation on screen: parts placed by offset.
    let cursor = start;
    let text = '';
    let thinking = '';
    let final: Data | undefined;
    const pollConsole = async () => {
      const answerNow = (await ana.poll(cursor, 5000, visitor.sessionId)).data as Data;
      for (const event of answerNow.events as Data[]) {
        if (event.type === 'robotDelta') {
          expect(event).toMatchObject({ sessionId: visitor.sessionId, replyTo: msgId });
          expect(event.at).toBeLessThanOrEqual(text.length);
          text = text.slice(0, event.at) + event.delta;
          thinking = thinking.slice(0, event.thinkingAt) + event.thinkingDelta;
        }
        if (event.type === 'robotAnswer') final = event;
      }
      cursor = answerNow.cursor;
    };
    while (text !== 'Open your order ') await pollConsole();
    expect(thinking).toBe('Returns: source [1].');

    // Opened mid-answer: the conversation ends with the answer so far.
    const conversation = async () =>
      (await ana.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data.messages as Data[];
    expect((await conversation()).at(-1)).toEqual(
      expect.objectContaining({
        id: `answer-${msgId}`,
        senderType: SenderType.robot,
        msgType: MsgType.robotAnswer,
        msgContent: 'Open your order ',
        replyTo: msgId,
        thinking: { text: 'Returns: source [1].' },
      }),
    );
    // Not watching, or watching a conversation beyond one's reach: no parts.
    const robotEvents = (events: Data[]) => events.filter((event) => event.type.startsWith('robot'));
    expect(robotEvents((await ana.poll(start)).data.events)).toEqual([]);
    const beyond = await bo.poll(boStart, 0, visitor.sessionId);
    expect(beyond.status).toBe(200);
    expect(robotEvents(beyond.data.events)).toEqual([]);

    halfway.open();
    while (!final) await pollConsole();
    const recorded = 'Open your order and choose "Return" [1].\n\nSources: [1] How do I return an item?';
    expect(final).toMatchObject({
      sessionId: visitor.sessionId,
      replyTo: msgId,
      message: {
        senderType: SenderType.robot,
        msgContent: recorded,
        replyTo: msgId,
        thinking: { text: 'Returns: source [1].', seconds: expect.any(Number) },
      },
    });
    // Opened again: the final message, once, and no placeholder.
    const robotLines = (await conversation()).filter((message) => message.senderType === SenderType.robot);
    expect(robotLines).toEqual([expect.objectContaining({ id: final.message.id, msgContent: recorded })]);
  });
});
