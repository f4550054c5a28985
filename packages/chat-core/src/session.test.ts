import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createMemoryStorage, defaultStorage } from './environment.js';
import { createChatSession, initialChatState } from './session.js';
import { advance, agentEvent, FakeServer, installFakeClock, setup, started } from './test/fakeServer.js';
import type { ChannelInfo, ChatStartData } from './types.js';

installFakeClock();

describe('snapshot', () => {
  it('given a new session, should hold the spec defaults', () => {
    const { state } = setup();
    expect(state()).toMatchObject({
      eventMsgDelay: 5000,
      openSound: true,
      evaluateStatus: 0,
      adminTimeoutTime: -1,
      userTimeoutTime: -1,
      historyMsgStatus: 0,
      chatStatus: 0,
      chatClosed: false,
      documentTitle: 'User consultation',
      phase: 'idle',
    });
    expect(Object.keys(initialChatState())).toEqual(
      expect.arrayContaining(['sysMsgsQueue', 'timeoutTimerSignal', 'transferMsg']),
    );
  });

  it('given a started session, should carry its channel and chat start on the ready phase only', async () => {
    const { state } = setup();
    const before = state();
    expect(before).toMatchObject({ phase: 'idle', channelInfo: null, chatStart: null });
    expectTypeOf(before.channelInfo).toEqualTypeOf<ChannelInfo | null>();
    const { state: running } = await started();
    const ready = running();
    if (ready.phase !== 'ready') throw new Error(`expected a running session, got ${ready.phase}`);
    // The phase narrows the snapshot: a running session's channel needs no check and no cast.
    expectTypeOf(ready.channelInfo).toEqualTypeOf<ChannelInfo>();
    expectTypeOf(ready.chatStart).toEqualTypeOf<ChatStartData>();
    expect(ready.channelInfo.tenantId).toBe(ready.tenantId);
    expect(ready.chatStart.userId).toBe(ready.userId);
  });

  it('given nothing changed, should return the same frozen object; given a change, a new one', () => {
    const { session } = setup();
    const first = session.getSnapshot();
    expect(Object.isFrozen(first)).toBe(true);
    session.setSound(true);
    expect(session.getSnapshot()).toBe(first);
    session.setSound(false);
    expect(session.getSnapshot()).not.toBe(first);
    expect(session.getSnapshot().openSound).toBe(false);
  });

  it('given a subscriber, should call it on change until unsubscribed', () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.setSound(false);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    session.setSound(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('close', () => {
  it('given an open chat, should call chatClose, set status 0 and chatClosed, and stop polling', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    await session.close();
    expect(server.bodies('chatClose')).toEqual([{ userId: 'u1' }]);
    expect(state()).toMatchObject({ chatStatus: 0, chatClosed: true, eventMsgPollingSignal: false });
    await session.close();
    expect(server.count('chatClose')).toBe(1);
  });

  it("given the visitor ends the chat, should show the channel's end message (userOverMsg, as outType 1)", async () => {
    const { session, state } = await started({
      start: { status: 2 },
      channel: { userOverMsg: 'Thanks for chatting with Acme' },
    });
    await session.close();
    expect(state().messages.at(-1)).toMatchObject({
      senderType: 4,
      msgContent: 'Thanks for chatting with Acme',
    });
  });

  it('given a channel without an end message, should show the page its own "You ended the chat" line', async () => {
    const { session, state } = await started({ channel: { userOverMsg: '' } });
    await session.close();
    expect(state().messages.at(-1)).toMatchObject({
      senderType: 4,
      msgContent: 'You ended the chat',
      noticeKey: 'chat.youEnded',
    });
  });

  it('given a channel that asks for ratings (evaluateMode 1), should offer the rating when the visitor ends the chat', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: [{ star: 1 }, { star: 5 }] });
    const { session, state } = await started({ server, channel: { evaluateMode: 1 } });
    await session.close();
    await advance(0); // the rating options arrive
    expect(state()).toMatchObject({ chatClosed: true, openEvaluate: true, evaluateStatus: 1 });
  });

  it('given a channel that does not ask for ratings, should not open the rating', async () => {
    const { session, server, state } = await started();
    await session.close();
    expect([state().openEvaluate, server.count('getEvaluateInfo')]).toEqual([false, 0]);
  });

  it('given chatClose fails, should still close locally', async () => {
    const { session, state } = await started({ server: new FakeServer().refuse('chatClose') });
    await session.close();
    expect(state().chatClosed).toBe(true);
  });
});

describe('notices and sound', () => {
  it('given a notice is dismissed, should remove it', async () => {
    const { session, state } = await started({ server: new FakeServer().refuse('evaluate') });
    await session.submitEvaluation({ star: 1 });
    const [notice] = state().notices;
    session.dismissNotice(notice?.id ?? 0);
    expect(state().notices).toEqual([]);
  });
});

describe('title', () => {
  it('given a new agent message while hidden, should flash every second until visible', async () => {
    const { session, server, state } = await started();
    session.setPageVisible(false);
    server.queueEvents(agentEvent('m1', 'Hi'));
    await advance(5000);
    expect(state().titleFlash).toBe(true);
    await advance(1000);
    expect(state().titleFlash).toBe(false);
    await advance(1000);
    expect(state().titleFlash).toBe(true);
    session.setPageVisible(true);
    expect(state()).toMatchObject({ titleFlash: false, hasNewMsg: false });
    await advance(3000);
    expect(state().titleFlash).toBe(false);
  });

  it('given hidden without a new message, should not flash', async () => {
    const { session, state } = await started();
    session.setPageVisible(false);
    await advance(3000);
    expect(state().titleFlash).toBe(false);
  });
});

describe('robot tips', () => {
  it('given quick typing, should ask once after the pause and keep the suggestions', async () => {
    const server = new FakeServer().reply('robotTips', (body: { msgContent: string }) => [
      `${body.msgContent}?`,
    ]);
    const { session, state } = await started({ server });
    const first = session.requestRobotTips('ord');
    const second = session.requestRobotTips('order');
    await advance(300);
    await Promise.all([first, second]);
    expect(server.bodies('robotTips')).toEqual([{ userId: 'u1', msgContent: 'order' }]);
    expect(state().robotTips).toEqual(['order?']);
    await session.requestRobotTips('  ');
    expect(state().robotTips).toEqual([]);
  });

  it('given an older answer arrives after a newer question, should keep the newer answer', async () => {
    const releases: ((value: unknown) => void)[] = [];
    const server = new FakeServer().answer(
      'robotTips',
      () => new Promise((resolve) => releases.push(resolve)),
    );
    const { session, state } = await started({ server });
    const first = session.requestRobotTips('a');
    await advance(300);
    const second = session.requestRobotTips('ab');
    await advance(300);
    releases[1]?.({ code: 200, data: ['new'], message: '' });
    releases[0]?.({ code: 200, data: ['old'], message: '' });
    await Promise.all([first, second]);
    expect(state().robotTips).toEqual(['new']);
  });

  it('given tips fail, should log quietly', async () => {
    const { session, logger } = await started({ server: new FakeServer().refuse('robotTips') });
    const asking = session.requestRobotTips('x');
    await advance(300);
    await asking;
    expect(logger.warn).toHaveBeenCalledWith('robotTips failed', expect.anything());
  });
});

describe('dispose', () => {
  it('given dispose, should stop polling and ignore what arrives later', async () => {
    const { session, server, state } = await started();
    session.dispose();
    await advance(20_000);
    expect(server.count('getEventMsg')).toBe(0);
    const before = state();
    session.setSound(false);
    expect(state()).toBe(before);
    await session.start();
    expect(server.count('channelInfo')).toBe(1);
  });
});

describe('commands never reject', () => {
  it('given a throwing storage, should still start and log nothing fatal', async () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    const { session, state, logger } = setup({ storage });
    await session.start();
    expect(state().phase).toBe('ready');
    expect(logger.warn).toHaveBeenCalledWith('storage unavailable', expect.anything());
    await expect(session.chooseGroup('g1')).resolves.toBeUndefined();
    await expect(session.sendText('kept in memory only')).resolves.toBeUndefined();
    expect(state().messages.at(-1)?.status).toBe('sent');
  });

  it('given a command hits an unexpected error, should resolve and log it', async () => {
    const { session, logger } = await started({ start: { status: 2 } });
    const broken = {
      get name(): string {
        throw new Error('bad file');
      },
      size: 1,
    } as unknown as File;
    await expect(session.sendFile(broken)).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('chat command failed', expect.any(Error));
  });
});

describe('defaults', () => {
  it('given no options, should use the browser-like globals lazily and the default transport', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 404, data: null, message: 'nope' })));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('location', { search: '?channelid=c9' });
    vi.stubGlobal('document', { visibilityState: 'visible', referrer: '' });
    try {
      const session = createChatSession({ apiBase: 'http://127.0.0.1:9' });
      await session.start();
      expect(session.getSnapshot().error?.text).toBe('unknown channel, nope');
      expect((fetch.mock.calls[0] as unknown[])[0]).toBe('http://127.0.0.1:9/api/chat/visitor/channelInfo');
      session.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('given localStorage exists, should use it; given none, memory', () => {
    const local = createMemoryStorage();
    vi.stubGlobal('localStorage', local);
    try {
      expect(defaultStorage()).toBe(local);
    } finally {
      vi.unstubAllGlobals();
    }
    const memory = defaultStorage();
    memory.setItem('a', '1');
    expect(memory.getItem('a')).toBe('1');
    memory.removeItem('a');
    expect(memory.getItem('a')).toBeNull();
  });
});
