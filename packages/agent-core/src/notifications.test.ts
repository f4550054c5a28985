import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decide } from './notifications.js';
import { deskOnFakeServer, later } from './test/desk.js';
import type { DeskAlert } from './types.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A started desk whose outlets are spies; `claim` wins unless told. */
async function watched(claim = true) {
  const outlets = {
    claim: vi.fn(async () => claim),
    chime: vi.fn(),
    notify: vi.fn(),
    joining: vi.fn(),
  };
  const setup = deskOnFakeServer({ alerts: outlets });
  setup.server.queueVisitor('s0', 'Already waiting');
  setup.desk.start();
  await later();
  return { ...setup, outlets };
}

const kinds = (calls: unknown[][]) => calls.map(([alert]) => (alert as DeskAlert).kind);

describe('alerts', () => {
  it('given the console starts, should treat what is already there as no news', async () => {
    const { desk, outlets } = await watched();
    expect(desk.getSnapshot().alerts).toEqual({ unread: 0, announce: [], muted: false });
    expect(outlets.claim).not.toHaveBeenCalled();
    desk.stop();
  });

  it('given the console is hidden, should count each new visitor, chat and message, chime once and notify each', async () => {
    const { server, desk, visibility, outlets } = await watched();
    visibility.set(false);
    server.queueVisitor('s1', 'Vera');
    server.giveChat('s2', 'Hugo', { nick: 'Tess', note: 'wants a refund' });
    server.visitorWrites('s2', 'Hello?');
    await later();
    expect(desk.getSnapshot().alerts.unread).toBe(3);
    expect(outlets.chime).toHaveBeenCalledTimes(1);
    expect(kinds(outlets.notify.mock.calls)).toEqual(['queue', 'chat', 'message']);
    expect(outlets.notify.mock.calls[1]?.[0]).toMatchObject({ from: 'Tess', note: 'wants a refund' });
    visibility.set(true);
    expect(desk.getSnapshot().alerts.unread).toBe(0);
    desk.stop();
  });

  it('given visitors who gave no name, should carry their ids, so the console names them as the inbox does', async () => {
    const { server, desk, visibility, outlets } = await watched();
    visibility.set(false);
    server.queueVisitor('s1');
    server.giveChat('s2', '', { nick: 'Tess' });
    server.visitorWrites('s2', 'Hello?');
    await later();
    expect(
      outlets.notify.mock.calls.map(([alert]) => [
        (alert as DeskAlert).visitorName,
        (alert as DeskAlert).visitorId,
      ]),
    ).toEqual([
      ['', 'visitor-s1'],
      ['', 'visitor-s2'],
      ['', 'visitor-s2'],
    ]);
    desk.stop();
  });

  it('given the agent muted the sound, should notify without a chime', async () => {
    const { server, desk, visibility, outlets } = await watched();
    desk.setMuted(true);
    visibility.set(false);
    server.queueVisitor('s1', 'Vera');
    await later();
    expect(outlets.chime).not.toHaveBeenCalled();
    expect(outlets.notify).toHaveBeenCalledTimes(1);
    desk.stop();
  });

  it('given another tab of the agent claimed the alert, should count it but neither chime nor notify', async () => {
    const { server, desk, visibility, outlets } = await watched(false);
    visibility.set(false);
    server.queueVisitor('s1', 'Vera');
    await later();
    expect(desk.getSnapshot().alerts.unread).toBe(1);
    expect(outlets.chime).not.toHaveBeenCalled();
    expect(outlets.notify).not.toHaveBeenCalled();
    desk.stop();
  });

  it('given the console is on screen, should announce new visitors and chats, not messages, and stay silent', async () => {
    const { server, desk, outlets } = await watched();
    server.giveChat('s2', 'Hugo');
    await later();
    server.visitorWrites('s2', 'Hello?');
    server.queueVisitor('s1', 'Vera');
    await later();
    expect(desk.getSnapshot().alerts.unread).toBe(0);
    expect(desk.getSnapshot().alerts.announce.map((alert) => alert.visitorName)).toEqual(['Vera']);
    expect(outlets.chime).not.toHaveBeenCalled();
    expect(outlets.notify).not.toHaveBeenCalled();
    desk.stop();
  });

  it('given the agent joins a queued visitor, should not alert about the chat it took', async () => {
    const { server, desk, visibility, outlets } = await watched();
    server.queueVisitor('s1', 'Vera');
    await later();
    visibility.set(false);
    await desk.join('s1');
    await later();
    expect(outlets.joining).toHaveBeenCalledWith('s1');
    expect(kinds(outlets.notify.mock.calls)).toEqual([]);
    expect(desk.getSnapshot().alerts.unread).toBe(0);
    desk.stop();
  });
});

describe('mentions', () => {
  it("given a colleague's note naming the agent while hidden, should notify it; a note naming nobody, or the agent's own, is no news", async () => {
    const { server, desk, visibility, outlets } = await watched();
    server.giveChat('s1', 'Vera');
    await later();
    visibility.set(false);
    outlets.notify.mockClear();
    server.colleagueNotes('s1', 'FYI, she called yesterday');
    await later();
    await vi.advanceTimersByTimeAsync(1000);
    expect(kinds(outlets.notify.mock.calls)).toEqual(['mention']);
    expect(outlets.notify.mock.calls[0]?.[0]).toMatchObject({
      from: 'Ben',
      note: 'FYI, she called yesterday',
      visitorName: 'Vera',
    });
    server.colleagueNotes('s1', 'Nothing for you', false);
    await desk.inbox.addNote('s1', 'My own note');
    await later();
    await vi.advanceTimersByTimeAsync(1000);
    expect(kinds(outlets.notify.mock.calls)).toEqual(['mention']);
    desk.stop();
  });
});

describe('decide', () => {
  const alert = (kind: DeskAlert['kind']): DeskAlert => ({
    id: kind,
    kind,
    sessionId: 's1',
    visitorName: 'Vera',
    visitorId: 'visitor-s1',
    channelId: 'shop',
  });

  it('should count and notify everything while hidden, and announce all but messages while on screen', () => {
    const all = [alert('queue'), alert('chat'), alert('message')];
    expect(decide(all, false)).toEqual({ count: 3, announce: [], notify: all });
    expect(decide(all, true)).toEqual({ count: 0, announce: all.slice(0, 2), notify: [] });
  });
});
