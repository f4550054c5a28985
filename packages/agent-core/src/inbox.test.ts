import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskOnFakeServer, later } from './test/desk.js';

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

const ids = (rows: readonly { sessionId: string }[]) => rows.map((row) => row.sessionId);

describe('the inbox list', () => {
  it('given a list shown, should load its rows and counts, and load again when the poll says the inbox moved', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    expect((await desk.inbox.show({ view: 'mine', status: 'active' })).ok).toBe(true);
    expect(ids(desk.getSnapshot().inbox.rows)).toEqual(['s1']);
    expect(desk.getSnapshot().inbox.counts.mine).toBe(1);
    // A chat routed to the agent moves the inbox: the list loads again on its own.
    server.giveChat('s2', 'Hugo');
    await later();
    await later();
    expect(ids(desk.getSnapshot().inbox.rows).sort()).toEqual(['s1', 's2']);
    desk.stop();
  });

  it('given a label filter, should show only the rows with that label', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    server.giveChat('s2', 'Hugo');
    await later();
    await desk.inbox.setLabels('s2', ['Refund']);
    await desk.inbox.show({ view: 'mine', status: 'active', label: 'refund' });
    expect(ids(desk.getSnapshot().inbox.rows)).toEqual(['s2']);
    expect(desk.getSnapshot().inbox.rows[0]?.labels).toEqual(['refund']);
    desk.stop();
  });

  it('given a failed load, should keep the rows it had and say it failed', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.inbox.show({ view: 'mine' });
    server.fail('inbox', { code: 500, message: 'database down' });
    const outcome = await desk.inbox.load();
    expect(outcome.ok).toBe(false);
    expect(desk.getSnapshot().inbox).toMatchObject({ failed: true, loading: false });
    expect(ids(desk.getSnapshot().inbox.rows)).toEqual(['s1']);
    desk.stop();
  });
});

describe('a conversation opened from the inbox', () => {
  it('given inspect, should hold its messages in the records and its row, notes and history in the details', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    server.visitorWrites('s1', 'Hello?');
    await later();
    expect((await desk.inbox.inspect('s1')).ok).toBe(true);
    const snapshot = desk.getSnapshot();
    expect(snapshot.records.s1?.messages.map((one) => one.msgContent)).toEqual(['Hello?']);
    expect(snapshot.inbox.details.s1).toMatchObject({
      conversation: { sessionId: 's1', status: 'open' },
      notes: [],
    });
    desk.stop();
  });

  it('given a status change, should show the new status and its history once the server has it', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.inbox.show({ view: 'mine', status: 'active' });
    await desk.inbox.inspect('s1');
    expect((await desk.inbox.setStatus('s1', 'pending')).ok).toBe(true);
    const detail = desk.getSnapshot().inbox.details.s1;
    expect(detail?.conversation.status).toBe('pending');
    expect(detail?.activity.map((one) => one.detail.to)).toEqual(['pending']);
    expect(desk.getSnapshot().inbox.rows[0]?.status).toBe('pending');
    desk.stop();
  });

  it('given a note, should add it to the details, and a note event from a colleague should add theirs once', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.inbox.inspect('s1');
    expect((await desk.inbox.addNote('s1', 'Asked for a refund before')).ok).toBe(true);
    await later();
    const notes = desk.getSnapshot().inbox.details.s1?.notes ?? [];
    expect(notes.map((one) => one.body)).toEqual(['Asked for a refund before']);
    desk.stop();
  });

  it('given a visitor who gave an address and left, should answer by email and show the answer in the conversation', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    server.visitorGivesEmail('s1', 'vera@example.com');
    server.visitorWrites('s1', 'Is the blue one back?');
    await later();
    await desk.inbox.inspect('s1');
    // Live: the answer goes in the chat, not by email.
    expect(desk.getSnapshot().inbox.details.s1?.emailTo).toBeNull();
    expect(await desk.inbox.replyByEmail('s1', 'Soon')).toMatchObject({ ok: false, error: { code: 409 } });
    server.visitorCloses('s1');
    await later();
    await desk.inbox.inspect('s1');
    expect(desk.getSnapshot().inbox.details.s1?.emailTo).toBe('vera@example.com');
    const outcome = await desk.inbox.replyByEmail('s1', 'It is back on Monday.');
    expect(outcome).toMatchObject({ ok: true, data: { to: 'vera@example.com' } });
    expect(desk.getSnapshot().records.s1?.messages.at(-1)).toMatchObject({
      msgContent: 'It is back on Monday.',
      emailedTo: 'vera@example.com',
    });
    desk.stop();
  });

  it('given a refused change, should resolve to the refusal and leave the details as they were', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    await later();
    await desk.inbox.inspect('s1');
    server.fail('setStatus', { code: 403, message: 'a live chat is resolved by the agent who has it' });
    const outcome = await desk.inbox.setStatus('s1', 'resolved');
    expect(outcome).toMatchObject({ ok: false, error: { code: 403 } });
    expect(desk.getSnapshot().inbox.details.s1?.conversation.status).toBe('open');
    desk.stop();
  });
});

describe('search', () => {
  it('given a search, should show its hits until cleared; a blank search shows the list', async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    server.visitorWrites('s1', 'My refund never came');
    server.giveChat('s2', 'Hugo');
    server.visitorWrites('s2', 'Where is my parcel');
    await later();
    await desk.inbox.search('refund');
    const search = desk.getSnapshot().inbox.search;
    expect(search).toMatchObject({ q: 'refund', loading: false });
    expect(search?.hits.map((hit) => hit.conversation.sessionId)).toEqual(['s1']);
    await desk.inbox.search('   ');
    expect(desk.getSnapshot().inbox.search).toBeNull();
    desk.stop();
  });

  it('given a failed search, should stop loading and keep the query for a retry', async () => {
    const { server, desk } = await started();
    server.fail('search', 'network');
    const outcome = await desk.inbox.search('refund');
    expect(outcome.ok).toBe(false);
    expect(desk.getSnapshot().inbox.search).toMatchObject({ q: 'refund', loading: false, hits: [] });
    desk.stop();
  });
});

describe('the mentions', () => {
  it("given a colleague's note naming the agent, should list its conversation as an unseen mention until the agent opens it", async () => {
    const { server, desk } = await started();
    server.giveChat('s1', 'Vera');
    server.giveChat('s2', 'Hugo');
    await later();
    expect(desk.getSnapshot().inbox.mentions).toEqual({ entries: [], unseen: 0 });
    server.colleagueNotes('s1', 'Ask @ada about the refund');
    server.colleagueNotes('s2', 'Nothing for Ada', false);
    await later();
    await later();
    const { mentions } = desk.getSnapshot().inbox;
    expect(mentions.unseen).toBe(1);
    expect(mentions.entries.map((one) => [one.conversation.sessionId, one.note.body, one.seen])).toEqual([
      ['s1', 'Ask @ada about the refund', false],
    ]);
    // Opened: seen at once, and on the server.
    const seen = desk.inbox.seen('s1');
    expect(desk.getSnapshot().inbox.mentions.unseen).toBe(0);
    expect((await seen).ok).toBe(true);
    await desk.inbox.mentions();
    expect(desk.getSnapshot().inbox.mentions.entries[0]?.seen).toBe(true);
    desk.stop();
  });
});
