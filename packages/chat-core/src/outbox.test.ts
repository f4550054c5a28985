import { ApiError } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { createOutbox, outboxKey } from './outbox.js';
import { advance, FakeServer, installFakeClock, NOW, started } from './test/fakeServer.js';

installFakeClock();

const KEY = outboxKey('t1', 'u1');

async function offlineSend(storage = createMemoryStorage()) {
  const server = new FakeServer();
  const context = await started({ server, storage, start: { status: 2 } });
  server.offline = true;
  await context.session.sendText('sent while offline');
  return context;
}

describe('offline outbox', () => {
  it('given the network is down, should keep the message visible as failed and in storage', async () => {
    const { state, storage } = await offlineSend();
    expect(state().messages).toMatchObject([
      { id: `msgId-${NOW}`, msgContent: 'sent while offline', status: 'fail' },
    ]);
    expect(state().online).toBe(false);
    expect(JSON.parse(storage.getItem(KEY) ?? '[]')).toMatchObject([
      { id: `msgId-${NOW}`, clientMsgId: `msgId-${NOW}` },
    ]);
  });

  it('given the network returns (a poll succeeds), should send it exactly once and clear the storage', async () => {
    const { server, state, storage } = await offlineSend();
    server.offline = false;
    await advance(2000);
    await advance(2000);
    const sends = server.bodies('sendMsg').filter((body) => body.clientMsgId === `msgId-${NOW}`);
    expect(sends).toHaveLength(2); // the failed attempt while offline, then exactly one delivery
    expect(state().messages).toMatchObject([{ status: 'sent' }]);
    expect(state().online).toBe(true);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('given the browser says online again, should send it', async () => {
    const { server, state, connectivity } = await offlineSend();
    server.offline = false;
    connectivity.set(false);
    expect(state().online).toBe(false);
    connectivity.set(true);
    await advance(0);
    expect(state().messages[0]?.status).toBe('sent');
  });

  it('given an answer to a request sent before the browser went offline, should stay offline until the browser is online', async () => {
    const { server, state, connectivity, session } = await started({ start: { status: 2 } });
    let answerSend = () => {};
    server.answer(
      'sendMsg',
      () =>
        new Promise((resolve) => {
          answerSend = () => resolve({ code: 200, data: { status: 1 }, message: 'ok' });
        }),
    );
    const sending = session.sendText('sent just before');
    await advance(0);
    connectivity.set(false);
    expect(state().online).toBe(false);
    answerSend();
    await sending;
    expect(state().messages).toMatchObject([{ msgContent: 'sent just before', status: 'sent' }]);
    expect(state().online).toBe(false);
    connectivity.set(true);
    await advance(2000); // the next poll's answer
    expect(state().online).toBe(true);
  });

  it('given a reload while offline, should show the message in the new session and send it once', async () => {
    const storage = createMemoryStorage();
    const first = await offlineSend(storage);
    first.session.dispose();
    const second = await started({ storage, start: { status: 2 } });
    expect(second.state().messages).toMatchObject([
      { id: `msgId-${NOW}`, msgContent: 'sent while offline', status: 'sent' },
    ]);
    expect(second.server.bodies('sendMsg')).toEqual([
      expect.objectContaining({ clientMsgId: `msgId-${NOW}` }),
    ]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('given the server refuses the message (a code), should not keep resending it by itself', async () => {
    const server = new FakeServer().refuse('sendMsg');
    const { session, storage } = await started({ server, start: { status: 2 } });
    await session.sendText('refused');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('given several messages waiting, should send them in order', async () => {
    const { server, session, connectivity } = await offlineSend();
    await session.sendText('second');
    server.offline = false;
    server.calls = [];
    connectivity.set(true);
    await advance(0);
    expect(server.bodies('sendMsg').map((body) => body.msgContent)).toEqual(['sent while offline', 'second']);
  });
});

describe('outbox with a request caught by the drop', () => {
  it('given a send that hangs past the reconnect, should go round again and deliver it once it fails', async () => {
    const { server, state, connectivity } = await offlineSend();
    server.offline = false;
    let fail: () => void = () => {};
    server.answer(
      'sendMsg',
      () =>
        new Promise((_, reject) => {
          fail = () => reject(new ApiError('sendMsg', 'timeout', 'sendMsg: timed out'));
        }),
    );
    connectivity.set(false);
    connectivity.set(true); // the flush starts a send that hangs
    await advance(0);
    server.reply('sendMsg', { status: 1 });
    connectivity.set(false);
    connectivity.set(true); // asked again while the first flush waits
    await advance(0);
    fail();
    await advance(0);
    expect(state().messages[0]?.status).toBe('sent');
    expect(server.bodies('sendMsg')).toHaveLength(3); // offline, the hung one, the delivery
  });
});

describe('outbox without a reconnect to wait for', () => {
  it('given a send that failed while the page stayed online, should go out with the next answer from the server', async () => {
    const server = new FakeServer();
    server.answer('sendMsg', () => {
      throw new ApiError('sendMsg', 'http', 'sendMsg: 502');
    });
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendText('during a deploy');
    expect(state().messages[0]?.status).toBe('fail');
    expect(state().online).toBe(true);
    server.reply('sendMsg', { status: 1 });
    await advance(2000); // the next poll answers
    expect(state().messages[0]?.status).toBe('sent');
    expect(server.bodies('sendMsg')).toHaveLength(2);
  });
});

describe('outbox storage', () => {
  it('given unreadable storage content, should start empty', () => {
    const storage = createMemoryStorage();
    storage.setItem('k', '{broken');
    expect(createOutbox(storage, 'k').read()).toEqual([]);
    storage.setItem('k', '{"id":"x"}');
    expect(createOutbox(storage, 'k').read()).toEqual([]);
  });

  it('given a message with a preview, should store it without the preview and as failed', () => {
    const storage = createMemoryStorage();
    const outbox = createOutbox(storage, 'k');
    outbox.put({
      id: 'a',
      userId: 'u',
      senderType: 1,
      msgType: 2,
      msgContent: 'x',
      msgTime: 1,
      previewUrl: 'blob:x',
      status: 'pending',
    });
    expect(outbox.read()).toEqual([
      { id: 'a', userId: 'u', senderType: 1, msgType: 2, msgContent: 'x', msgTime: 1, status: 'fail' },
    ]);
  });
});
