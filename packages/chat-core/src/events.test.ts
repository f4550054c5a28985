import { describe, expect, it } from 'vitest';
import { decodeBase64Text } from './base64.js';
import { advance, agentEvent, FakeServer, installFakeClock, NOW, setup, started } from './test/fakeServer.js';

installFakeClock();

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function withEvents(events: unknown[], options: Parameters<typeof started>[0] = {}) {
  const context = await started(options);
  context.server.queueEvents(...events);
  await advance(5000);
  return context;
}

describe('base64 decoding', () => {
  it.each(['Hello', '你好，世界', 'Ça va? 👋', '', 'a', 'ab'])(
    'given base64 of %j, should decode the UTF-8 text',
    (text) => {
      expect(decodeBase64Text(base64(text))).toBe(text);
    },
  );

  it('given URL-safe base64 without padding, should decode it', () => {
    expect(decodeBase64Text(base64('ü?>').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toBe(
      'ü?>',
    );
  });
});

describe('event 1200: agent joined', () => {
  it('given an agent joins, should show the join with time and name, speed up, load the card, status 2 and the welcome', async () => {
    const server = new FakeServer().reply('getAdminCard', {
      adminNick: 'Ann',
      adminWelcomeMode: 1,
      adminWelcomeMsg: 'Welcome!',
    });
    const { state } = await withEvents([{ msgId: 'j1', event_type: 1200, adminNick: 'Ann', msgTime: 42 }], {
      server,
    });
    expect(state()).toMatchObject({ chatStatus: 2, eventMsgDelay: 2000 });
    expect(state().adminCard?.adminNick).toBe('Ann');
    expect(state().messages).toMatchObject([
      {
        msgContent: 'Ann joined the chat',
        msgTime: 42,
        noticeKey: 'chat.agentJoined',
        noticeParams: { name: 'Ann' },
      },
      { msgContent: 'Welcome!', senderName: 'Ann' },
    ]);
  });

  it('given the visitor was queued, should remove the queue message', async () => {
    const { state } = await withEvents([{ msgId: 'j1', event_type: 1200, adminNick: 'Ann' }], {
      start: { status: 3 },
    });
    expect(state().messages.some((message) => message.id === 'waitMsgId')).toBe(false);
  });
  it('given a transfer already connected this agent, should announce its 1200 join once', async () => {
    const server = new FakeServer().reply('transferAgent', { adminNick: 'Ann', status: 2, waitIndex: 0 });
    const { session, texts } = await started({ server });
    await session.transfer();
    server.queueEvents({ msgId: 'j1', event_type: 1200, adminNick: 'Ann' });
    await advance(5000);
    expect(texts().filter((text) => text === 'Ann joined the chat')).toHaveLength(1);
    server.queueEvents({ msgId: 'j2', event_type: 1200, adminNick: 'Bob' });
    await advance(2000);
    expect(texts()).toContain('Bob joined the chat');
  });
});

describe('event 1304 (extension): the agent left', () => {
  it('given an agent who left, should say so, show the visitor queued again and the position, and take the next join', async () => {
    const server = new FakeServer().reply('transferAgent', { adminNick: 'Bob', status: 2, waitIndex: 0 });
    const { session, state, texts } = await started({ server });
    await session.transfer();
    server.queueEvents({ msgId: 'l1', event_type: 1304, adminNick: 'Bob', waitIndex: 1 });
    await advance(5000);
    expect(state().chatStatus).toBe(3);
    expect(texts()).toContain(
      'Bob left the chat. You are back at the front of the queue: the next free agent will answer.',
    );
    expect(state().messages.find((message) => message.id === 'waitMsgId')).toBeDefined();
    expect(state().waitIndex).toBe(1);
    server.queueEvents({ msgId: 'j2', event_type: 1200, adminNick: 'Ann' });
    await advance(2000);
    expect(state().chatStatus).toBe(2);
    expect(texts()).toContain('Ann joined the chat');
    expect(state().messages.some((message) => message.id === 'waitMsgId')).toBe(false);
  });
});

describe('event 1201: agent message', () => {
  it('given msgContentEnc, should decode it as UTF-8 and prefer it over msgContent', async () => {
    const { texts, state } = await withEvents([
      agentEvent('m1', 'ignored', { msgContentEnc: base64('你好 👋') }),
    ]);
    expect(texts()).toEqual(['你好 👋']);
    expect(state().messages[0]).toMatchObject({
      id: 'm1',
      senderType: 2,
      senderName: 'Ann',
      msgType: 1,
      msgTime: NOW,
    });
  });

  it('given a plain message with only an adminNick, should append it with that sender name', async () => {
    const { state } = await withEvents([
      { msgId: 'm2', event_type: 1201, adminNick: 'Bob', msgContent: 'Hi' },
    ]);
    expect(state().messages).toMatchObject([
      { id: 'm2', userId: 'u1', senderName: 'Bob', msgContent: 'Hi', senderType: 2 },
    ]);
  });

  it('given a file message, should keep its file fields', async () => {
    const file = { msgType: 2, fileName: 'a.png', fileSize: 10, fileUrl: 'https://f/a.png' };
    const { state } = await withEvents([agentEvent('m3', 'a.png', file)]);
    expect(state().messages[0]).toMatchObject(file);
  });

  it('given the page is hidden, should flag a new message; visible, should not', async () => {
    const { session, server, state } = await started();
    session.setPageVisible(false);
    server.queueEvents(agentEvent('m1', 'Hi'));
    await advance(5000);
    expect(state().hasNewMsg).toBe(true);
    session.setPageVisible(true);
    expect(state().hasNewMsg).toBe(false);
    server.queueEvents(agentEvent('m2', 'Again'));
    await advance(5000);
    expect(state().hasNewMsg).toBe(false);
  });

  it('given status 2 and a visible page, should send a read receipt', async () => {
    const { server } = await withEvents([agentEvent('m1', 'Hi')], { start: { status: 2 } });
    expect(server.bodies('msgComplete')).toEqual([{ userId: 'u1', pollId: 'p1' }]);
  });

  it('given from=iframe, should tell the parent page', async () => {
    const { notifyParent } = await withEvents([agentEvent('m1', 'Hi')], {
      search: '?channelid=c1&from=iframe',
    });
    expect(notifyParent).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1', msgContent: 'Hi' }));
  });

  it('given no from=iframe, should not tell a parent page', async () => {
    const { notifyParent } = await withEvents([agentEvent('m1', 'Hi')]);
    expect(notifyParent).not.toHaveBeenCalled();
  });

  it('given the agent countdown runs, should reset it and start the visitor countdown', async () => {
    const { session, server, state } = await started({
      start: { status: 2 },
      channel: { adminTimeoutMode: 1, userTimeoutMode: 1 },
    });
    await session.sendText('anyone?');
    expect(state().adminTimeoutTime).toBe(60);
    server.queueEvents(agentEvent('m1', 'Yes'));
    await advance(2000);
    expect(state().adminTimeoutTime).toBe(-1);
    expect(state().userTimeoutTime).toBe(120);
  });
});

describe('event 1202: chat ended', () => {
  it.each([
    [1, {}, 'You ended the chat', undefined],
    [2, { adminCloseMode: 1 }, 'The agent closed the chat', undefined],
    [3, {}, 'Your chat was opened in a new window!', 'notices.openedElsewhere'],
  ])('given outType %i, should show its end message and close', async (outType, channel, text, key) => {
    const { state } = await withEvents([{ msgId: 'x', event_type: 1202, outType }], { channel });
    expect(state().messages).toMatchObject([{ msgContent: text }]);
    expect(state().messages[0]?.noticeKey).toBe(key);
    expect(state()).toMatchObject({ chatStatus: 0, chatClosed: true });
  });

  it('given outType 2 with adminCloseMode 0, should show no end message', async () => {
    const { state } = await withEvents([{ msgId: 'x', event_type: 1202, outType: 2 }]);
    expect(state().messages).toEqual([]);
    expect(state().chatClosed).toBe(true);
  });

  it('given evaluateMode 1, should request the evaluation', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: [{ star: 1, desc: 'bad' }] });
    const { state } = await withEvents([{ msgId: 'x', event_type: 1202, outType: 1 }], {
      server,
      channel: { evaluateMode: 1 },
    });
    expect(state().openEvaluate).toBe(true);
  });

  it('given evaluateMode 0, should not request the evaluation', async () => {
    const { server } = await withEvents([{ msgId: 'x', event_type: 1202, outType: 1 }]);
    expect(server.count('getEvaluateInfo')).toBe(0);
  });
});

describe('events 1203 to 1208', () => {
  it('given 1203, should request the evaluation', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: [] });
    const { state } = await withEvents([{ msgId: 'x', event_type: 1203 }], { server });
    expect(server.bodies('getEvaluateInfo')).toEqual([{ tenantId: 't1', channelId: 'c1' }]);
    expect(state().evaluateStatus).toBe(1);
  });

  it('given 1204, should show typing, then hide it after a few seconds without another', async () => {
    const { state } = await withEvents([{ msgId: 't1', event_type: 1204 }]);
    expect(state().agentIsTyping).toBe(true);
    await advance(3999);
    expect(state().agentIsTyping).toBe(true);
    await advance(1);
    expect(state().agentIsTyping).toBe(false);
  });

  it('given 1204 then a message, should hide typing when the message arrives', async () => {
    const { server, state } = await withEvents([{ msgId: 't1', event_type: 1204 }], { start: { status: 2 } });
    server.queueEvents(agentEvent('m1', 'Done'));
    await advance(2000);
    expect(state().agentIsTyping).toBe(false);
  });

  it('given 1205, should delete the message with that id', async () => {
    const { server, texts } = await withEvents([agentEvent('m1', 'oops'), agentEvent('m2', 'kept')]);
    server.queueEvents({ msgId: 'm1', event_type: 1205 });
    await advance(5000);
    expect(texts()).toEqual(['kept']);
  });

  it('given 1207, should change nothing', async () => {
    const { state } = await withEvents([{ msgId: 'x', event_type: 1207, msgContent: 'noise' }]);
    expect(state().messages).toEqual([]);
    expect(state().eventMsgPollingSignal).toBe(true);
  });

  it("given 1208, should show 'Sorry, the agent refused your chat request'", async () => {
    const { state } = await withEvents([{ msgId: 'x', event_type: 1208 }]);
    expect(state().messages).toMatchObject([
      { msgContent: 'Sorry, the agent refused your chat request', noticeKey: 'notices.agentRefused' },
    ]);
  });

  it('given an unknown event type, should ignore it', async () => {
    const { state } = await withEvents([{ msgId: 'x', event_type: 1299 }]);
    expect(state().messages).toEqual([]);
    expect(state().eventMsg).toEqual([{ msgId: 'x', event_type: 1299, userId: '', msgContent: '' }]);
  });
});

describe('queue position', () => {
  it('given status 3 answers while queued, should refresh the queue message in place', async () => {
    let waitIndex = 5;
    const server = new FakeServer().reply('getEventMsg', () => ({
      msgList: [],
      status: 3,
      waitIndex: waitIndex--,
    }));
    const { state } = await started({ server, start: { status: 3 } });
    await advance(2000);
    expect(state().messages).toMatchObject([{ id: 'waitMsgId', msgContent: 'You are number 5 in line' }]);
    await advance(2000);
    expect(state().messages).toHaveLength(1);
    expect(state().messages).toMatchObject([{ id: 'waitMsgId', msgContent: 'You are number 4 in line' }]);
    expect(state().waitIndex).toBe(4);
  });

  it('given a queue text with ## several times, should replace each', async () => {
    const server = new FakeServer().reply('getEventMsg', { msgList: [], status: 3, waitIndex: 2 });
    const { state } = await started({
      server,
      start: { status: 3 },
      channel: { userQueueMsg: '## ahead (##)' },
    });
    await advance(2000);
    expect(state().messages[0]?.msgContent).toBe('2 ahead (2)');
  });

  it('given status 3 answers while with an agent, should not show a queue message', async () => {
    const server = new FakeServer().reply('getEventMsg', { msgList: [], status: 3, waitIndex: 2 });
    const { state } = await started({ server, start: { status: 2 } });
    await advance(2000);
    expect(state().messages).toEqual([]);
  });

  it('given no session, should not poll', () => {
    const { state } = setup();
    expect(state().eventMsgPollingSignal).toBe(false);
  });
});

describe('an agent message of a type the client does not know', () => {
  it('given one in a poll answer, should show it as text and go on with the rest of the answer', async () => {
    const { state, texts } = await withEvents([
      agentEvent('m1', 'A card from the future', { msgType: 'carousel' }),
      agentEvent('m2', 'Hello'),
    ]);
    expect(texts()).toEqual(['A card from the future', 'Hello']);
    expect(state().messages.map((shown) => shown.msgType)).toEqual([1, 1]);
  });
});

describe('the newest agent message, told once', () => {
  it('given agent messages by polling, should name the newest once each; history and repeats change nothing', async () => {
    const { server, state } = await started();
    expect(state().latestAgentMessageId).toBe('');
    server.queueEvents(agentEvent('m1', 'Hi'));
    await advance(5000);
    expect(state().latestAgentMessageId).toBe('m1');
    server.queueEvents(agentEvent('m1', 'Hi'), agentEvent('m2', 'There'));
    await advance(5000);
    expect(state().latestAgentMessageId).toBe('m2');
    const snapshot = state();
    server.queueEvents(agentEvent('m2', 'There'));
    await advance(5000);
    expect(state().latestAgentMessageId).toBe('m2');
    expect(state().messages).toBe(snapshot.messages);
  });
});

describe('event 1303: an agent read the visitor (extension)', () => {
  const mine = (
    state: () => { messages: readonly { senderType: number; msgContent: string; readAt?: number }[] },
  ) =>
    state()
      .messages.filter((message) => message.senderType === 1)
      .map((message) => [message.msgContent, message.readAt]);

  it('given the page id of the last message read, should mark it, and only it, read', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    await session.sendText('one');
    await session.sendText('two');
    await session.sendText('three');
    const [, second] = state().messages.filter((message) => message.senderType === 1);
    server.queueEvents({ msgId: 'srv-2', clientMsgId: second?.id, event_type: 1303, readAt: 500 });
    await advance(2000);
    expect(mine(state)).toEqual([
      ['one', undefined],
      ['two', 500],
      ['three', undefined],
    ]);
    const third = state().messages.filter((message) => message.senderType === 1)[2];
    server.queueEvents({ msgId: 'srv-3', clientMsgId: third?.id, event_type: 1303, readAt: 900 });
    await advance(2000);
    // "Seen" moves: one message carries it.
    expect(mine(state)).toEqual([
      ['one', undefined],
      ['two', undefined],
      ['three', 900],
    ]);
  });

  it("given the server's id of a message from the history, should mark that message and keep one mark", async () => {
    const server = new FakeServer().reply('getHistoryMsg', [
      { id: 'h3', userId: 'u', senderType: 1, msgType: 1, msgContent: 'last', msgTime: 3 },
      { id: 'h2', userId: 'u', senderType: 1, msgType: 1, msgContent: 'later', msgTime: 2, readAt: 6 },
      { id: 'h1', userId: 'u', senderType: 1, msgType: 1, msgContent: 'earlier', msgTime: 1, readAt: 5 },
    ]);
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.loadOlderHistory();
    // The history marks two read: the page's mark is on the later one.
    expect(mine(state)).toEqual([
      ['earlier', undefined],
      ['later', 6],
      ['last', undefined],
    ]);
    server.queueEvents({ msgId: 'h3', event_type: 1303, readAt: 7 });
    await advance(2000);
    expect(mine(state)).toEqual([
      ['earlier', undefined],
      ['later', undefined],
      ['last', 7],
    ]);
  });

  it('given an id the page does not have, should change nothing', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    await session.sendText('one');
    const before = state().messages;
    server.queueEvents({ msgId: 'elsewhere', clientMsgId: 'nope', event_type: 1303, readAt: 5 });
    await advance(2000);
    expect(state().messages).toBe(before);
  });
});
