import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atCapacity } from './capacity.js';
import { deskOnFakeServer, later } from './test/desk.js';
import { createFakeAgentServer } from './testing.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function started() {
  const setup = deskOnFakeServer();
  setup.desk.start();
  await later();
  return setup;
}

const visitors = (queue: readonly { visitorName: string }[]) => queue.map((entry) => entry.visitorName);

describe('the queue', () => {
  it('given visitors queue and one is refused, should show the queue as the server has it', async () => {
    const { server, desk } = await started();
    server.queueVisitor('s1', 'Vera');
    server.queueVisitor('s2', 'Hugo');
    await later();
    expect(visitors(desk.getSnapshot().queue)).toEqual(['Vera', 'Hugo']);
    expect((await desk.refuse('s2')).ok).toBe(true);
    expect(visitors(desk.getSnapshot().queue)).toEqual(['Vera']);
    desk.stop();
  });

  it('given a join, should move the visitor from the queue to the chats and load the chat', async () => {
    const { server, desk } = await started();
    server.queueVisitor('s1', 'Vera');
    await later();
    const joined = await desk.join('s1');
    expect(joined.ok).toBe(true);
    const snapshot = desk.getSnapshot();
    expect(snapshot.queue).toEqual([]);
    expect(visitors(snapshot.chats)).toEqual(['Vera']);
    expect(snapshot.records.s1).toEqual({ messages: [], rating: null, closed: false });
    desk.stop();
  });

  it('given a colleague took the visitor first, should resolve to the refusal, never reject', async () => {
    const { server, desk } = await started();
    server.queueVisitor('s1', 'Vera');
    await later();
    server.fail('join', { code: 409, message: 'another agent has this chat' });
    const joined = await desk.join('s1');
    expect(joined).toMatchObject({ ok: false, error: { code: 409 } });
    expect(desk.getSnapshot().records.s1).toBeUndefined();
    desk.stop();
  });
});

describe('joining past capacity', () => {
  it('given an agent with as many chats as their capacity, should say so, and join only when told to go beyond', async () => {
    const { server, desk } = deskOnFakeServer({ server: createFakeAgentServer({ agent: { capacity: 1 } }) });
    desk.start();
    await later();
    expect(atCapacity(desk.getSnapshot())).toBe(false);
    server.giveChat('s1', 'Vera');
    server.queueVisitor('s2', 'Hugo');
    await later();
    expect(atCapacity(desk.getSnapshot())).toBe(true);
    expect(await desk.join('s2')).toMatchObject({ ok: false, error: { code: 409 } });
    expect(await desk.join('s2', { beyondCapacity: true })).toMatchObject({ ok: true });
    expect(visitors(desk.getSnapshot().chats)).toEqual(['Vera', 'Hugo']);
    desk.stop();
  });
});

describe('a chat', () => {
  it('given the visitor writes, reads, rates and leaves, should show each on the chat', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.open('s1');
    server.visitorWrites('s1', 'Hi');
    await later();
    await desk.send('s1', 'Hello Vera');
    server.visitorReads('s1');
    server.visitorRates('s1', 5, ['fast']);
    server.visitorCloses('s1');
    await later();
    const record = desk.getSnapshot().records.s1;
    expect(record?.messages.map((message) => [message.msgContent, message.read ?? false])).toEqual([
      ['Hi', false],
      ['Hello Vera', true],
    ]);
    expect(record?.rating).toEqual({ star: 5, tags: ['fast'] });
    expect(record?.closed).toBe(true);
    expect(desk.getSnapshot().chats).toEqual([]);
    desk.stop();
  });

  it('given the agent closes the chat, should leave it out of the chats after the call', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    expect((await desk.close('s1')).ok).toBe(true);
    expect(desk.getSnapshot().chats).toEqual([]);
    desk.stop();
  });

  it('given a transfer, should hand the chat on and forget its record, draft and replies', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.open('s1');
    desk.setDraft('s1', 'half a sentence');
    const done = await desk.transfer('s1', { agentId: 'agent-2' }, '  VIP customer ');
    expect(done).toMatchObject({ ok: true, data: { to: { nick: 'Ben' } } });
    expect(server.calls.find((call) => call.name === 'transfer')?.body).toEqual({
      agentId: 'agent-2',
      note: 'VIP customer',
    });
    const snapshot = desk.getSnapshot();
    expect(snapshot.chats).toEqual([]);
    expect(snapshot.records.s1).toBeUndefined();
    expect(snapshot.drafts.s1).toBeUndefined();
    desk.stop();
  });

  it('given a transfer the colleague cannot take, should keep the chat and tell the code', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.open('s1');
    server.fail('transfer', { code: 409, message: 'that colleague has no free slot' });
    const done = await desk.transfer('s1', { agentId: 'agent-2' });
    expect(done).toMatchObject({ ok: false, error: { code: 409 } });
    expect(visitors(desk.getSnapshot().chats)).toEqual(['Vera']);
    expect(desk.getSnapshot().records.s1).toBeDefined();
    desk.stop();
  });
});

describe('the agent', () => {
  it('given the agent goes offline, should show the agent offline', async () => {
    const { desk } = await started();
    expect(desk.getSnapshot().agent?.online).toBe(true);
    await desk.setOnline(false);
    expect(desk.getSnapshot().agent?.online).toBe(false);
    desk.stop();
  });

  it('given a logout, should sign the desk out, stop polling and forget the drafts on this computer', async () => {
    const { server, desk, storage } = await started();
    desk.setDraft('s1', 'a half-written reply');
    expect(storage.getItem('parley-agent-drafts:agent-1')).toContain('half-written');
    await desk.logout();
    expect(storage.getItem('parley-agent-drafts:agent-1')).toBeNull();
    const polls = server.calls.filter((call) => call.name === 'poll').length;
    await later(60_000);
    expect(desk.getSnapshot().status).toBe('signedOut');
    expect(server.calls.filter((call) => call.name === 'poll')).toHaveLength(polls);
  });
});

describe('a malformed answer', () => {
  it('given a poll answer that is not the contract, should keep polling and show nothing of it', async () => {
    const { desk } = deskOnFakeServer({
      pollMs: 1000,
      transport: {
        request: async () => ({ code: 200, data: { queue: 'not a list' }, message: 'ok' }),
      },
    });
    desk.start();
    await later();
    expect(desk.getSnapshot()).toMatchObject({ status: 'starting', connected: false, queue: [] });
    desk.stop();
  });

  it('given a command whose answer is not JSON of the contract, should resolve to a typed error', async () => {
    const { desk } = deskOnFakeServer({ transport: { request: async () => 'Bad gateway' } });
    const outcome = await desk.setOnline(true);
    expect(outcome).toMatchObject({ ok: false, error: { name: 'ApiError', kind: 'shape' } });
  });
});

describe('a chat loading while the visitor writes', () => {
  it('given a message the poll delivers before the chat record arrives, should show it once the record comes', async () => {
    const { server } = deskOnFakeServer();
    // The chat record's answer is held back until the test lets it go.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { desk } = deskOnFakeServer({
      server,
      transport: {
        async request(method, path, body) {
          const answer = await server.transport.request(method, path, body);
          if (method === 'GET' && path.endsWith('/messages')) await held;
          return answer;
        },
      },
    });
    server.giveChat('s1', 'Vera');
    desk.start();
    await later();
    const opening = desk.open('s1');
    await later();
    server.visitorWrites('s1', 'Hello?');
    await later();
    release();
    await opening;
    expect(desk.getSnapshot().records.s1?.messages.map((message) => message.msgContent)).toEqual(['Hello?']);
    desk.stop();
  });
});

describe('deleting a message', () => {
  /** A chat of the agent's with two replies sent. */
  async function withReplies() {
    const setup = await started();
    setup.server.giveChat('s1', 'Vera');
    await later();
    await setup.desk.open('s1');
    await setup.desk.send('s1', 'First');
    await setup.desk.send('s1', 'Second');
    await later();
    const [first] = setup.server.messagesOf('s1');
    if (!first) throw new Error('no reply stored');
    return { ...setup, first };
  }

  it('given a delete, should show the message as gone at once and tell the server only after the undo time', async () => {
    const { server, desk, first } = await withReplies();
    const pending = desk.deleteMessage('s1', first.id);
    expect(desk.getSnapshot().deleting).toEqual([first.id]);
    await vi.advanceTimersByTimeAsync(5900);
    expect(server.messagesOf('s1').map((one) => one.msgContent)).toEqual(['First', 'Second']);
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending.done).toEqual({ ok: true, data: true });
    expect(server.messagesOf('s1').map((one) => one.msgContent)).toEqual(['Second']);
    expect(desk.getSnapshot().records.s1?.messages.map((one) => one.msgContent)).toEqual(['Second']);
    expect(desk.getSnapshot().deleting).toEqual([]);
    expect(pending.undo()).toBe(false);
    desk.stop();
  });

  it('given an undo within the time, should bring the message back and never tell the server', async () => {
    const { server, desk, first } = await withReplies();
    const pending = desk.deleteMessage('s1', first.id);
    await vi.advanceTimersByTimeAsync(3000);
    expect(pending.undo()).toBe(true);
    expect(desk.getSnapshot().deleting).toEqual([]);
    expect(await pending.done).toEqual({ ok: true, data: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls.filter((call) => call.name === 'deleteMessage')).toEqual([]);
    expect(server.messagesOf('s1').map((one) => one.msgContent)).toEqual(['First', 'Second']);
    desk.stop();
  });

  it('given the server refuses the delete, should show the message again and say why', async () => {
    const { server, desk, first } = await withReplies();
    server.fail('deleteMessage', { code: 409, message: 'this chat has ended' });
    const pending = desk.deleteMessage('s1', first.id);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await pending.done).toMatchObject({ ok: false, error: { code: 409 } });
    expect(desk.getSnapshot().deleting).toEqual([]);
    expect(desk.getSnapshot().records.s1?.messages.map((one) => one.msgContent)).toEqual(['First', 'Second']);
    desk.stop();
  });
});
