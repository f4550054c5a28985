import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { advance, FakeServer, installFakeClock, setup, started } from './test/fakeServer.js';

installFakeClock();

const transferAnswer = (status: number, extra: Record<string, unknown> = {}) =>
  new FakeServer().reply('transferAgent', { adminNick: 'Ann', status, waitIndex: 4, ...extra });

describe('transfer statuses', () => {
  it('given status 0, should close the session', async () => {
    const { session, server, state } = await started({ server: transferAnswer(0) });
    await session.transfer();
    expect(server.count('chatClose')).toBe(1);
    expect(state()).toMatchObject({ chatStatus: 0, chatClosed: true, eventMsgPollingSignal: false });
  });

  it('given status 1 and adminOfflineMode 1, should show the offline message and offer to leave a message', async () => {
    const { session, texts, state } = await started({
      server: transferAnswer(1),
      channel: { adminOfflineMode: 1 },
    });
    await session.transfer();
    expect(texts()).toEqual(['Agents are offline']);
    expect(state().openLeaveMsgForm).toBe(true);
  });

  it('given status 1 and adminOfflineMode 0, should show nothing', async () => {
    const { session, texts } = await started({ server: transferAnswer(1) });
    await session.transfer();
    expect(texts()).toEqual([]);
  });

  it('given status 2, should be with the agent: status 2, joined message, card, welcome when enabled', async () => {
    const server = transferAnswer(2).reply('getAdminCard', {
      adminNick: 'Ann',
      adminWelcomeMode: 1,
      adminWelcomeMsg: 'Hello from Ann',
    });
    const { session, state } = await started({ server });
    await session.transfer();
    expect(state().chatStatus).toBe(2);
    expect(state().adminCard?.adminWelcomeMsg).toBe('Hello from Ann');
    expect(
      state().messages.map(({ msgContent, noticeKey, senderName }) => ({
        msgContent,
        noticeKey,
        senderName,
      })),
    ).toEqual([
      { msgContent: 'Ann joined the chat', noticeKey: 'chat.agentJoined', senderName: undefined },
      { msgContent: 'Hello from Ann', noticeKey: undefined, senderName: 'Ann' },
    ]);
    await advance(1000);
    expect(server.bodies('sysMsg')[0]).toMatchObject({ msgContent: 'Hello from Ann', senderName: 'Ann' });
  });

  it('given status 2 with the welcome disabled, should send no welcome', async () => {
    const { session, texts } = await started({ server: transferAnswer(2) });
    await session.transfer();
    expect(texts()).toEqual(['Ann joined the chat']);
  });

  it('given status 3, should queue with the position in the waiting message', async () => {
    const { session, state } = await started({ server: transferAnswer(3) });
    await session.transfer();
    expect(state().chatStatus).toBe(3);
    expect(state().waitIndex).toBe(4);
    expect(state().messages).toMatchObject([{ id: 'waitMsgId', msgContent: 'You are number 4 in line' }]);
  });

  it('given status 3 and no channel queue text, should show the engine text with its key', async () => {
    const { session, state } = await started({ server: transferAnswer(3), channel: { userQueueMsg: '' } });
    await session.transfer();
    expect(state().messages).toMatchObject([
      {
        id: 'waitMsgId',
        msgContent: 'You are number 4 in the queue. Please wait.',
        noticeKey: 'chat.queuePosition',
        noticeParams: { count: 4 },
      },
    ]);
  });

  it("given status 4, should show 'Transfer to human agent failed!'", async () => {
    const { session, state } = await started({ server: transferAnswer(4) });
    await session.transfer();
    expect(state().messages).toMatchObject([
      { msgContent: 'Transfer to human agent failed!', noticeKey: 'notices.transferFailed', senderType: 4 },
    ]);
  });

  it('given status 5 and unWorkingMode 1, should show the outside-hours message', async () => {
    const { session, texts } = await started({ server: transferAnswer(5), channel: { unWorkingMode: 1 } });
    await session.transfer();
    expect(texts()).toEqual(['We are closed']);
  });

  it('given status 5 and unWorkingMode 0, should show nothing', async () => {
    const { session, texts } = await started({ server: transferAnswer(5) });
    await session.transfer();
    expect(texts()).toEqual([]);
  });

  it('given status 6, should change nothing but the transfer answer', async () => {
    const { session, state } = await started({ server: transferAnswer(6) });
    const before = state();
    await session.transfer();
    expect({ ...state(), transferAgent: null, eventMsgDelay: 5000 }).toEqual(before);
    expect(state().transferAgent).toEqual({ adminNick: 'Ann', status: 6, waitIndex: 4 });
  });

  it('given a transfer, should poll at 2000 ms afterwards', async () => {
    const { session, state } = await started({ server: transferAnswer(6) });
    await session.transfer();
    expect(state().eventMsgDelay).toBe(2000);
  });

  it("given the transfer call fails, should show 'Transfer to human agent failed!'", async () => {
    const { session, texts } = await started({ server: new FakeServer().refuse('transferAgent') });
    await session.transfer();
    expect(texts()).toEqual(['Transfer to human agent failed!']);
  });
});

describe('transfer skip rules', () => {
  it.each([2, 3])('given chat status %i already, should not transfer', async (status) => {
    const { session, server } = await started({ server: transferAnswer(2), start: { status } });
    await session.transfer();
    expect(server.count('transferAgent')).toBe(0);
  });

  it('given a transfer is running, should not start a second one', async () => {
    const { session, server } = await started({ server: transferAnswer(6) });
    await Promise.all([session.transfer(), session.transfer()]);
    expect(server.count('transferAgent')).toBe(1);
  });

  it('given no session yet, should not transfer', async () => {
    const { session, server } = setup();
    await session.transfer();
    expect(server.count('transferAgent')).toBe(0);
  });

  it('given automatic mode with msgToTransferFlag 1 and no transfer message, should wait', async () => {
    const { server } = await started({
      server: transferAnswer(2),
      channel: { receiveMode: 3, msgToTransferFlag: 1 },
    });
    expect(server.count('transferAgent')).toBe(0);
  });

  it('given mode 3 and msgToTransferFlag 1, should transfer on the first sent message, then send it', async () => {
    const { session, server, state } = await started({
      server: transferAnswer(2),
      channel: { receiveMode: 3, msgToTransferFlag: 1 },
    });
    await session.sendText('I need a human');
    expect(state().transferMsg).toBe('I need a human');
    expect(
      server.calls
        .map((entry) => entry.call)
        .filter((call) => call === 'transferAgent' || call === 'sendMsg'),
    ).toEqual(['transferAgent', 'sendMsg']);
    await session.sendText('second');
    expect(server.count('transferAgent')).toBe(1);
  });

  it.each([
    ['a file', 'invoice.pdf', undefined],
    ['a voice note', 'voice.wav', 4],
  ])(
    'given mode 3 and msgToTransferFlag 1, should transfer on %s sent first, then send it',
    async (_, name, duration) => {
      const { session, server, state } = await started({
        server: transferAnswer(2).reply('upload', { url: `/uploads/${name}`, name, suffix: 'pdf' }),
        channel: { receiveMode: 3, msgToTransferFlag: 1 },
      });
      await session.sendFile(new File(['data'], name), duration);
      expect(state().transferMsg).toBe(name);
      expect(
        server.calls
          .map((entry) => entry.call)
          .filter((call) => call === 'transferAgent' || call === 'upload' || call === 'sendMsg'),
      ).toEqual(['transferAgent', 'upload', 'sendMsg']);
    },
  );

  it('given mode 3 and msgToTransferFlag 0, should transfer at once on start', async () => {
    const { server, state } = await started({ server: transferAnswer(2), channel: { receiveMode: 3 } });
    expect(server.count('transferAgent')).toBe(1);
    expect(state().chatStatus).toBe(2);
  });

  it('given robot mode, should not transfer by itself', async () => {
    const { session, server } = await started({
      server: transferAnswer(2),
      channel: { msgToTransferFlag: 1 },
    });
    await session.sendText('hello');
    expect(server.count('transferAgent')).toBe(0);
  });
});

describe('transfer group rules', () => {
  const groups = (...ids: string[]) =>
    JSON.stringify(ids.map((groupId) => ({ groupId, groupName: `Group ${groupId}` })));

  it("given groups required and none configured, should show 'No customer service online'", async () => {
    const { session, server, state } = await started({
      server: transferAnswer(2),
      channel: { groupMode: 1 },
    });
    await session.transfer();
    expect(server.count('transferAgent')).toBe(0);
    expect(state().messages).toMatchObject([
      { msgContent: 'No customer service online', noticeKey: 'notices.noAgentOnline' },
    ]);
  });

  it('given exactly one group, should choose it automatically', async () => {
    const { session, server } = await started({
      server: transferAnswer(6),
      channel: { groupMode: 1, groupConfig: groups('g1') },
    });
    await session.transfer();
    expect(server.bodies('transferAgent')).toEqual([{ adminId: '', groupId: 'g1', userId: 'u1' }]);
  });

  it('given several groups, should open the picker, then transfer to the chosen group and remember it', async () => {
    const storage = createMemoryStorage();
    const { session, server, state } = await started({
      storage,
      server: transferAnswer(6),
      channel: { groupMode: 1, groupConfig: groups('g1', 'g2') },
    });
    await session.transfer();
    expect(state().openGroupForm).toBe(true);
    expect(state().groupConfig).toEqual([
      { groupId: 'g1', groupName: 'Group g1' },
      { groupId: 'g2', groupName: 'Group g2' },
    ]);
    expect(server.count('transferAgent')).toBe(0);
    await session.chooseGroup('g2');
    expect(state().openGroupForm).toBe(false);
    expect(storage.getItem('chat-groupId')).toBe('g2');
    expect(server.bodies('transferAgent')).toEqual([{ adminId: '', groupId: 'g2', userId: 'u1' }]);
  });

  it('given a remembered chat-groupId among the groups, should use it without the picker and send it at start', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-groupId', 'g2');
    const { session, server, state } = await started({
      storage,
      server: transferAnswer(6),
      channel: { groupMode: 1, groupConfig: groups('g1', 'g2') },
    });
    expect(server.bodies('chatStart')[0].groupId).toBe('g2');
    await session.transfer();
    expect(state().openGroupForm).toBe(false);
    expect(server.bodies('transferAgent')[0].groupId).toBe('g2');
  });

  it('given a preset groupid and adminid in the URL, should transfer to them without the picker', async () => {
    const { session, server } = await started({
      search: '?channelid=c1&groupid=g9&adminid=a1',
      server: transferAnswer(6),
      channel: { groupMode: 1, groupConfig: groups('g1', 'g2') },
    });
    await session.transfer();
    expect(server.bodies('transferAgent')).toEqual([{ adminId: 'a1', groupId: 'g9', userId: 'u1' }]);
  });

  it('given an explicit agent, should transfer to that agent', async () => {
    const { session, server } = await started({ server: transferAnswer(6), channel: { groupMode: 1 } });
    await session.transfer({ adminId: 'a5' });
    expect(server.bodies('transferAgent')).toEqual([{ adminId: 'a5', groupId: '', userId: 'u1' }]);
  });

  it('given the picker is closed, should hide it', async () => {
    const { session, state } = await started({ channel: { groupMode: 1, groupConfig: groups('g1', 'g2') } });
    await session.transfer();
    session.closeGroupForm();
    expect(state().openGroupForm).toBe(false);
  });
});
