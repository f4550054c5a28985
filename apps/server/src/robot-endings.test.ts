import { SenderType, VisitorEvent } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROBOT_NOTICES } from './robot/notices.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';
import { answer, ScriptedModel, say } from './test/scriptedModel.js';

// How the language-model robot's answer ends, as the visitor reads it: an answer cut at a length
// limit (the model's, or ours when the endpoint ignores it) or interrupted partway says so in the
// visitor's language and offers a person; the sources listed are the ones the answer cites.

const model = new ScriptedModel();

const robot = (id: string, llm: Record<string, unknown> = {}) => ({
  id,
  tenantId: 't',
  info: { receiveMode: 0, robotName: 'Bot', adminOfflineMode: 1, adminOfflineMsg: 'Nobody is here.' },
  robot: {
    kind: 'llm' as const,
    language: 'en',
    llm: { baseUrl: 'set before the server starts', model: 'scripted', ...llm },
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
        answer: 'Open your order and choose "Return" within 30 days. Shipping back is free.',
      },
    ],
  },
});

const seed: Seed = {
  channels: [
    robot('shop'),
    robot('short', { maxAnswerCharacters: 200 }),
    robot('slow', { timeoutMs: 300 }),
    robot('staffed', { timeoutMs: 300 }),
  ],
  agents: [
    {
      id: 'ana',
      username: 'ana',
      password: 'pw-ana-endings',
      nick: 'Ana',
      capacity: 50,
      channels: ['staffed'],
      online: true,
    },
  ],
};

beforeAll(async () => {
  await model.start();
  for (const channel of seed.channels) {
    if (channel.robot?.llm) channel.robot.llm.baseUrl = model.url;
  }
});
afterAll(() => model.stop());

describe.each(testDatabases())("how the robot's answer ends on $name", (database) => {
  const server = serverFor(database, seed);

  let asked = 0;
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

  /** The visitor's held poll until the final answer: every event on the way. */
  async function untilFinal(visitor: { userId: string; pollId: string }) {
    const events: Data[] = [];
    let cursor = '0';
    while (!events.some((event) => event.event_type === VisitorEvent.robotAnswer)) {
      const now = (await server().visitor('getEventMsg', { ...visitor, cursor, wait: 5000 })).data as Data;
      events.push(...now.msgList);
      cursor = now.cursor;
    }
    return { events, final: events.find((event) => event.event_type === VisitorEvent.robotAnswer) as Data };
  }

  const robotMessages = async (visitor: { userId: string; sessionId: string }) =>
    ((await server().visitor('getSessionMsg', visitor)).data as Data[]).filter(
      (message) => message.senderType === SenderType.robot,
    );

  it('given an answer the model stopped at its token limit mid-table, should say it is cut short in the visitor’s language and offer a person, above its sources', async () => {
    const visitor = await server().start('shop', { language: 'es-ES' });
    model.next({
      steps: [
        say.text('Shipping costs [1]:\n\n| Order | Shipping |\n| --- | --- |\n'),
        say.text('| below 50 EUR | 4.90 EUR |\n| from 50 EU'),
        say.finish('length'),
        say.usage(100, 600),
      ],
    });
    const { reply } = await ask(visitor, 'What does shipping cost?');
    const spanish = ROBOT_NOTICES.es;
    expect(reply.msgContent).toBe(
      'Shipping costs [1]:\n\n| Order | Shipping |\n| --- | --- |\n| below 50 EUR | 4.90 EUR |\n| from 50 EU…' +
        `\n\n${spanish.cut} ${spanish.offer}` +
        '\n\nSources: [1] How much does shipping cost?',
    );
    // The offer's own words, written back, reach a person (here: nobody is online).
    const person = await ask(visitor, 'Sí, quiero hablar con una persona');
    expect(person.reply.msgContent).toBe('Nobody is here.');
  });

  it('given an answer cut inside a code block, should close the block so the notice is read as text', async () => {
    const visitor = await server().start('shop');
    model.next({
      steps: [say.text('To track shipping [1], run:\n\n```\ntrack --order 42 --'), say.finish('length')],
    });
    const { reply } = await ask(visitor, 'How do I track shipping?');
    expect(reply.msgContent).toBe(
      'To track shipping [1], run:\n\n```\ntrack --order 42 --\n```' +
        `\n\n${ROBOT_NOTICES.en.cut} ${ROBOT_NOTICES.en.offer}` +
        '\n\nSources: [1] How much does shipping cost?',
    );
  });

  it('given an endpoint that ignores max_tokens and never stops, should stop reading at our own limit and say the answer is cut short', async () => {
    const visitor = await server().start('shop');
    const before = model.requests.length;
    model.next({ steps: [say.text('Shipping is free from 50 EUR [1]. '), say.endless('and more ')] });
    const { reply } = await ask(visitor, 'What does shipping cost?');
    const request = model.requests[before];
    // 600 tokens at 6 characters: 3 600 characters, about 400 of the endless deltas, then we hang up.
    await vi.waitFor(() => expect(request?.abandoned).toBe(true));
    expect(request?.written).toBeLessThan(1000);
    const [text, notice] = (reply.msgContent as string).split('\n\n');
    expect(text?.length).toBeLessThanOrEqual(3_600 + 1);
    expect(text).toMatch(/^Shipping is free from 50 EUR \[1\]\. (and more )+/);
    expect(notice).toBe(`${ROBOT_NOTICES.en.cut} ${ROBOT_NOTICES.en.offer}`);
    // What is stored is what was shown.
    expect(await robotMessages(visitor)).toEqual([expect.objectContaining({ msgContent: reply.msgContent })]);
  });

  it('given a streaming page and an endless answer, should stream no more than the channel’s own limit', async () => {
    const visitor = await server().start('short');
    model.next({ steps: [say.endless('word ')] });
    await ask(visitor, 'What does shipping cost?', true);
    const { events, final } = await untilFinal(visitor);
    let streamed = '';
    for (const event of events)
      if (event.event_type === VisitorEvent.robotDelta) streamed = streamed.slice(0, event.at) + event.delta;
    expect(streamed.length).toBeLessThanOrEqual(200);
    expect(final.msgContent).toBe(
      `${'word '.repeat(40).trim()}…\n\n${ROBOT_NOTICES.en.cut} ${ROBOT_NOTICES.en.offer}`,
    );
  });

  it('given an endpoint that thinks without end, should stop reading once the thinking passes what is kept, and answer without the model', async () => {
    const visitor = await server().start('shop');
    const before = model.requests.length;
    model.next({ steps: [say.endlessThinking('Hmm, let me think. ')] });
    const { reply } = await ask(visitor, 'What does shipping cost?');
    const request = model.requests[before];
    await vi.waitFor(() => expect(request?.abandoned).toBe(true));
    // 20 000 characters of thinking kept: about 1 050 deltas of 19, then we hang up.
    expect(request?.written).toBeLessThan(1_200);
    expect(reply.msgContent).toBe('Shipping is free from 50 EUR; below that it costs 4.90 EUR.');
  });

  it('given an endless answer of emoji, should cut it between characters, never inside one', async () => {
    const visitor = await server().start('short');
    model.next({ steps: [say.endless('a😀')] });
    const { reply } = await ask(visitor, 'What does shipping cost?');
    const [text] = (reply.msgContent as string).split('\n\n');
    // 200 units would end on the first half of an emoji: 199, then the ellipsis.
    expect(text).toBe(`${'a😀'.repeat(66)}a…`);
  });

  it('given a model that stalls after its first word, should keep that word marked interrupted in the visitor’s language, and hand over when the visitor takes the offer', async () => {
    const visitor = await server().start('staffed', { language: 'de-AT' });
    model.next({ steps: [say.text('Certainly.'), say.silence()] });
    await ask(visitor, 'What does shipping cost?', true);
    const { events, final } = await untilFinal(visitor);
    expect(events.some((event) => event.delta === 'Certainly.')).toBe(true);
    const german = ROBOT_NOTICES.de;
    // The visitor's words stay, said to be unfinished: never another, unrelated answer in their place.
    expect(final.msgContent).toBe(`Certainly.…\n\n${german.interrupted} ${german.offer}`);
    expect(final.msgContent).not.toContain('4.90 EUR');
    expect(await robotMessages(visitor)).toEqual([expect.objectContaining({ msgContent: final.msgContent })]);

    const taken = await ask(visitor, 'Ja, ich möchte mit einem Menschen sprechen');
    expect(taken.reply.msgContent).toContain('passing you to a person');
    const ana = await server().login('ana', 'pw-ana-endings');
    const chat = (await ana.poll()).data.chats.find((one: Data) => one.sessionId === visitor.sessionId);
    expect(chat).toMatchObject({ transferredFrom: 'Bot' });
    await ana.chat(visitor.sessionId, 'close');
  });

  it('given a page that waits for the whole answer and a model that stalls, should answer with what it said, marked interrupted', async () => {
    const visitor = await server().start('slow', { language: 'ja-JP' });
    model.next({ steps: [say.text('送料は'), say.silence()] });
    const { reply } = await ask(visitor, 'What does shipping cost?');
    expect(reply.msgContent).toBe(`送料は…\n\n${ROBOT_NOTICES.ja.interrupted} ${ROBOT_NOTICES.ja.offer}`);
  });

  it('given an answer that cites no source, should list none', async () => {
    const visitor = await server().start('shop');
    model.next(answer('Shipping is always free, everywhere.'));
    const { reply } = await ask(visitor, 'What does shipping cost?');
    expect(reply.msgContent).toBe('Shipping is always free, everywhere.');
  });

  it('given an answer that cites one of the sources it was given, should list that one only', async () => {
    const visitor = await server().start('shop');
    model.next(answer('Returns are free [2].'));
    const { reply } = await ask(visitor, 'Shipping costs for a return?');
    const sent = model.requests.at(-1)?.messages[1]?.content ?? '';
    // Both entries were sent to the model, one was cited.
    expect(sent).toContain('[1] ');
    expect(sent).toContain('[2] ');
    expect(reply.msgContent).toMatch(/^Returns are free \[2\]\.\n\nSources: \[2\] [^·]+$/);
  });
});
