import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';
import { answer, gate, ScriptedModel, say } from './test/scriptedModel.js';

// The language-model robot and the endpoint it calls: it honours Retry-After, stops calling an
// endpoint that keeps failing for a cool-down (the keyword robot answers meanwhile), and speaks to
// an endpoint that refuses `max_tokens` with `max_completion_tokens`, learnt once or set.

/** One scripted endpoint per concern: what the robot learns of one does not touch the others. */
const limited = new ScriptedModel();
const flaky = new ScriptedModel();
const realTime = new ScriptedModel();
const reasoning = new ScriptedModel();

const KEYWORD_ANSWER = 'Shipping is free from 50 EUR; below that it costs 4.90 EUR.';

const robot = (id: string, endpoint: ScriptedModel, llm: Record<string, unknown> = {}) => ({
  endpoint,
  channel: {
    id,
    tenantId: 't',
    info: { receiveMode: 0, robotName: 'Bot' },
    robot: {
      kind: 'llm' as const,
      language: 'en',
      llm: { baseUrl: 'set before the server starts', model: 'scripted', ...llm },
      fallback: 'Sorry, I do not know.',
      answers: [{ question: 'How much does shipping cost?', keywords: ['shipping'], answer: KEYWORD_ANSWER }],
    },
  },
});

const robots = [
  robot('limited', limited),
  robot('flaky', flaky, { circuitFailures: 2, circuitCoolDownMs: 30_000 }),
  robot('real', realTime, { circuitFailures: 1, circuitCoolDownMs: 300 }),
  robot('reasoning', reasoning, { model: 'o-scripted' }),
  robot('chosen', reasoning, { model: 'o-other', tokenLimitField: 'max_completion_tokens' }),
  robot('picky', reasoning, { model: 'picky' }),
];
const seed: Seed = { channels: robots.map(({ channel }) => channel), agents: [] };

beforeAll(async () => {
  for (const model of [limited, flaky, realTime, reasoning]) await model.start();
  for (const { endpoint, channel } of robots) channel.robot.llm.baseUrl = endpoint.url;
});
afterAll(async () => {
  for (const model of [limited, flaky, realTime, reasoning]) await model.stop();
});

describe.each(testDatabases())('the robot and its endpoint on $name', (database) => {
  /** How far the server's clock runs ahead of the real one (it only ever grows). */
  let ahead = 0;
  const server = serverFor(database, seed, { metricsToken: 'metrics', clock: () => Date.now() + ahead });

  let asked = 0;
  async function ask(channelId: string, text = 'What does shipping cost?') {
    const visitor = await server().start(channelId);
    const msgId = `msgId-${++asked}`;
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: text, clientMsgId: msgId });
    const reply = await server().visitor('robotAsk', { userId: visitor.userId, msgContent: text, msgId });
    expect(reply.code).toBe(200);
    return (reply.data as Data).msgContent as string;
  }
  const metrics = async () =>
    (await server().app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics' } })).body;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('given a 429 asking for 20 s, should not call the endpoint again for 20 s and answer with the keyword robot meanwhile', async () => {
    const before = limited.requests.length;
    limited.next({ status: 429, headers: { 'retry-after': '20' } });
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    // Two more questions at once: the endpoint is left alone.
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    ahead += 19_000;
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    expect(limited.requests.length - before).toBe(1);
    ahead += 1_500;
    limited.next(answer('Shipping is free from 50 EUR [1].'));
    expect(await ask('limited')).toMatch(/^Shipping is free from 50 EUR \[1\]\./);
    expect(limited.requests.length - before).toBe(2);
    expect(await metrics()).toMatch(/parley_robot_answers_total\{channel="limited",source="paused"\} 3/);
  });

  it('given a 503 with Retry-After as an HTTP date, should wait until that date', async () => {
    const before = limited.requests.length;
    const until = new Date(Date.now() + ahead + 20_000).toUTCString();
    limited.next({ status: 503, headers: { 'retry-after': until } });
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    ahead += 10_000;
    expect(await ask('limited')).toBe(KEYWORD_ANSWER);
    expect(limited.requests.length - before).toBe(1);
    ahead += 11_000;
    limited.next(answer('Free from 50 EUR [1].'));
    expect(await ask('limited')).toMatch(/^Free from 50 EUR/);
  });

  it('given an endpoint failing twice in a row, should stop calling it for the cool-down, let one question try after it, and use it again once it answers', async () => {
    const before = flaky.requests.length;
    flaky.next({ status: 500 }, { status: 500 });
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    // Open: the keyword robot answers without a call.
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    expect(flaky.requests.length - before).toBe(2);
    ahead += 30_000;
    // The one try after the cool-down fails: open again at once.
    flaky.next({ status: 500 });
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    expect(flaky.requests.length - before).toBe(3);
    ahead += 30_000;
    // The one try is slow: a question asked meanwhile waits for its outcome with the keyword robot.
    const slow = gate();
    flaky.next(
      { steps: [say.text('Free from '), say.until(slow.promise), say.text('50 EUR [1].'), say.finish()] },
      answer('Still free from 50 EUR [1].'),
    );
    const trying = ask('flaky');
    await vi.waitFor(() => expect(flaky.requests.length - before).toBe(4));
    expect(await ask('flaky')).toBe(KEYWORD_ANSWER);
    slow.open();
    expect(await trying).toMatch(/^Free from 50 EUR/);
    expect(await ask('flaky')).toMatch(/^Still free from 50 EUR/);
    expect(flaky.requests.length - before).toBe(5);
  });

  it('given real time, a Retry-After of one second and a cool-down of 300 ms, should call again only once they have passed', async () => {
    const before = realTime.requests.length;
    realTime.next({ status: 429, headers: { 'retry-after': '1' } });
    expect(await ask('real')).toBe(KEYWORD_ANSWER);
    expect(await ask('real')).toBe(KEYWORD_ANSWER);
    expect(realTime.requests.length - before).toBe(1);
    await wait(1_100);
    // Past the Retry-After: called again; it fails, and one failure opens the breaker for 300 ms.
    realTime.next({ status: 500 });
    expect(await ask('real')).toBe(KEYWORD_ANSWER);
    expect(await ask('real')).toBe(KEYWORD_ANSWER);
    expect(realTime.requests.length - before).toBe(2);
    await wait(350);
    realTime.next(answer('Free from 50 EUR [1].'));
    expect(await ask('real')).toMatch(/^Free from 50 EUR/);
    const [first, second] = realTime.requests.slice(before);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('given an endpoint that refuses max_tokens, should ask again at once with max_completion_tokens, and from then on ask that way', async () => {
    const before = reasoning.requests.length;
    reasoning.refuseMaxTokens = true;
    reasoning.next(answer('Free from 50 EUR [1].'), answer('Still free [1].'));
    try {
      expect(await ask('reasoning')).toMatch(/^Free from 50 EUR \[1\]\./);
      const [refused, retried] = reasoning.requests.slice(before);
      expect(refused).toMatchObject({ max_tokens: 600 });
      expect(retried).toMatchObject({ max_completion_tokens: 600 });
      expect(retried).not.toHaveProperty('max_tokens');

      expect(await ask('reasoning')).toMatch(/^Still free \[1\]\./);
      expect(reasoning.requests.length - before).toBe(3);
      expect(reasoning.requests.at(-1)).toMatchObject({ max_completion_tokens: 600 });
    } finally {
      reasoning.refuseMaxTokens = false;
    }
  });

  it('given a channel that chooses max_completion_tokens, should ask that way from the first question', async () => {
    const before = reasoning.requests.length;
    reasoning.next(answer('Free from 50 EUR [1].'));
    expect(await ask('chosen')).toMatch(/^Free from 50 EUR/);
    expect(reasoning.requests.length - before).toBe(1);
    expect(reasoning.requests.at(-1)).toMatchObject({ max_completion_tokens: 600 });
    expect(reasoning.requests.at(-1)).not.toHaveProperty('max_tokens');
  });

  it('given another bad request, should not ask again and answer with the keyword robot', async () => {
    const before = reasoning.requests.length;
    reasoning.next({
      status: 400,
      error: {
        message: "Unsupported value: 'temperature'",
        type: 'invalid_request_error',
        param: 'temperature',
      },
    });
    expect(await ask('picky')).toBe(KEYWORD_ANSWER);
    expect(reasoning.requests.length - before).toBe(1);
    expect(reasoning.requests.at(-1)).toMatchObject({ max_tokens: 600 });
  });
});
