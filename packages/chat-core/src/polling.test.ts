import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { eventCursorKey } from './polling.js';
import { advance, agentEvent, CHANNEL, FakeServer, installFakeClock, started } from './test/fakeServer.js';

/** A server that keeps events by id and answers those after the cursor sent, as the contract says. */
function cursorServer(events: ReturnType<typeof agentEvent>[], { loseFirst = false } = {}) {
  let served = 0;
  return new FakeServer().answer('getEventMsg', (body) => {
    served++;
    const after = Number(body.cursor ?? 0);
    const msgList = events.filter((_event, index) => index + 1 > after);
    if (loseFirst && served === 1) throw new Error('lost on the way');
    return {
      code: 200,
      data: { msgList, status: 2, waitIndex: 0, cursor: String(events.length) },
      message: '',
    };
  });
}

installFakeClock();

describe('polling', () => {
  it('given a started chat, should wait the delay before each request', async () => {
    const { server } = await started();
    expect(server.count('getEventMsg')).toBe(0);
    await advance(5000);
    expect(server.count('getEventMsg')).toBe(1);
    await advance(4999);
    expect(server.count('getEventMsg')).toBe(1);
    await advance(1);
    expect(server.count('getEventMsg')).toBe(2);
    expect(server.bodies('getEventMsg')[0]).toEqual({ userId: 'u1', pollId: 'p1' });
  });

  it('given an agent joins, should poll every 2000 ms from then on', async () => {
    const { server, state } = await started();
    server.queueEvents({ msgId: 'e1', event_type: 1200, adminNick: 'Ann', msgTime: 1 });
    await advance(5000);
    expect(state().eventMsgDelay).toBe(2000);
    await advance(2000);
    expect(server.count('getEventMsg')).toBe(2);
  });

  it('given a poll fails, should log it and keep polling', async () => {
    const server = new FakeServer().refuse('getEventMsg', 'boom');
    const { logger } = await started({ server });
    await advance(5000);
    expect(logger.warn).toHaveBeenCalledWith('getEventMsg failed', expect.anything());
    await advance(5000);
    expect(server.count('getEventMsg')).toBe(2);
  });

  it('given the answers carry a cursor, should send back the last one received', async () => {
    let served = 0;
    const server = new FakeServer().answer('getEventMsg', () => {
      served++;
      if (served === 2) throw new Error('lost on the way');
      return { code: 200, data: { msgList: [], status: 0, waitIndex: 0, cursor: `c${served}` }, message: '' };
    });
    await started({ server });
    await advance(15_000);
    expect(server.bodies('getEventMsg').map((body) => body.cursor)).toEqual([undefined, 'c1', 'c1']);
  });

  it('given the answer to the first poll is lost, should still show the agent message', async () => {
    const server = cursorServer([agentEvent('m1', 'Hello')], { loseFirst: true });
    const { texts } = await started({ server });
    await advance(5000);
    expect(texts()).not.toContain('Hello');
    await advance(5000);
    expect(texts()).toContain('Hello');
  });

  it('given a reloaded page, should send the stored cursor and show nothing twice', async () => {
    const storage = createMemoryStorage();
    const events = [agentEvent('m1', 'Hello'), agentEvent('m2', 'Still there?')];
    const before = await started({ server: cursorServer(events), storage });
    await advance(5000);
    expect(before.texts()).toEqual(['Hello', 'Still there?']);
    before.session.dispose();

    const reloaded = await started({ server: cursorServer(events), storage });
    await advance(5000);
    expect(reloaded.server.bodies('getEventMsg')[0]).toMatchObject({ userId: 'u1', cursor: '2' });
    expect(reloaded.texts()).toEqual([]);
  });

  it.each([
    ['another visitor', JSON.stringify({ userId: 'someone-else', cursor: '7' })],
    ['a damaged value', '{"userId":'],
    ['a cursor of the wrong type', JSON.stringify({ userId: 'u1', cursor: { id: 7 } })],
  ])('given the stored cursor belongs to %s, should poll without one', async (_case, saved) => {
    const storage = createMemoryStorage();
    storage.setItem(eventCursorKey(CHANNEL.tenantId), saved);
    const { server } = await started({ storage });
    await advance(5000);
    expect(server.bodies('getEventMsg')[0]).toEqual({ userId: 'u1', pollId: 'p1' });
  });

  it('given a lost answer re-sent by the server, should show each event once', async () => {
    const server = new FakeServer();
    const { texts } = await started({ server });
    server.queueEvents(agentEvent('m1', 'Hello'));
    server.queueEvents(agentEvent('m1', 'Hello'), agentEvent('m2', 'Still there?'));
    await advance(10_000);
    expect(texts()).toEqual(['Hello', 'Still there?']);
  });

  it.each([
    [1202, { outType: 1 }],
    [1208, {}],
  ])('given event %i, should stop polling', async (event_type, extra) => {
    const { server, state } = await started();
    server.queueEvents({ msgId: 'x', event_type, ...extra });
    await advance(5000);
    expect(state().eventMsgPollingSignal).toBe(false);
    await advance(20_000);
    expect(server.count('getEventMsg')).toBe(1);
  });

  it('given the chat is closed while a poll is in flight, should not poll again', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer(
      'getEventMsg',
      () => new Promise((resolve) => (release = resolve)),
    );
    const { session, state } = await started({ server });
    await advance(5000);
    await session.close();
    release({
      code: 200,
      data: { msgList: [{ msgId: 'm', event_type: 1201, msgContent: 'late' }] },
      message: '',
    });
    await advance(20_000);
    expect(server.count('getEventMsg')).toBe(1);
    expect(state().messages).toEqual([]);
  });
});

describe('snapshots', () => {
  it('given an empty poll answer, should not publish a new snapshot', async () => {
    const { session, server } = await started();
    await advance(5000); // the first answer (empty) may replace whatever the start left
    const before = session.getSnapshot();
    let published = 0;
    session.subscribe(() => published++);
    await advance(5000);
    expect(server.count('getEventMsg')).toBe(2);
    expect(published).toBe(0);
    expect(session.getSnapshot()).toBe(before);
  });

  it('given an unchanged queue position while queued, should not publish a new snapshot', async () => {
    const server = new FakeServer().reply('getEventMsg', { msgList: [], status: 3, waitIndex: 4 });
    const { session } = await started({ server, start: { status: 3 } });
    await advance(2000);
    const before = session.getSnapshot();
    let published = 0;
    session.subscribe(() => published++);
    await advance(2000);
    expect(published).toBe(0);
    expect(session.getSnapshot()).toBe(before);
  });
});
