import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './environment.js';
import {
  advance,
  CHANNEL,
  FakeServer,
  installFakeClock,
  NOW,
  START,
  setup,
  started,
} from './test/fakeServer.js';

installFakeClock();

describe('start: URL parameters and page errors', () => {
  it('given no channel id in the URL, should fail with "unknown channel id" and call nothing', async () => {
    const { session, state, server } = setup({ search: '?pid=1' });
    await session.start();
    expect(state().error).toEqual({ key: 'errors.unknownChannelId', text: 'unknown channel id' });
    expect(state().phase).toBe('failed');
    expect(server.calls).toEqual([]);
  });

  it('given a query naming two different channels, should start neither and call nothing', async () => {
    const { session, state, server } = setup({ search: '?channelId=victim&channelId=attacker' });
    await session.start();
    expect(state().error).toEqual({ key: 'errors.unknownChannelId', text: 'unknown channel id' });
    expect(state().phase).toBe('failed');
    expect(server.calls).toEqual([]);
  });

  it('given siteid as the alias, should ask channelInfo for that id', async () => {
    const { server } = await started({ search: '?SiteId=s9' });
    expect(server.bodies('channelInfo')).toEqual([{ id: 's9' }]);
  });

  it('given channelInfo answers a code other than 200, should fail with "unknown channel, {message}"', async () => {
    const server = new FakeServer().refuse('channelInfo', 'no such channel', 404);
    const { state } = await started({ server });
    expect(state().error).toEqual({
      key: 'errors.unknownChannel',
      text: 'unknown channel, no such channel',
      params: { message: 'no such channel' },
    });
    expect(state().phase).toBe('failed');
  });

  it('given no channel id, or a channel the server does not know (4xx), should not offer starting again', async () => {
    const missing = setup({ search: '?pid=1' });
    await missing.session.start();
    expect(missing.state().startRetryable).toBe(false);
    const server = new FakeServer().refuse('channelInfo', 'no such channel', 404);
    const { state } = await started({ server });
    expect(state().startRetryable).toBe(false);
  });

  it('given the server cannot be reached or answers 5xx, should offer starting again, and it can work', async () => {
    const server = new FakeServer();
    server.offline = true;
    const { session, state } = await started({ server });
    expect([state().phase, state().startRetryable]).toEqual(['failed', true]);
    server.offline = false;
    server.refuse('chatStart', 'database restarting', 503);
    await session.start();
    expect([state().error?.text, state().startRetryable]).toEqual([
      'failed to create session,database restarting',
      true,
    ]);
    server.reply('chatStart', START);
    await session.start();
    expect([state().phase, state().error, state().startRetryable]).toEqual(['ready', null, false]);
  });

  it('given a returning visitor on a channel this browser has not started on, should wait for the channel before chatStart', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-other-uid', 'u-elsewhere');
    const server = new FakeServer().refuse('channelInfo', 'no such channel', 404);
    await started({ server, storage });
    expect(server.count('chatStart')).toBe(0);
  });

  it('given channelInfo answers without data, should fail with "unknown channel, {message}" and log the detail', async () => {
    const server = new FakeServer().answer('channelInfo', () => ({
      code: 200,
      data: null,
      message: 'channel disabled',
    }));
    const { state, logger } = await started({ server });
    expect(state().error).toEqual({
      key: 'errors.unknownChannel',
      text: 'unknown channel, channel disabled',
      params: { message: 'channel disabled' },
    });
    expect(logger.warn).toHaveBeenCalledWith(
      'the chat could not start',
      expect.objectContaining({ message: 'channelInfo: unexpected answer, data should be an object' }),
    );
  });

  it('given chatStart fails, should fail with "failed to create session,{message}"', async () => {
    const server = new FakeServer().refuse('chatStart', 'too busy');
    const { state } = await started({ server });
    expect(state().error).toEqual({
      key: 'errors.sessionFailed',
      text: 'failed to create session,too busy',
      params: { message: 'too busy' },
    });
  });

  it('given chatStart answers without data, should fail with "failed to create session,{message}"', async () => {
    const server = new FakeServer().answer('chatStart', () => ({ code: 200, message: 'ok' }));
    const { state } = await started({ server });
    expect(state().error?.text).toBe('failed to create session,ok');
  });

  it("given every URL parameter, should pass them, the referrer and the visitor's browser to chatStart", async () => {
    const { server } = await started({
      search:
        '?channelid=c1&pid=p&pidsignature=5f1c&params=x%3D1&username=Ann&email=a@b.co&phone=13800000000&groupid=g2&adminid=a7',
    });
    expect(server.bodies('chatStart')[0]).toEqual({
      channelId: 'c1',
      pid: 'p',
      pidSignature: '5f1c',
      params: 'x=1',
      userName: 'Ann',
      userId: '',
      email: 'a@b.co',
      phone: '13800000000',
      groupId: 'g2',
      adminId: 'a7',
      previousUrl: 'https://shop.example/cart',
      pageUrl: '',
      language: 'de-AT',
      timeZone: 'Europe/Vienna',
    });
  });
});

describe("start: the visitor's page, language and time zone", () => {
  it('given a page URL, a language and a time zone, should send them in chatStart', async () => {
    const { server } = await started({
      page: {
        pageUrl: 'https://shop.example/shoes?size=42',
        language: 'pt-BR',
        timeZone: 'America/Sao_Paulo',
      },
    });
    expect(server.bodies('chatStart')[0]).toMatchObject({
      previousUrl: 'https://shop.example/cart',
      pageUrl: 'https://shop.example/shoes?size=42',
      language: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('given an embedded page (from=iframe), should send the host page (its referrer) as the page URL', async () => {
    const { server } = await started({ search: '?channelId=c1&from=iframe' });
    expect(server.bodies('chatStart')[0]).toMatchObject({
      previousUrl: 'https://shop.example/cart',
      pageUrl: 'https://shop.example/cart',
    });
  });

  it("given a page that is not embedded, should send the chat page's address without its query", async () => {
    vi.stubGlobal('location', {
      search: '?channelId=c1&email=ann@example.com',
      origin: 'https://chat.example',
      pathname: '/chat/index',
    });
    try {
      const { server } = await started({ search: '?channelId=c1&email=ann@example.com' });
      expect(server.bodies('chatStart')[0]).toMatchObject({ pageUrl: 'https://chat.example/chat/index' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    ['a page that is not http(s)', { pageUrl: 'file:///Users/ann/chat.html' }, 'pageUrl'],
    ['a page URL over 4000 characters', { pageUrl: `https://shop.example/${'x'.repeat(4000)}` }, 'pageUrl'],
    ['a language that is no BCP 47 tag', { language: 'de_AT.UTF-8' }, 'language'],
    ['a time zone that is no IANA name', { timeZone: ':/etc/localtime' }, 'timeZone'],
  ] as const)('given %s, should leave that field empty and still start', async (_case, page, field) => {
    const { server, state } = await started({ page });
    expect(server.bodies('chatStart')[0]?.[field]).toBe('');
    expect(state().phase).toBe('ready');
  });
});

describe('start: verified visitor identity', () => {
  const signature = '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdbe8a6ca0';

  it("given a pid and its signature in the host's URL, should send both in chatStart", async () => {
    const { server, state } = await started({
      search: `?channelId=c1&pid=user-42&pidSignature=${signature}`,
    });
    expect(server.bodies('chatStart')[0]).toMatchObject({ pid: 'user-42', pidSignature: signature });
    expect(state().phase).toBe('ready');
  });

  it('given no signature in the URL, should send an empty pidSignature', async () => {
    const { server } = await started({ search: '?channelId=c1&pid=user-42' });
    expect(server.bodies('chatStart')[0]).toMatchObject({ pid: 'user-42', pidSignature: '' });
  });

  it("given the server refuses the visitor's identity, should show the server's message and start nothing", async () => {
    const server = new FakeServer().refuse('chatStart', 'pidSignature does not match pid', 401);
    const { state } = await started({ server, search: '?channelId=c1&pid=user-42&pidSignature=beef' });
    expect(state().phase).toBe('failed');
    expect(state().error).toEqual({
      key: 'errors.sessionFailed',
      text: 'failed to create session,pidSignature does not match pid',
      params: { message: 'pidSignature does not match pid' },
    });
    expect(server.count('getEventMsg')).toBe(0);
  });
});

describe('start: channel and visitor', () => {
  it('given a channel, should expose its info, title and ids', async () => {
    const { state } = await started();
    expect(state()).toMatchObject({
      phase: 'ready',
      channelId: 'c1',
      tenantId: 't1',
      userId: 'u1',
      sessionId: 's1',
      pollId: 'p1',
      chatStatus: 0,
      documentTitle: 'Acme help',
      documentTitleKey: null,
    });
    expect(state().chatStart?.serverTime).toBe(5000);
  });

  it('given no titleDesc, should use the default title and its key', async () => {
    const { state } = await started({ channel: { titleDesc: '' } });
    expect(state().documentTitle).toBe('User consultation');
    expect(state().documentTitleKey).toBe('page.defaultTitle');
  });

  it('given a first visit, should store the visitor id under chat-{tenant}-uid and send it next time', async () => {
    const storage = createMemoryStorage();
    await started({ storage });
    expect(storage.getItem('chat-t1-uid')).toBe('u1');
    const second = await started({ storage });
    expect(second.server.bodies('chatStart')[0].userId).toBe('u1');
  });

  it('given a stored id, should replace the list with the session messages', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const server = new FakeServer().reply('getSessionMsg', [
      { id: 'm1', userId: 'u1', senderType: 1, msgType: 1, msgContent: 'earlier', msgTime: 1 },
      { id: 'm1', userId: 'u1', senderType: 1, msgType: 1, msgContent: 'earlier', msgTime: 1 },
    ]);
    const { texts } = await started({ storage, server });
    expect(server.bodies('getSessionMsg')).toEqual([{ userId: 'u1', sessionId: 's1' }]);
    expect(texts()).toEqual(['earlier']);
  });

  it('given a returning visitor, should turn ready only with their messages and the welcome in place', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const server = new FakeServer()
      .reply('channelInfo', { ...CHANNEL, robotWelcomeMode: 1, robotWelcomeMsg: 'Hello again' })
      .reply('getSessionMsg', [
        { id: 'm1', userId: 'u1', senderType: 1, msgType: 1, msgContent: 'earlier', msgTime: 1 },
      ]);
    const { session } = setup({ storage, server });
    // What a page draws at each change: a ready page with no messages would be a first screen
    // the messages then replace.
    const drawn: Array<[string, number]> = [];
    session.subscribe(() => {
      const { phase, messages } = session.getSnapshot();
      drawn.push([phase, messages.length]);
    });
    await session.start();
    const firstReady = drawn.find(([phase]) => phase === 'ready');
    expect(firstReady).toEqual(['ready', 2]);
    expect(drawn.filter(([phase]) => phase === 'ready').every(([, count]) => count === 2)).toBe(true);
  });

  it('given agent messages the visitor missed, should show them first under "While you were away"', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const agentMessage = (id: string, msgContent: string, msgTime: number) => ({
      id,
      userId: 'u1',
      senderType: 2,
      senderName: 'Ann',
      msgType: 1,
      msgContent,
      msgTime,
    });
    const server = new FakeServer()
      .reply('getSessionMsg', [
        { id: 'm9', userId: 'u1', senderType: 1, msgType: 1, msgContent: 'now', msgTime: 90 },
      ])
      .reply('getOfflineMsg', [
        agentMessage('a1', 'Your refund was approved.', 10),
        // A type the page does not know is read as text, as in every other message list.
        { ...agentMessage('a2', 'Anything else?', 11), msgType: 'survey' },
      ]);
    const { texts, state } = await started({ storage, server });
    expect(server.bodies('getOfflineMsg')).toEqual([{ userId: 'u1' }]);
    expect(texts()).toEqual(['While you were away', 'Your refund was approved.', 'Anything else?', 'now']);
    expect(state().messages[0]).toMatchObject({ senderType: 4, noticeKey: 'chat.whileAway', msgTime: 10 });
    expect(state().messages[2]).toMatchObject({ id: 'a2', msgType: 1 });
  });

  it('given nothing missed, should add no notice', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const { texts } = await started({ storage });
    expect(texts()).not.toContain('While you were away');
  });

  it('given no stored id, should not ask for session messages', async () => {
    const { server } = await started();
    expect(server.count('getSessionMsg')).toBe(0);
  });

  it('given getSessionMsg fails, should keep going and log it', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const server = new FakeServer().refuse('getSessionMsg');
    const { state, logger } = await started({ storage, server });
    expect(state().phase).toBe('ready');
    expect(logger.warn).toHaveBeenCalledWith('getSessionMsg failed', expect.anything());
  });

  it.each([
    [0, 0],
    [3, 3],
    [1, 3],
    [2, 3],
  ])('given receiveMode %i, should use receive mode %i', async (given, expected) => {
    const { state } = await started({ channel: { receiveMode: given } });
    expect(state().receiveMode).toBe(expected);
  });
});

describe('start: welcome messages', () => {
  const welcome = { robotWelcomeMode: 1, receiveMode: 0 };

  it('given status 0, robot mode and robotWelcomeMode 1, should show the robot welcome robot-{time}', async () => {
    const { state } = await started({ channel: welcome });
    expect(state().messages).toEqual([
      {
        id: `robot-${NOW}`,
        userId: '',
        senderType: 3,
        senderName: 'Robo',
        msgType: 1,
        msgContent: 'Hi, I am Robo',
        msgTime: NOW,
      },
    ]);
  });

  it.each([
    ['status 1', { channel: welcome, start: { status: 1 } }],
    ['human-first mode', { channel: { ...welcome, receiveMode: 3 } }],
    ['robotWelcomeMode 0', { channel: { ...welcome, robotWelcomeMode: 0 } }],
  ])('given %s, should show no robot welcome', async (_, options) => {
    const { state } = await started(options);
    expect(state().messages.some((message) => message.id.startsWith('robot-'))).toBe(false);
  });

  const faq = JSON.stringify([{ title: 'Shipping', children: [{ title: 'How long?', content: '3 days' }] }]);

  it('given status 0 and faqMode 1, should show an faq message with the tree', async () => {
    const { state } = await started({ channel: { faqMode: 1, faqConfig: faq } });
    const message = state().messages.find((shown) => shown.msgType === 'faq');
    expect(message?.faq).toEqual([
      { title: 'Shipping', children: [{ title: 'How long?', content: '3 days' }] },
    ]);
  });

  it('given status 1 with faqMode 1, should show no faq message', async () => {
    const { state } = await started({ channel: { faqMode: 1, faqConfig: faq }, start: { status: 1 } });
    expect(state().messages.some((message) => message.msgType === 'faq')).toBe(false);
  });

  it('given an unparsable faqConfig, should show no faq message and warn', async () => {
    const { state, logger } = await started({ channel: { faqMode: 1, faqConfig: '[{oops' } });
    expect(state().messages.some((message) => message.msgType === 'faq')).toBe(false);
    expect(state().channelInfo?.faqConfig).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^data\.faqConfig is not usable/));
  });

  it('given an autoTip list, should show one msgType 13 card per entry with autotip-{n}-{time} ids', async () => {
    const autoTip = JSON.stringify([
      { title: 'Sale', content: 'All -20%', link: 'https://x' },
      { content: 'Free shipping' },
    ]);
    const { state } = await started({ channel: { autoTip } });
    expect(
      state().messages.map(({ id, msgType, msgContent, tip }) => ({ id, msgType, msgContent, tip })),
    ).toEqual([
      {
        id: `autotip-0-${NOW}`,
        msgType: 13,
        msgContent: 'All -20%',
        tip: { title: 'Sale', content: 'All -20%', link: 'https://x' },
      },
      { id: `autotip-1-${NOW}`, msgType: 13, msgContent: 'Free shipping', tip: { content: 'Free shipping' } },
    ]);
  });

  it('given an unparsable autoTip, should show no card and not fail', async () => {
    const { state } = await started({ channel: { autoTip: 'not json' } });
    expect(state().messages).toEqual([]);
    expect(state().phase).toBe('ready');
  });
});

describe('start: user form rules', () => {
  const config = JSON.stringify({ formModal: 0, fields: [{ name: 'phone', label: 'Phone', type: 'phone' }] });
  const always = JSON.stringify({ formModal: 1, fields: [] });

  it.each([
    ['mode 1, formModal 0, start userFormMode 0', { userFormMode: 1, userFormConfig: config }, 0, true],
    ['mode 1, formModal 0, start userFormMode 1', { userFormMode: 1, userFormConfig: config }, 1, false],
    ['mode 1, formModal 1, start userFormMode 1', { userFormMode: 1, userFormConfig: always }, 1, true],
    ['mode 0', { userFormMode: 0, userFormConfig: always }, 0, false],
    ['an unparsable config', { userFormMode: 1, userFormConfig: '{formModal' }, 0, false],
    ['a config of the wrong shape', { userFormMode: 1, userFormConfig: '{"formModal":7}' }, 0, false],
  ])('given %s, should open the form: %s', async (_, channel, userFormMode, open) => {
    const { state } = await started({ channel, start: { userFormMode } });
    expect(state().openUserForm).toBe(open);
  });

  it('given a parsed config, should expose it', async () => {
    const { state } = await started({ channel: { userFormMode: 1, userFormConfig: config } });
    expect(state().userFormConfig).toEqual({
      formModal: 0,
      fields: [{ name: 'phone', label: 'Phone', type: 'phone' }],
    });
  });
});

describe('start: entry actions of the chat status', () => {
  it('given status 0, should poll every 5000 ms', async () => {
    const { server, state } = await started();
    expect(state().eventMsgPollingSignal).toBe(true);
    await advance(4999);
    expect(server.count('getEventMsg')).toBe(0);
    await advance(1);
    expect(server.count('getEventMsg')).toBe(1);
  });

  it('given status 1 in human-first mode without form, should transfer automatically', async () => {
    const server = new FakeServer().reply('transferAgent', { adminNick: '', status: 6, waitIndex: 0 });
    await started({ server, channel: { receiveMode: 3 }, start: { status: 1 } });
    expect(server.bodies('transferAgent')).toEqual([{ adminId: '', groupId: '', userId: 'u1' }]);
  });

  it('given status 2, should poll at 2000 ms, load the card and start the timeout timers', async () => {
    const { server, state } = await started({ start: { status: 2 } });
    expect(state().eventMsgDelay).toBe(2000);
    expect(server.count('getAdminCard')).toBe(1);
    await advance(300);
    expect(state().timeoutTimerSignal).toBe(true);
    await advance(1700);
    expect(server.count('getEventMsg')).toBe(1);
    expect(state().adminCard?.adminNick).toBe('Ann');
    expect(state().messages).toEqual([]);
  });

  it('given status 3, should poll at 2000 ms and show the queue position once known, never "number 0"', async () => {
    const server = new FakeServer().reply('getEventMsg', { msgList: [], status: 3, waitIndex: 2 });
    const { state } = await started({ server, start: { status: 3 } });
    expect(state().chatStatus).toBe(3);
    expect(state().messages).toEqual([]);
    await advance(2000);
    expect(server.count('getEventMsg')).toBe(1);
    expect(state().messages.map((message) => [message.id, message.msgContent])).toEqual([
      ['waitMsgId', 'You are number 2 in line'],
    ]);
  });

  it('given a failed start, when started again, should try again', async () => {
    const server = new FakeServer().refuse('channelInfo', 'down');
    const { session, state } = await started({ server });
    expect(state().phase).toBe('failed');
    server.reply('channelInfo', CHANNEL);
    await session.start();
    expect(state()).toMatchObject({ phase: 'ready', error: null, userId: 'u1' });
  });

  it('given start is called twice, should start once', async () => {
    const { session, server } = setup();
    await Promise.all([session.start(), session.start()]);
    expect(server.count('chatStart')).toBe(1);
  });

  it('given a running chat, when started again, should not start a second one', async () => {
    const { session, server } = await started();
    await session.start();
    expect(server.count('chatStart')).toBe(1);
  });

  it('given a closed chat, when started again, should open a new one with the same visitor', async () => {
    const { session, server, state } = await started({ channel: { evaluateMode: 1 } });
    await session.loadOlderHistory(); // nothing older yet: no more history (2)
    expect(state().historyMsgStatus).toBe(2);
    await session.close();
    expect(state()).toMatchObject({ chatClosed: true, chatStatus: 0 });
    await session.start();
    expect(server.count('chatStart')).toBe(2);
    expect(server.bodies('chatStart')[1].userId).toBe('u1');
    expect(state()).toMatchObject({
      chatClosed: false,
      evaluateStatus: 0,
      historyMsgStatus: 0,
      phase: 'ready',
    });
    await advance(5000);
    expect(server.count('getEventMsg')).toBeGreaterThan(0);
  });

  it('given the transport throws a plain error, should treat it as a network failure of the call', async () => {
    const server = new FakeServer();
    const { session, state, logger } = setup({ server });
    server.post = () => {
      throw new TypeError('boom');
    };
    await expect(session.start()).resolves.toBeUndefined();
    // No server answered: the visitor is told so in their language, the detail is logged.
    expect(state().error).toEqual({
      key: 'errors.unreachable',
      text: 'The chat service cannot be reached. Check your connection and try again.',
    });
    expect(logger.warn).toHaveBeenCalledWith(
      'the chat could not start',
      expect.objectContaining({
        kind: 'network',
        message: 'channelInfo: the server cannot be reached (boom)',
      }),
    );
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('start: one round trip where the visitor id is known', () => {
  /** A server whose channelInfo answers only when the test says, to see what was asked meanwhile. */
  function slowChannel() {
    let answer: (value: unknown) => void = () => {};
    const server = new FakeServer().answer(
      'channelInfo',
      () => new Promise((resolve) => (answer = () => resolve({ code: 200, data: CHANNEL, message: '' }))),
    );
    return { server, answerChannel: () => answer(undefined) };
  }

  it('given a first visit (no visitor id at all), should ask channelInfo and chatStart at once', async () => {
    const { server, answerChannel } = slowChannel();
    const { session, state } = setup({ server });
    const starting = session.start();
    await Promise.resolve();
    expect(server.calls.map((call) => call.call)).toEqual(['channelInfo', 'chatStart']);
    expect(server.bodies('chatStart')[0]).toMatchObject({ userId: '' });
    answerChannel();
    await starting;
    expect(state()).toMatchObject({ phase: 'ready', userId: 'u1' });
    expect(server.count('chatStart')).toBe(1);
  });

  it('given a visitor of a channel this browser started on, should send its id with channelInfo at once', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    storage.setItem('chat-channel-tenants', JSON.stringify({ c1: 't1' }));
    const { server, answerChannel } = slowChannel();
    const { session } = setup({ server, storage });
    const starting = session.start();
    await Promise.resolve();
    expect(server.bodies('chatStart')).toEqual([expect.objectContaining({ userId: 'u1' })]);
    answerChannel();
    await starting;
    expect(server.count('chatStart')).toBe(1);
  });

  it("given the channel moved to another tenant, should start again with that tenant's visitor id", async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-old-uid', 'u-old');
    storage.setItem('chat-t1-uid', 'u1');
    storage.setItem('chat-channel-tenants', JSON.stringify({ c1: 'old' }));
    const { server, state } = await started({ storage });
    expect(server.bodies('chatStart').map((body) => body.userId)).toEqual(['u-old', 'u1']);
    expect(state().userId).toBe('u1');
    expect(JSON.parse(storage.getItem('chat-channel-tenants') ?? '{}')).toEqual({ c1: 't1' });
  });

  it("given a start, should remember the channel's tenant for the next one", async () => {
    const storage = createMemoryStorage();
    await started({ storage });
    expect(JSON.parse(storage.getItem('chat-channel-tenants') ?? '{}')).toEqual({ c1: 't1' });
  });
});
