import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './environment.js';
import { deskOnFakeServer, later } from './test/desk.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A desk with one open chat, s1, loaded. */
async function withChat(options: Parameters<typeof deskOnFakeServer>[0] = {}) {
  const setup = deskOnFakeServer({ retryDelays: [1000, 2000], ...options });
  setup.server.giveChat('s1', 'Vera');
  setup.desk.start();
  await later();
  await setup.desk.open('s1');
  return setup;
}

const shown = (desk: ReturnType<typeof deskOnFakeServer>['desk']) =>
  desk.getSnapshot().records.s1?.messages.map((message) => [message.msgContent, message.status ?? 'stored']);

describe('replies', () => {
  it('given a draft sent, should show it pending with an empty box, then as stored once the server has it', async () => {
    const { server, desk } = await withChat();
    desk.setDraft('s1', 'Your parcel left today.');
    const sending = desk.send('s1');
    expect(shown(desk)).toEqual([['Your parcel left today.', 'pending']]);
    expect(desk.getSnapshot().drafts.s1).toBe('');
    const outcome = await sending;
    expect(outcome.ok).toBe(true);
    expect(shown(desk)).toEqual([['Your parcel left today.', 'stored']]);
    expect(server.messagesOf('s1').map((message) => message.msgContent)).toEqual(['Your parcel left today.']);
    expect(server.calls.find((call) => call.name === 'send')?.body).toEqual({
      msgContent: 'Your parcel left today.',
      clientMsgId: 'reply-1',
    });
    desk.stop();
  });

  it('given the answer is lost after the server stored the reply, should send it again under the same id and the chat should hold it once', async () => {
    const { server, desk } = await withChat();
    server.fail('send', 'lost');
    const sending = desk.send('s1', 'Thanks for waiting.');
    await later(1000);
    const outcome = await sending;
    expect(outcome.ok).toBe(true);
    const sends = server.calls.filter((call) => call.name === 'send');
    expect(sends.map((call) => (call.body as { clientMsgId: string }).clientMsgId)).toEqual([
      'reply-1',
      'reply-1',
    ]);
    expect(server.messagesOf('s1').map((message) => message.msgContent)).toEqual(['Thanks for waiting.']);
    expect(shown(desk)).toEqual([['Thanks for waiting.', 'stored']]);
    desk.stop();
  });

  it('given every try fails, should mark the reply failed, and a retry by the agent should store it once', async () => {
    const { server, desk } = await withChat();
    server.fail('send', 'network', 'network', 'network');
    const sending = desk.send('s1', 'One moment please.');
    await later(3000);
    const outcome = await sending;
    expect(outcome.ok).toBe(false);
    expect(shown(desk)).toEqual([['One moment please.', 'fail']]);
    expect(server.calls.filter((call) => call.name === 'send')).toHaveLength(3);
    const failed = desk.getSnapshot().records.s1?.messages[0];
    const retried = await desk.retry(failed?.clientMsgId ?? '');
    expect(retried.ok).toBe(true);
    expect(shown(desk)).toEqual([['One moment please.', 'stored']]);
    expect(server.messagesOf('s1')).toHaveLength(1);
    desk.stop();
  });

  it('given the server refuses (the chat ended), should mark the reply failed at once without trying again', async () => {
    const { server, desk } = await withChat();
    server.visitorCloses('s1');
    await later();
    const outcome = await desk.send('s1', 'Are you still there?');
    expect(outcome).toMatchObject({ ok: false, error: { code: 409 } });
    expect(shown(desk)).toContainEqual(['Are you still there?', 'fail']);
    expect(server.calls.filter((call) => call.name === 'send')).toHaveLength(1);
    desk.stop();
  });

  it('given the console reloads while a reply is on its way, should send it again after the reload, stored once', async () => {
    const storage = createMemoryStorage();
    const first = await withChat({ storage });
    first.server.visitorWrites('s1', 'Can I get a refund?');
    // The server stores the reply, but the answer is lost and the page closes before a retry.
    first.server.fail('send', 'lost');
    void first.desk.send('s1', 'Refund approved.');
    await later();
    first.desk.stop();
    expect(first.server.messagesOf('s1')).toHaveLength(2);
    // The same browser storage and server, a new page: the reply goes again under its id.
    const second = deskOnFakeServer({ storage, server: first.server });
    second.desk.start();
    await later();
    await second.desk.open('s1');
    const sends = first.server.calls.filter((call) => call.name === 'send');
    expect(sends.map((call) => call.body)).toEqual([
      { msgContent: 'Refund approved.', clientMsgId: 'reply-1' },
      { msgContent: 'Refund approved.', clientMsgId: 'reply-1' },
    ]);
    expect(first.server.messagesOf('s1').map((message) => message.msgContent)).toEqual([
      'Can I get a refund?',
      'Refund approved.',
    ]);
    expect(shown(second.desk)).toEqual([
      ['Can I get a refund?', 'stored'],
      ['Refund approved.', 'stored'],
    ]);
    second.desk.stop();
  });

  it('given the desk stops while a reply waits for its next try, should send it when the desk starts again', async () => {
    const { server, desk } = await withChat();
    server.fail('send', 'network');
    const first = desk.send('s1', 'Back in a minute.');
    await later();
    desk.stop();
    expect((await first).ok).toBe(false);
    expect(server.messagesOf('s1')).toEqual([]);
    desk.start();
    await later();
    expect(server.messagesOf('s1').map((message) => message.msgContent)).toEqual(['Back in a minute.']);
    expect(shown(desk)).toEqual([['Back in a minute.', 'stored']]);
    desk.stop();
  });

  it('given a blank draft, should send nothing', async () => {
    const { server, desk } = await withChat();
    desk.setDraft('s1', '   ');
    expect((await desk.send('s1')).ok).toBe(false);
    expect(server.calls.filter((call) => call.name === 'send')).toHaveLength(0);
    desk.stop();
  });
});

describe('drafts', () => {
  it('given a draft in each chat, should keep them apart and bring them back after a reload', async () => {
    const storage = createMemoryStorage();
    const first = await withChat({ storage });
    first.server.giveChat('s2', 'Hugo');
    first.desk.setDraft('s1', 'For Vera');
    first.desk.setDraft('s2', 'For Hugo');
    first.desk.stop();
    const second = deskOnFakeServer({ storage });
    second.desk.start();
    await later();
    expect(second.desk.getSnapshot().drafts).toEqual({ s1: 'For Vera', s2: 'For Hugo' });
    second.desk.stop();
  });
});
