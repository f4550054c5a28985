import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { freePort } from './test/freePort.js';
import { type Data, serverFor } from './test/harness.js';
import { Receiver } from './test/receiver.js';
import { ScriptedModel } from './test/scriptedModel.js';
import { addEndpoint } from './webhooks/endpoints.js';

// The services outside the server fail: the language model, the mail server, a webhook receiver.
// Each failure is logged once with its cause and counted in /metrics, and a mail given up shows in
// the conversation, where the agent who wrote the answer looks.

const model = new ScriptedModel();
let closedPort = 0;

const seed: Seed = {
  channels: [
    {
      id: 'bot',
      tenantId: 't',
      info: { receiveMode: 0, robotName: 'Bot' },
      robot: {
        kind: 'llm',
        language: 'en',
        llm: { baseUrl: 'set before the server starts', model: 'scripted' },
        fallback: 'Sorry, I do not know.',
        answers: [{ question: 'Shipping?', keywords: ['shipping'], answer: 'Shipping is free from 50 EUR.' }],
      },
    },
    { id: 'desk', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme help' } },
  ],
  agents: [
    {
      id: 'rae',
      username: 'rae',
      password: 'pw-rae-outside',
      nick: 'Rae',
      capacity: 5,
      channels: ['desk'],
      online: true,
    },
  ],
};

/** The server's log lines, as pino writes them. */
const lines: Data[] = [];

beforeAll(async () => {
  await model.start();
  closedPort = await freePort(); // nothing listens there: the mail server is down
  for (const channel of seed.channels) {
    if (channel.robot?.llm) channel.robot.llm.baseUrl = model.url;
  }
});
afterAll(() => model.stop());

describe.each(testDatabases())('failures of outside services on $name', (database) => {
  let ahead = 0;
  const server = serverFor(database, seed, {
    metricsToken: 'metrics',
    clock: () => Date.now() + ahead,
    logger: { level: 'warn', stream: { write: (line) => void lines.push(JSON.parse(line)) } },
    mail: { smtpUrl: `smtp://127.0.0.1:${closedPort}`, intervalMs: 60 * 60 * 1000 },
    webhooks: { allowPrivate: true, intervalMs: 20, backoffMs: 50, maxBackoffMs: 100, maxAttempts: 2 },
  });
  const metrics = async () =>
    (await server().app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics' } })).body;
  /** Where this test's lines begin (both databases' servers write to `lines`). */
  let from = 0;
  beforeEach(() => {
    from = lines.length;
  });
  const logged = (message: RegExp) => lines.slice(from).filter((line) => message.test(String(line.msg)));

  it('given the model answering 500, should log it once with its cause, count it, and answer with the keywords', async () => {
    const visitor = await server().start('bot');
    model.next({ status: 500 });
    const reply = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: 'What does shipping cost?',
      msgId: 'outside-1',
    });
    expect(reply.data.msgContent).toBe('Shipping is free from 50 EUR.');
    const failures = logged(/language model failed/);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      channel: 'bot',
      kind: 'upstream',
      err: expect.stringContaining('500'),
    });
    expect(await metrics()).toMatch(/parley_outside_failures_total\{service="model",kind="upstream"\} 1/);
  });

  it('given a mail server that is down, should log each attempt, count them, and show the agent that the answer never arrived', async () => {
    const rae = await server().login('rae', 'pw-rae-outside');
    const visitor = await server().start('desk', { email: `gus@${database.name}.example` });
    await server().visitor('transferAgent', { userId: visitor.userId });
    await server().visitor('chatClose', { userId: visitor.userId });
    const answered = await rae.call('POST', `/api/agent/chats/${visitor.sessionId}/email-reply`, {
      text: 'It is back on Monday.',
    });
    expect(answered.code).toBe(200);
    const mailer = server().app.mailer;
    // Five attempts, each once the wait before it (a minute, doubling) has passed.
    for (let attempt = 0; attempt < 5; attempt++) {
      await mailer?.runOnce();
      ahead += 60 * 60 * 1000;
    }
    const attempts = logged(/mail/).filter((line) => line.mail !== undefined);
    expect(attempts).toHaveLength(5);
    expect(attempts.every((line) => /ECONNREFUSED/.test(line.err))).toBe(true);
    expect(attempts.at(-1)?.msg).toMatch(/given up/);
    const text = await metrics();
    expect(text).toMatch(/parley_outside_failures_total\{service="smtp",kind="attempt"\} 4/);
    expect(text).toMatch(/parley_outside_failures_total\{service="smtp",kind="given_up"\} 1/);
    const conversation = (await rae.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(conversation.messages.at(-1)).toMatchObject({
      msgContent: 'It is back on Monday.',
      emailedTo: `gus@${database.name}.example`,
      emailFailed: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('given a webhook receiver answering 500, should log each attempt with its status and count them', async () => {
    const receiver = await Receiver.start();
    receiver.status = 500;
    await addEndpoint(server().app.db, { url: receiver.url, events: ['message.created'] }, Date.now());
    const visitor = await server().start('desk');
    await server().visitor('transferAgent', { userId: visitor.userId });
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'hello' });
    await vi.waitFor(() => expect(logged(/webhook delivery was given up/)).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    await receiver.down();
    const failures = logged(/webhook delivery/);
    expect(failures).toHaveLength(2);
    expect(failures.every((line) => line.err === 'HTTP 500')).toBe(true);
    const text = await metrics();
    expect(text).toMatch(/parley_outside_failures_total\{service="webhook",kind="attempt"\} 1/);
    expect(text).toMatch(/parley_outside_failures_total\{service="webhook",kind="given_up"\} 1/);
  });
});
