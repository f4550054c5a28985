import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskOnFakeServer, later } from './test/desk.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the held poll', () => {
  it('given a start, should ask without a cursor, then hold from the cursor with the view it saw', async () => {
    const { server, desk } = deskOnFakeServer({ holdMs: 15_000 });
    desk.start();
    await later();
    const polls = server.calls.filter((call) => call.name === 'poll');
    expect(polls[0]?.query).toEqual({});
    expect(polls[1]?.query).toEqual({ cursor: '0', wait: '15000', seen: 'v0' });
    expect(desk.getSnapshot().status).toBe('live');
    expect(server.held).toBe(1);
    desk.stop();
  });

  it('given a held poll, when a visitor writes, should show the message at once and hold again from the new cursor', async () => {
    const { server, desk } = deskOnFakeServer();
    server.giveChat('s1', 'Vera');
    desk.start();
    await later();
    await desk.open('s1');
    server.visitorWrites('s1', 'Is my order on its way?');
    await later();
    expect(desk.getSnapshot().records.s1?.messages.map((message) => message.msgContent)).toEqual([
      'Is my order on its way?',
    ]);
    const last = server.calls.filter((call) => call.name === 'poll').at(-1);
    expect(last?.query.cursor).toBe('1');
    expect(server.held).toBe(1);
    desk.stop();
  });

  it('given nothing happens, should ask again when the server ends the hold, without a pause', async () => {
    const { server, desk } = deskOnFakeServer({ holdMs: 15_000 });
    desk.start();
    await later();
    const before = server.calls.length;
    await later(15_000);
    // A timer of 0 ms runs a tick later (as in Node, where it is 1 ms): far from the pause of 1 s.
    await later(1);
    expect(server.calls.length).toBe(before + 1);
    expect(server.held).toBe(1);
    desk.stop();
  });

  it('given a poll cut on its way, should say so, ask again from the same cursor after a pause, and lose no event', async () => {
    const { server, desk } = deskOnFakeServer({ pollMs: 1000 });
    server.giveChat('s1', 'Vera');
    desk.start();
    await later();
    await desk.open('s1');
    desk.stop();
    server.fail('poll', 'lost');
    server.visitorWrites('s1', 'Hello?');
    desk.start();
    await later();
    expect(desk.getSnapshot().connected).toBe(false);
    expect(desk.getSnapshot().records.s1?.messages).toEqual([]);
    await later(1000);
    expect(desk.getSnapshot().connected).toBe(true);
    expect(desk.getSnapshot().records.s1?.messages.map((message) => message.msgContent)).toEqual(['Hello?']);
    const polls = server.calls.filter((call) => call.name === 'poll').slice(-2);
    expect(polls.map((call) => call.query.cursor)).toEqual(['0', '0']);
    desk.stop();
  });

  it('given the server fails again and again, should wait longer between polls, up to ten pauses', async () => {
    const { server, desk } = deskOnFakeServer({ pollMs: 1000 });
    server.fail('poll', 'network', 'network', 'network', 'network', 'network', 'network');
    desk.start();
    await later();
    const count = () => server.calls.filter((call) => call.name === 'poll').length;
    expect(count()).toBe(1);
    await later(1000);
    expect(count()).toBe(2);
    await later(1999);
    expect(count()).toBe(2);
    await later(1);
    expect(count()).toBe(3);
    desk.stop();
  });

  it('given the session expired (401), should stop polling and say the agent is signed out', async () => {
    const { server, desk } = deskOnFakeServer();
    server.fail('poll', { code: 401, message: 'log in first' });
    desk.start();
    await later(60_000);
    expect(desk.getSnapshot().status).toBe('signedOut');
    expect(server.calls.filter((call) => call.name === 'poll')).toHaveLength(1);
  });

  it('given an empty hold, should publish no new snapshot', async () => {
    const { desk } = deskOnFakeServer({ holdMs: 15_000 });
    desk.start();
    await later();
    const listener = vi.fn();
    desk.subscribe(listener);
    await later(15_000);
    expect(listener).not.toHaveBeenCalled();
    desk.stop();
  });
});
