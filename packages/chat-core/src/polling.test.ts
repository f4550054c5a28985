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
    expect(server.bodies('getEventMsg')[0]).toEqual({ userId: 'u1', pollId: 'p1', wait: 15_000 });
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
    expect(server.bodies('getEventMsg')[0]).toEqual({ userId: 'u1', pollId: 'p1', wait: 15_000 });
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
    // The visitor's own end of the chat is said; the late answer's message is not applied.
    expect(state().messages.map((message) => message.msgContent)).toEqual(['You ended the chat']);
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

describe('live delivery (held polls)', () => {
  /**
   * A server that holds each poll until an event is written or `hold` ms passed, and says so with
   * `wait`, as the reference server does.
   */
  function holdingServer(hold = 15_000) {
    const server = new FakeServer();
    const pending: unknown[] = [];
    let wakeHeld: (() => void) | undefined;
    const answer = () => ({
      code: 200,
      data: { msgList: pending.splice(0), status: server.chatStatus, waitIndex: 0, wait: hold },
      message: '',
    });
    server.answer('getEventMsg', (body) => {
      if (pending.length > 0 || body.wait === undefined) return answer();
      return new Promise((resolve) => {
        // biome-ignore lint/style/noRestrictedGlobals: the fake server's own hold, on the test's fake clock
        const timer = setTimeout(() => resolve(answer()), hold);
        wakeHeld = () => {
          clearTimeout(timer);
          resolve(answer());
        };
      });
    });
    const write = (...events: unknown[]) => {
      pending.push(...events);
      wakeHeld?.();
    };
    return { server, write };
  }

  it('given a server that holds polls, should ask again at once instead of after the delay', async () => {
    const { server } = holdingServer(2000);
    await started({ server });
    await advance(5000); // the first poll, after the spec's delay, is held 2 s
    expect(server.count('getEventMsg')).toBe(1);
    await advance(2001);
    expect(server.count('getEventMsg')).toBe(2);
    await advance(2100);
    expect(server.count('getEventMsg')).toBe(3);
  });

  it('given an agent message written while a poll is held, should show it at once', async () => {
    const { server, write } = holdingServer();
    const { texts } = await started({ server });
    await advance(5000);
    await advance(3000); // held
    write(agentEvent('m1', 'Hello'));
    await advance(0);
    expect(texts()).toEqual(['Hello']);
    write(agentEvent('m2', 'Anything else?'));
    await advance(0);
    expect(texts()).toEqual(['Hello', 'Anything else?']);
  });

  it('given a hidden page, should hold no connection and poll with the delays', async () => {
    const { server } = holdingServer(2000);
    const { visibility } = await started({ server });
    visibility.set(false);
    await advance(5000);
    expect(server.bodies('getEventMsg')[0]).toEqual({ userId: 'u1', pollId: 'p1' });
    await advance(4999);
    expect(server.count('getEventMsg')).toBe(1);
    visibility.set(true);
    await advance(0);
    // visible again: the server is not known to hold yet, so the next poll waits its delay
    expect(server.count('getEventMsg')).toBe(1);
    await advance(1);
    expect(server.bodies('getEventMsg')[1]).toMatchObject({ wait: 15_000 });
  });

  it('given the page comes back while waiting out a delay, should poll at once where the server holds', async () => {
    const { server } = holdingServer(2000);
    const { visibility } = await started({ server });
    await advance(5000 + 2000); // one held poll answered; the next is held now
    visibility.set(false);
    await advance(2000); // answered; hidden: the next waits 5 s
    const count = server.count('getEventMsg');
    visibility.set(true);
    await advance(0);
    expect(server.count('getEventMsg')).toBe(count + 1);
  });

  it('given held polls cut twice in a row (a proxy), should fall back to the delays, and hold again later', async () => {
    let cut = false;
    const { server } = holdingServer(2000);
    const holding = server.answer.bind(server);
    const original = (
      server as unknown as { routes: Map<string, (body: Record<string, unknown>) => unknown> }
    ).routes.get('getEventMsg');
    holding('getEventMsg', (body) => {
      if (cut && body.wait !== undefined) throw new Error('502 from the proxy');
      return original?.(body);
    });
    await started({ server });
    await advance(5000 + 2001); // held once: the server holds
    cut = true;
    await advance(30_000); // cut, cut again: fall back to the spec's delays
    const recent = server.bodies('getEventMsg').slice(-3);
    expect(recent.map((body) => body.wait)).toEqual([undefined, undefined, undefined]);
    cut = false;
    const before = server.count('getEventMsg');
    await advance(4 * 60_000);
    expect(
      server
        .bodies('getEventMsg')
        .slice(before)
        .every((body) => body.wait === undefined),
    ).toBe(true);
    await advance(60_000);
    expect(server.bodies('getEventMsg').at(-1)?.wait).toBe(15_000);
  });

  it('given a server that says it holds but answers empty at once, should not poll in a busy loop', async () => {
    const server = new FakeServer().reply('getEventMsg', {
      msgList: [],
      status: 0,
      waitIndex: 0,
      wait: 15_000,
    });
    await started({ server });
    await advance(5000);
    await advance(100);
    expect(server.count('getEventMsg')).toBe(1);
    await advance(4900);
    expect(server.count('getEventMsg')).toBe(2);
  });
});
