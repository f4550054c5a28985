import { describe, expect, it } from 'vitest';
import { advance, FakeServer, installFakeClock, started } from './test/fakeServer.js';

installFakeClock();

const withAgentWelcome = () =>
  new FakeServer().reply('getAdminCard', {
    adminNick: 'Ann',
    adminWelcomeMode: 1,
    adminWelcomeMsg: 'Welcome!',
  });

describe('system message queue', () => {
  it('given a queued system message, should show it at once as sys-{time} and send it on the next tick', async () => {
    const server = withAgentWelcome().reply('transferAgent', { adminNick: 'Ann', status: 2 });
    const { session, state } = await started({ server });
    await session.transfer();
    await advance(0);
    expect(state().messages.at(-1)).toMatchObject({
      id: expect.stringMatching(/^sys-\d+$/),
      msgContent: 'Welcome!',
      senderType: 4,
    });
    expect(state().sysMsgsQueue).toMatchObject([{ msgContent: 'Welcome!', senderName: 'Ann' }]);
    expect(server.count('sysMsg')).toBe(0);
    await advance(1000);
    expect(server.bodies('sysMsg')).toMatchObject([{ msgContent: 'Welcome!', senderName: 'Ann' }]);
    expect(state().sysMsgsQueue).toEqual([]);
  });

  it('given two items, should send one per tick: 1000 ms idle, then 10 ms after a send', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    const submit = () => session.submitEvaluation({ star: 5 });
    await submit();
    await submit();
    expect(state().sysMsgsQueue).toHaveLength(2);
    await advance(999);
    expect(server.count('sysMsg')).toBe(0);
    await advance(1);
    expect(server.count('sysMsg')).toBe(1);
    await advance(9);
    expect(server.count('sysMsg')).toBe(1);
    await advance(1);
    expect(server.count('sysMsg')).toBe(2);
    expect(server.bodies('sysMsg')[0]).toEqual({
      msgContent: 'The user rated the service',
      msgType: 3,
      senderType: 4,
      senderName: '',
      specialMsgFlag: 3,
      clientType: 3,
      notifyAdmin: 1,
      userId: 'u1',
    });
  });

  it('given a send fails, should still remove the item', async () => {
    const server = new FakeServer().refuse('sysMsg');
    const { session, state } = await started({ server });
    await session.submitEvaluation({ star: 5 });
    await advance(1000);
    expect(state().sysMsgsQueue).toEqual([]);
    await advance(5000);
    expect(server.count('sysMsg')).toBe(1);
  });

  it('given blank content, should ignore it', async () => {
    const server = new FakeServer().reply('getAdminCard', {
      adminNick: 'Ann',
      adminWelcomeMode: 1,
      adminWelcomeMsg: '  ',
    });
    const { session, state } = await started({
      server: server.reply('transferAgent', { adminNick: 'Ann', status: 2 }),
    });
    await session.transfer();
    await advance(0);
    expect(state().sysMsgsQueue).toEqual([]);
    expect(state().messages).toHaveLength(1);
  });
});

describe('system message queue across new chats', () => {
  it('given the visitor started a new chat three times, should still send one item per tick', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    for (let n = 0; n < 3; n++) {
      await session.close();
      await session.start();
    }
    expect(state().chatClosed).toBe(false);
    const submit = () => session.submitEvaluation({ star: 5 });
    await submit();
    await submit();
    await submit();
    await advance(1000);
    expect(server.count('sysMsg')).toBe(1);
    await advance(10);
    expect(server.count('sysMsg')).toBe(2);
  });
});
