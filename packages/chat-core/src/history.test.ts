import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { FakeServer, installFakeClock, started } from './test/fakeServer.js';

installFakeClock();

const message = (id: string, msgTime: number) => ({
  id,
  userId: 'u1',
  senderType: 2,
  msgType: 1,
  msgContent: id,
  msgTime,
});

/** A returning visitor: the server knows the stored id, so earlier chats may exist. */
function returning() {
  const storage = createMemoryStorage();
  storage.setItem('chat-t1-uid', 'u1');
  return storage;
}

describe('history', () => {
  it('given a server that says the visitor has no history, should offer no earlier messages and ask for none', async () => {
    const { session, server, state } = await started({ start: { hasHistory: false } });
    expect(state().historyMsgStatus).toBe(2);
    await session.loadOlderHistory();
    expect(server.count('getHistoryMsg')).toBe(0);
  });

  it('given a site-known visitor (pid) on a new browser and a server that says nothing of history, should load it', async () => {
    const server = new FakeServer().reply('getHistoryMsg', [message('m2', 200), message('m1', 100)]);
    // No stored id: the server found the visitor by pid (the spec's answer has no hasHistory).
    const { session, state, texts } = await started({ server, search: '?channelId=7&pid=customer-42' });
    expect(state().historyMsgStatus).toBe(0);
    await session.loadOlderHistory();
    expect(server.bodies('getHistoryMsg')).toEqual([{ pageSize: 20, maxTime: 5000, userId: 'u1' }]);
    expect(texts()).toEqual(expect.arrayContaining(['m1', 'm2']));
    await session.loadOlderHistory();
    expect(state().historyMsgStatus).toBe(0);
    server.reply('getHistoryMsg', []);
    await session.loadOlderHistory();
    expect(state().historyMsgStatus).toBe(2);
  });

  it('given a stored id the server replaced and a server that says nothing of history, should still offer it', async () => {
    const storage = returning();
    const { state } = await started({ storage, start: { userId: 'u2' } });
    expect(state().historyMsgStatus).toBe(0);
  });

  it('given no message shown, should ask 20 before the chat start server time', async () => {
    const { session, server } = await started({ storage: returning() });
    await session.loadOlderHistory();
    expect(server.bodies('getHistoryMsg')).toEqual([{ pageSize: 20, maxTime: 5000, userId: 'u1' }]);
  });

  it('given messages shown, should ask before the oldest one and prepend the page reversed, without duplicates', async () => {
    const storage = createMemoryStorage();
    storage.setItem('chat-t1-uid', 'u1');
    const server = new FakeServer()
      .reply('getSessionMsg', [message('m3', 300), message('m4', 400)])
      .reply('getHistoryMsg', [message('m3', 300), message('m2', 200), message('m1', 100)]);
    const { session, state, texts } = await started({ server, storage });
    await session.loadOlderHistory();
    expect(server.bodies('getHistoryMsg')[0].maxTime).toBe(300);
    expect(texts()).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(state().historyMsgStatus).toBe(0);
  });

  it('given an empty page, should mark no more history (2) and stop asking', async () => {
    const { session, server, state } = await started({ storage: returning() });
    await session.loadOlderHistory();
    expect(state().historyMsgStatus).toBe(2);
    await session.loadOlderHistory();
    expect(server.count('getHistoryMsg')).toBe(1);
  });

  it('given a load in progress, should be loading (1) and not ask twice', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer(
      'getHistoryMsg',
      () => new Promise((resolve) => (release = resolve)),
    );
    const { session, state } = await started({ server, storage: returning() });
    const first = session.loadOlderHistory();
    expect(state().historyMsgStatus).toBe(1);
    await session.loadOlderHistory();
    release({ code: 200, data: [message('m1', 1)], message: '' });
    await first;
    expect(server.count('getHistoryMsg')).toBe(1);
  });

  it('given a failure, should go back to idle (0)', async () => {
    const { session, state, logger } = await started({
      server: new FakeServer().refuse('getHistoryMsg'),
      storage: returning(),
    });
    await session.loadOlderHistory();
    expect(state().historyMsgStatus).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith('getHistoryMsg failed', expect.anything());
  });
});

describe('a message type the client does not know (the contract can grow)', () => {
  it('given one in a history page, should load the whole page and show it as text, or as a file when it has one', async () => {
    const server = new FakeServer().reply('getHistoryMsg', [
      { ...message('poll', 300), msgType: 'poll' },
      { ...message('sticker', 200), msgType: 21, fileUrl: '/uploads/s1', fileName: 's.webp' },
      message('m1', 100),
    ]);
    const { session, state, texts } = await started({ server, storage: returning() });
    await session.loadOlderHistory();
    expect(texts()).toEqual(['m1', 'sticker', 'poll']);
    expect(state().messages.map((shown) => shown.msgType)).toEqual([1, 4, 1]);
    expect(state().historyMsgStatus).toBe(0);
  });
});
