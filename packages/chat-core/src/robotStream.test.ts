import { MsgType, VisitorEvent } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { placeAt } from './robotStream.js';
import { advance, FakeServer, installFakeClock, NOW, started } from './test/fakeServer.js';
import type { ChatMessage } from './types.js';

installFakeClock();

const question = `msgId-${NOW}`;
const placeholderId = `answer-${question}`;
let eventId = 0;

/** A part of the answer to `question`, as the server's poll carries it (event 1301). */
const part = (at: number, delta: string, thinking: [number, string] = [0, '']) => ({
  msgId: `event-${++eventId}`,
  event_type: VisitorEvent.robotDelta,
  replyTo: question,
  at,
  delta,
  thinkingAt: thinking[0],
  thinkingDelta: thinking[1],
});

const finalAnswer = (text: string) => ({
  msgId: 'r-final',
  event_type: VisitorEvent.robotAnswer,
  replyTo: question,
  senderType: 3,
  senderName: 'Robo',
  msgType: 1,
  msgContent: text,
  msgTime: NOW + 9000,
});

/** A server that streams: robotAsk answers at once with the placeholder (msgType answermsg). */
function streamingServer(soFar = '') {
  return new FakeServer().reply('robotAsk', (body: { msgId: string }) => ({
    id: `answer-${body.msgId}`,
    senderType: 3,
    msgType: MsgType.robotAnswer,
    msgContent: soFar,
    msgTime: NOW,
  }));
}

const robotRows = (messages: readonly ChatMessage[]) =>
  messages.filter((message) => message.senderType === 3);

describe('placing a part of the answer', () => {
  it.each([
    ['at the end', 'Open ', 5, 'your', 'Open your'],
    ['again (a repeated poll)', 'Open your', 5, 'your', 'Open your'],
    ['overlapping the end', 'Open yo', 5, 'your order', 'Open your order'],
    ['from the start, shorter than known', 'Open your order', 0, 'Open', 'Open your order'],
  ])('given a part %s, should give the text once', (_case, known, at, more, expected) => {
    expect(placeAt(known, at, more)).toBe(expected);
  });

  it('given a part past the end, should say parts are missing', () => {
    expect(placeAt('Open', 9, 'order')).toBeUndefined();
  });
});

describe("the robot's growing answer", () => {
  it('given a streaming server, should grow the placeholder from the poll, time the thinking, then put the final answer in its place', async () => {
    const server = streamingServer();
    const { session, state } = await started({ server });
    await session.sendText('How do I return a shirt?');
    expect(server.bodies('robotAsk')[0]).toMatchObject({ msgId: question, stream: true });
    expect(state().messages[1]).toMatchObject({ id: placeholderId, status: 'pending', msgContent: '' });

    server.queueEvents(part(0, '', [0, 'The visitor asks ']), part(0, '', [17, 'about returns.']));
    await advance(5000);
    expect(state().messages[1]).toMatchObject({
      id: placeholderId,
      growing: true,
      msgContent: '',
      thinking: { text: 'The visitor asks about returns.' },
    });
    expect(state().messages[1]?.thinking?.seconds).toBeUndefined();

    server.queueEvents(part(0, 'Open your order '));
    await advance(5000);
    // Thinking ends when the answer begins: about 5 s after it started here.
    expect(state().messages[1]?.thinking).toMatchObject({ seconds: 5 });
    expect(state().messages[1]?.msgContent).toBe('Open your order ');

    server.queueEvents(
      part(16, 'and choose Return.'),
      finalAnswer('Open your order and choose Return.\n\nSources: [1] Returns'),
    );
    await advance(5000);
    const rows = robotRows(state().messages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'r-final',
      replyTo: question,
      msgContent: 'Open your order and choose Return.\n\nSources: [1] Returns',
      status: 'sent',
      thinking: { text: 'The visitor asks about returns.', seconds: 5 },
    });
    expect(rows[0]?.growing).toBeUndefined();
  });

  it('given parts again after a cut poll, should show the text once', async () => {
    const server = streamingServer();
    const { session, state } = await started({ server });
    await session.sendText('Shipping?');
    server.queueEvents(part(0, 'Shipping '), part(9, 'is free'));
    await advance(5000);
    server.queueEvents(part(0, 'Shipping '), part(9, 'is free'), part(16, ' from 50 EUR.'));
    await advance(5000);
    expect(state().messages[1]?.msgContent).toBe('Shipping is free from 50 EUR.');
  });

  it('given a reloaded page that missed the first parts, should ask for the text so far and go on from it', async () => {
    const server = streamingServer('Shipping is free');
    const { state } = await started({ server });
    // The reloaded page shows the visitor's question from the record, no placeholder.
    server.queueEvents(part(16, ' from 50 EUR'));
    await advance(5000);
    expect(server.bodies('robotAsk')).toEqual([
      { userId: 'u1', msgContent: '', msgId: question, stream: true },
    ]);
    expect(state().messages).toMatchObject([
      { id: placeholderId, msgContent: 'Shipping is free', growing: true },
    ]);
    server.queueEvents(part(16, ' from 50 EUR'), part(28, '.'));
    await advance(5000);
    expect(state().messages[0]?.msgContent).toBe('Shipping is free from 50 EUR.');
    server.queueEvents(finalAnswer('Shipping is free from 50 EUR.'));
    await advance(5000);
    expect(state().messages).toMatchObject([{ id: 'r-final', msgContent: 'Shipping is free from 50 EUR.' }]);
  });

  it('given the final answer before robotAsk answered, should keep the final answer', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer('robotAsk', () => new Promise((resolve) => (release = resolve)));
    const { session, state } = await started({ server });
    const sending = session.sendText('Hi');
    await advance(0);
    server.queueEvents(finalAnswer('Hello!'));
    await advance(5000);
    release({
      code: 200,
      data: { id: placeholderId, senderType: 3, msgType: 'answermsg', msgContent: 'Hel', msgTime: NOW },
      message: '',
    });
    await sending;
    expect(robotRows(state().messages)).toMatchObject([{ id: 'r-final', msgContent: 'Hello!' }]);
  });

  it('given a part of an answer already final, should not bring the placeholder back', async () => {
    const server = streamingServer();
    const { session, state } = await started({ server });
    await session.sendText('Hi');
    server.queueEvents(finalAnswer('Hello!'), part(0, 'Hel'));
    await advance(5000);
    expect(robotRows(state().messages)).toMatchObject([{ id: 'r-final', msgContent: 'Hello!' }]);
  });
  it("given the server's count of the thinking, should show it, and keep the recorded answer's thinking once final", async () => {
    const server = streamingServer();
    const { session, state } = await started({ server });
    await session.sendText('How do I return a shirt?');
    server.queueEvents(part(0, '', [0, 'Returns: source 1.']));
    await advance(5000);
    // The server says the thinking took 3 s (its parts came late here, 5 s after).
    server.queueEvents({ ...part(0, 'Open your order.'), thinkingAt: 18, thinkingSeconds: 3 });
    await advance(5000);
    expect(state().messages[1]?.thinking).toMatchObject({ text: 'Returns: source 1.', seconds: 3 });
    server.queueEvents({
      ...finalAnswer('Open your order.'),
      thinking: { text: 'Returns: source 1.', seconds: 3 },
    });
    await advance(5000);
    expect(robotRows(state().messages)).toMatchObject([
      { id: 'r-final', thinking: { text: 'Returns: source 1.', seconds: 3 } },
    ]);
  });

  it('given a page reloaded while the model thinks, should show the thinking so far and continue it', async () => {
    const server = new FakeServer().reply('robotAsk', (body: { msgId: string }) => ({
      id: `answer-${body.msgId}`,
      senderType: 3,
      msgType: MsgType.robotAnswer,
      msgContent: '',
      msgTime: NOW,
      thinking: { text: 'The visitor asks ' },
    }));
    const { state } = await started({ server });
    server.queueEvents(part(0, '', [17, 'about returns.']));
    await advance(5000);
    expect(server.count('robotAsk')).toBe(1);
    server.queueEvents(part(0, '', [17, 'about returns.']), part(0, 'Open your order.'));
    await advance(5000);
    expect(state().messages[0]).toMatchObject({
      id: placeholderId,
      msgContent: 'Open your order.',
      thinking: { text: 'The visitor asks about returns.' },
    });
    // Parts went on from the thinking so far: robotAsk was asked once.
    expect(server.count('robotAsk')).toBe(1);
  });

  it('given a reloaded page whose record has the final answer, should not bring its placeholder back', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const server = streamingServer().reply('getSessionMsg', [
      { id: question, userId: 'u1', senderType: 1, msgType: 1, msgContent: 'Hi', msgTime: NOW },
      {
        id: 'r-final',
        userId: 'u1',
        senderType: 3,
        msgType: 1,
        msgContent: 'Hello!',
        msgTime: NOW + 1,
        replyTo: question,
        thinking: { text: 'A greeting.', seconds: 2 },
      },
    ]);
    const { state } = await started({ storage, server });
    // A part read before the answer was final, answered after the reload.
    server.queueEvents(part(0, 'Hel'));
    await advance(5000);
    expect(robotRows(state().messages)).toMatchObject([
      { id: 'r-final', msgContent: 'Hello!', thinking: { text: 'A greeting.', seconds: 2 } },
    ]);
    expect(server.count('robotAsk')).toBe(0);
  });
});
