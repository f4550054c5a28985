import { MsgType } from '@parley/chat-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskOnFakeServer, later } from './test/desk.js';

// The robot's answer as it grows in the conversation on the console's screen: the poll watches
// that conversation, its parts grow a placeholder, and the final answer takes its place once.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function watching(sessionId = 'r1') {
  const setup = deskOnFakeServer();
  setup.server.robotServes(sessionId, 'Vera');
  setup.desk.start();
  await later();
  expect((await setup.desk.inbox.inspect(sessionId)).ok).toBe(true);
  await later();
  return setup;
}

const lines = (messages: readonly { id: string; msgType: unknown; msgContent: string }[] = []) =>
  messages.map((one) => [one.id, one.msgType, one.msgContent]);

describe("the robot's answer in the conversation on screen", () => {
  it('given a conversation the robot serves on screen, should watch it and grow the answer with its thinking', async () => {
    const { server, desk } = await watching();
    const polls = server.calls.filter((call) => call.name === 'poll');
    expect(polls.at(-1)?.query).toMatchObject({ watch: 'r1' });

    server.robotWrites('r1', 'q1', { thinking: 'The visitor wants a refund.' });
    await later();
    expect(desk.getSnapshot().records.r1?.messages.at(-1)).toMatchObject({
      id: 'answer-q1',
      msgType: MsgType.robotAnswer,
      msgContent: '',
      replyTo: 'q1',
      thinking: { text: 'The visitor wants a refund.' },
    });
    server.robotWrites('r1', 'q1', { text: 'Open your **order** ', thinkingSeconds: 4 });
    server.robotWrites('r1', 'q1', { text: 'and choose Return.' });
    await later();
    expect(desk.getSnapshot().records.r1?.messages.at(-1)).toMatchObject({
      msgContent: 'Open your **order** and choose Return.',
      thinking: { text: 'The visitor wants a refund.', seconds: 4 },
    });
    desk.stop();
  });

  it('given the final answer, should put it in the placeholder’s place, once', async () => {
    const { server, desk } = await watching();
    server.robotWrites('r1', 'q1', { text: 'Open your order' });
    await later();
    const final = server.robotAnswers(
      'r1',
      'q1',
      'Open your order and choose Return.\n\nSources: [1] Returns',
      {
        text: 'Refund.',
        seconds: 2,
      },
    );
    await later();
    expect(lines(desk.getSnapshot().records.r1?.messages)).toEqual([
      [final.id, MsgType.text, 'Open your order and choose Return.\n\nSources: [1] Returns'],
    ]);
    expect(desk.getSnapshot().records.r1?.messages[0]).toMatchObject({
      replyTo: 'q1',
      thinking: { text: 'Refund.', seconds: 2 },
    });
    // The conversation loaded again (the inbox moved): still once, and no placeholder comes back.
    await desk.inbox.inspect('r1');
    expect(lines(desk.getSnapshot().records.r1?.messages)).toEqual([
      [final.id, MsgType.text, 'Open your order and choose Return.\n\nSources: [1] Returns'],
    ]);
    desk.stop();
  });

  it('given a conversation opened mid-answer, should show the text so far and continue it with the next parts', async () => {
    const setup = deskOnFakeServer();
    const { server, desk } = setup;
    server.robotServes('r1', 'Vera');
    server.robotWrites('r1', 'q1', { thinking: 'Hmm.', text: 'Shipping is ' });
    desk.start();
    await later();
    await desk.inbox.inspect('r1');
    expect(lines(desk.getSnapshot().records.r1?.messages)).toEqual([
      ['answer-q1', MsgType.robotAnswer, 'Shipping is '],
    ]);
    server.robotWrites('r1', 'q1', { text: 'free from 50 EUR.' });
    await later();
    expect(desk.getSnapshot().records.r1?.messages.at(-1)?.msgContent).toBe('Shipping is free from 50 EUR.');
    desk.stop();
  });

  it('given a part that starts past the text the console has, should load the conversation again and go on from there', async () => {
    const { server, desk } = await watching();
    const loads = () => server.calls.filter((call) => call.name === 'conversation').length;
    const before = loads();
    // A part the console never got (its cursor passed it), then the next one.
    server.robotWrites('r1', 'q1', { text: 'Shipping is free ', unseen: true });
    server.robotWrites('r1', 'q1', { text: 'from 50 EUR.' });
    await later();
    expect(loads()).toBeGreaterThan(before);
    expect(desk.getSnapshot().records.r1?.messages.at(-1)?.msgContent).toBe('Shipping is free from 50 EUR.');
    desk.stop();
  });

  it('given another conversation put on screen, should give up the held poll and watch the new one at once', async () => {
    const { server, desk } = await watching('r1');
    server.robotServes('r2', 'Hugo');
    await later();
    expect(server.held).toBe(1);
    await desk.inbox.inspect('r2');
    await later();
    // One poll held, not two: the one watching r1 was aborted.
    expect(server.held).toBe(1);
    expect(server.calls.filter((call) => call.name === 'poll').at(-1)?.query).toMatchObject({ watch: 'r2' });
    server.robotWrites('r2', 'q2', { text: 'Hello Hugo.' });
    server.robotWrites('r1', 'q1', { text: 'Not shown here.' });
    await later();
    expect(desk.getSnapshot().records.r2?.messages.at(-1)?.msgContent).toBe('Hello Hugo.');
    expect(desk.getSnapshot().records.r1?.messages).toEqual([]);
    desk.stop();
  });

  it('given no conversation on screen, should watch none', async () => {
    const { server, desk } = await watching();
    desk.inbox.blur();
    await later();
    expect(server.calls.filter((call) => call.name === 'poll').at(-1)?.query.watch).toBeUndefined();
    desk.stop();
  });
});
