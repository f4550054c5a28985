import { SenderType } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';
import { answer, gate, ScriptedModel, say } from './test/scriptedModel.js';

// What a new visitor id can make the server spend, attacked through the visitor API: robot tokens
// and mails, budgeted per visitor, per client address and per channel, and reserved before the
// work starts, so neither questions asked at once nor fresh visitor ids get past a budget.

const model = new ScriptedModel();

const robot = (id: string, llm: Record<string, unknown>) => ({
  id,
  tenantId: 't',
  info: { receiveMode: 0, robotName: 'Bot' },
  robot: {
    kind: 'llm' as const,
    language: 'en',
    llm: { baseUrl: 'set before the server starts', model: 'scripted', ...llm },
    fallback: 'Sorry, I do not know.',
    answers: [
      {
        question: 'How much does shipping cost?',
        keywords: ['shipping', 'delivery'],
        answer: 'Shipping is free from 50 EUR.',
      },
    ],
  },
});

const seed: Seed = {
  channels: [
    // Each question reserves its prompt and 1000 tokens: at most four fit in 5000.
    robot('raced', { maxTokens: 1000, tokensPerVisitorHour: 5000 }),
    // Every answer uses 1500 tokens: two fit in 3000.
    robot('shared', { tokensPerVisitorHour: 100_000, tokensPerAddressHour: 3000 }),
    robot('busy', { tokensPerVisitorHour: 100_000, tokensPerChannelHour: 3000 }),
    { id: 'desk', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme help' } },
    { id: 'quiet', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    {
      id: 'owl',
      username: 'owl',
      password: 'pw-owl-limits',
      nick: 'Owl',
      capacity: 5,
      channels: ['quiet'],
      online: false,
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

describe.each(testDatabases())('the budgets of what a visitor can start on $name', (database) => {
  const server = serverFor(database, seed, {
    mail: { print: true, intervalMs: 60_000 },
    mailLimits: {
      transcriptsPerChannelDay: 14,
      transcriptsPerAddressDay: 10,
      leftMessagesPerAddressHour: 20,
    },
  });
  let addresses = 0;
  /** A fresh client address, as if from another machine. */
  const newAddress = () => `198.51.100.${++addresses}`;

  async function visitor(call: string, body: object, address: string) {
    const response = await server().app.inject({
      method: 'POST',
      url: `/api/chat/visitor/${call}`,
      payload: body,
      remoteAddress: address,
    });
    return { status: response.statusCode, ...response.json() } as Data;
  }

  async function start(channelId: string, address: string) {
    const started = await visitor('chatStart', { channelId }, address);
    expect(started.code).toBe(200);
    return started.data as { userId: string; sessionId: string };
  }

  let asked = 0;
  async function ask(userId: string, address: string, stream = false) {
    const text = 'What does shipping cost?';
    const msgId = `limits-${++asked}`;
    await visitor('sendMsg', { userId, msgContent: text, clientMsgId: msgId }, address);
    const reply = await visitor('robotAsk', { userId, msgContent: text, msgId, stream }, address);
    expect(reply.code).toBe(200);
    return reply.data as Data;
  }

  const robotAnswers = async (visitorIds: { userId: string; sessionId: string }) =>
    ((await server().visitor('getSessionMsg', visitorIds)).data as Data[]).filter(
      (message) => message.senderType === SenderType.robot,
    );

  it('given one visitor asking 20 streamed questions at once, should let only what the hour allows reach the model', async () => {
    const address = newAddress();
    const visitorIds = await start('raced', address);
    const held = gate();
    model.next(
      ...Array.from({ length: 20 }, () => ({
        steps: [say.until(held.promise), ...(answer('Free from 50 EUR.', [100, 20]).steps ?? [])],
      })),
    );
    const before = model.requests.length;
    await Promise.all(Array.from({ length: 20 }, () => ask(visitorIds.userId, address, true)));
    // Every question is answered: by the model, or by the keyword robot once the budget is spent.
    let answers: Data[] = [];
    for (let tries = 0; answers.length < 20 && tries < 200; tries++) {
      if (tries === 20) held.open();
      await new Promise((resolve) => setTimeout(resolve, 50));
      answers = await robotAnswers(visitorIds);
    }
    held.open();
    expect(answers).toHaveLength(20);
    const reached = model.requests.length - before;
    expect(reached).toBeGreaterThanOrEqual(1);
    expect(reached).toBeLessThanOrEqual(4);
    model.forget();
  });

  it('given new visitor ids from one address, should stop asking the model once the address has spent its tokens', async () => {
    const address = newAddress();
    const before = model.requests.length;
    for (let count = 0; count < 4; count++) {
      const { userId } = await start('shared', address);
      model.next(answer('Free from 50 EUR.', [1400, 100]));
      await ask(userId, address);
    }
    model.forget();
    expect(model.requests.length - before).toBe(2);
    // Another address is not held back by this one.
    const elsewhere = newAddress();
    model.next(answer('Free from 50 EUR.', [100, 20]));
    await ask((await start('shared', elsewhere)).userId, elsewhere);
    expect(model.requests.length - before).toBe(3);
  });

  it('given visitors from many addresses, should stop asking the model once the channel has spent its tokens', async () => {
    const before = model.requests.length;
    for (let count = 0; count < 4; count++) {
      const address = newAddress();
      model.next(answer('Free from 50 EUR.', [1400, 100]));
      await ask((await start('busy', address)).userId, address);
    }
    model.forget();
    expect(model.requests.length - before).toBe(2);
  });

  const transcript = (userId: string, address: string, n: number) =>
    visitor('transcript', { userId, email: `someone-${n}@elsewhere.example` }, address);

  const queued = async (kind: string) => {
    const [row] = await server().app.db.query<{ count: number }>(
      'select count(*)::int as count from mail_outbox where kind = $1',
      [kind],
    );
    return row?.count ?? 0;
  };

  it('given one visitor asking for 20 transcripts at once, should queue three', async () => {
    const address = newAddress();
    const { userId } = await start('desk', address);
    await visitor('sendMsg', { userId, msgContent: 'hello' }, address);
    const before = await queued('transcript');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => transcript(userId, address, n)));
    expect(answers.filter((answered) => answered.code === 200)).toHaveLength(3);
    expect(answers.filter((answered) => answered.code === 429)).toHaveLength(17);
    expect(await queued('transcript')).toBe(before + 3);
  });

  it('given new visitor ids from one address, should queue ten transcripts a day from it', async () => {
    const address = newAddress();
    let accepted = 0;
    for (let count = 0; count < 5; count++) {
      const { userId } = await start('desk', address);
      await visitor('sendMsg', { userId, msgContent: 'hello' }, address);
      for (let n = 0; n < 3; n++) if ((await transcript(userId, address, n)).code === 200) accepted++;
    }
    expect(accepted).toBe(10);
  });

  it('given visitors from many addresses, should queue what the channel allows a day', async () => {
    // 3 and 10 transcripts went out above: the channel allows 14.
    let accepted = 0;
    for (let count = 0; count < 3; count++) {
      const address = newAddress();
      const { userId } = await start('desk', address);
      await visitor('sendMsg', { userId, msgContent: 'hello' }, address);
      if ((await transcript(userId, address, count)).code === 200) accepted++;
    }
    expect(accepted).toBe(1);
  });

  it('given one visitor leaving 30 messages at once, should take five an hour and mail as many notices', async () => {
    await server().app.db.query(`update agents set email = 'owl@acme.example' where id = 'owl'`);
    const address = newAddress();
    const { userId } = await start('quiet', address);
    const before = await queued('left_notice');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        visitor('leaveMsg', { userId, channelId: 'quiet', content: `message ${n}` }, address),
      ),
    );
    expect(answers.filter((answered) => answered.code === 200)).toHaveLength(5);
    expect(answers.filter((answered) => answered.code === 429)).toHaveLength(25);
    expect(await queued('left_notice')).toBe(before + 5);
  });

  it('given new visitor ids from many addresses leaving messages, should mail the agents 20 notices an hour', async () => {
    await server().app.db.query(`update agents set email = 'owl@acme.example' where id = 'owl'`);
    // Five notices went out above: fifteen more this hour, and every message still waits in the inbox.
    const before = await queued('left_notice');
    for (let count = 0; count < 20; count++) {
      const address = newAddress();
      const { userId } = await start('quiet', address);
      const left = await visitor('leaveMsg', { userId, channelId: 'quiet', content: 'hello' }, address);
      expect(left.code).toBe(200);
    }
    expect(await queued('left_notice')).toBe(before + 15);
  });
});
