import { ChatStatus, TransferStatus, VisitorEvent } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEUE_AFTER_MS,
  PRESENCE_TIMEOUT_MS,
  presenceOf,
  sweepPresence,
} from './conversation/presence.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, serverFor, testAgent } from './test/harness.js';

// Presence from live console sessions (docs/routing.md): an agent is online only while a console
// session of theirs polls; logout ends it at once; a console that stops polling is offline after
// the presence timeout; away keeps chats and takes no new one; an offline agent's chats go back to
// the front of the queue after the channel's time (at once on logout or when disabled).

const seed: Seed = {
  channels: [
    { id: 'desk', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'keep', tenantId: 't', info: { receiveMode: 3 }, requeueAfterMs: null },
  ],
  agents: [
    testAgent('ana', { channels: ['desk'] }),
    testAgent('ben', { channels: ['desk'] }),
    testAgent('kim', { channels: ['keep'] }),
    testAgent('boss', { role: 'admin', channels: ['desk'] }),
  ],
};

describe('presenceOf', () => {
  it.each([
    [{ online: true, present: true, away: false }, 'online'],
    [{ online: true, present: true, away: true }, 'away'],
    [{ online: true, present: false, away: false }, 'offline'],
    [{ online: false, present: true, away: false }, 'offline'],
    [{ online: true, present: true, away: false, disabled: true }, 'offline'],
  ])('given %o, should be %s', (row, status) => {
    expect(presenceOf(row)).toBe(status);
  });
});

describe.each(testDatabases())('presence on $name', (database) => {
  let now = Date.UTC(2026, 10, 2, 9);
  const server = serverFor(
    database,
    seed,
    { clock: () => now, presenceTimeoutMs: PRESENCE_TIMEOUT_MS, rateLimits: { login: 1_000 } },
    { atConsoles: false },
  );
  const sweep = () => sweepPresence(server().app.conversations);
  /** Moves the clock on; the consoles named keep polling meanwhile, every 15 s. */
  async function pass(ms: number, polling: AgentClient[] = []) {
    for (let left = ms; left > 0; left -= 15_000) {
      now += Math.min(left, 15_000);
      for (const console of polling) await console.poll();
      await sweep();
    }
  }
  const logIn = (id: string) => server().login(id, `pw-${id}`);
  /** A visitor asking for a person on `channel`: the transfer's answer. */
  async function askForPerson(channel = 'desk', extra: Record<string, unknown> = {}) {
    const visitor = await server().start(channel, extra);
    const answer = await server().visitor('transferAgent', { userId: visitor.userId });
    return { visitor, answer: answer.data as { status: number; adminNick: string } };
  }
  async function eventsOf(visitor: { userId: string; pollId: string }) {
    const answer = await server().visitor('getEventMsg', { ...visitor, cursor: '0' });
    return answer.data.msgList as { event_type: number; adminNick?: string }[];
  }
  async function everyoneOut() {
    await server().app.db.query('delete from agent_sessions');
    await server().app.db.query(`update sessions set closed_at = $1, status = 0 where closed_at is null`, [
      now,
    ]);
    await server().app.db.query('delete from queue');
    await server().app.db.query('update agents set online = true, away = false, disabled_at = null');
    await pass(PRESENCE_TIMEOUT_MS + 1);
  }

  it('given nobody logged in, should tell the visitor agents are offline and announce nobody', async () => {
    await everyoneOut();
    const { visitor, answer } = await askForPerson();
    expect(answer.status).toBe(TransferStatus.agentsOffline);
    expect((await eventsOf(visitor)).map((event) => event.event_type)).not.toContain(
      VisitorEvent.agentJoined,
    );
  });

  it('given an agent who logged in then out, should route to them while in and never after', async () => {
    await everyoneOut();
    const ben = await logIn('ben');
    expect((await askForPerson()).answer).toMatchObject({
      status: TransferStatus.connected,
      adminNick: 'Ben',
    });
    await ben.logout();
    expect((await askForPerson()).answer.status).toBe(TransferStatus.agentsOffline);
    // Three minutes later, still offline: nothing brings him back but a console.
    await pass(180_000);
    expect((await askForPerson()).answer.status).toBe(TransferStatus.agentsOffline);
  });

  it('given a console that stops polling, should be offline after the presence timeout and back with its next poll', async () => {
    await everyoneOut();
    const ana = await logIn('ana');
    const ben = await logIn('ben');
    await pass(PRESENCE_TIMEOUT_MS - 15_000, [ana]);
    expect((await ana.poll()).data.team).toContainEqual({ id: 'ben', nick: 'Ben', status: 'online' });
    await pass(30_000, [ana]);
    expect((await ana.poll()).data.team).toContainEqual({ id: 'ben', nick: 'Ben', status: 'offline' });
    const colleagues = (await ana.call('GET', '/api/agent/colleagues')).data;
    expect(colleagues).toContainEqual(expect.objectContaining({ id: 'ben', online: false, free: false }));
    // Ben's laptop wakes: his console polls and he is online again.
    await ben.poll();
    expect((await ana.poll()).data.team).toContainEqual({ id: 'ben', nick: 'Ben', status: 'online' });
    const changes = await server().app.db.query<{ status: string; reason: string }>(
      `select status, reason from presence_changes where agent_id = 'ben' order by id`,
    );
    expect(changes.slice(-3)).toEqual([
      { status: 'online', reason: 'login' },
      { status: 'offline', reason: 'timeout' },
      { status: 'online', reason: 'returned' },
    ]);
  });

  it('given an away agent, should keep their chat, give them no new one, and show them away and not free', async () => {
    await everyoneOut();
    const ana = await logIn('ana');
    const ben = await logIn('ben');
    await ana.online(false);
    const held = await askForPerson();
    expect(held.answer.adminNick).toBe('Ben');
    await ben.away();
    expect((await askForPerson()).answer.status).toBe(TransferStatus.queued);
    expect((await ben.poll()).data.chats.map((chat: { sessionId: string }) => chat.sessionId)).toContain(
      held.visitor.sessionId,
    );
    await ana.online(true);
    const colleagues = (await ana.call('GET', '/api/agent/colleagues')).data;
    expect(colleagues).toContainEqual(
      expect.objectContaining({ id: 'ben', status: 'away', online: true, free: false }),
    );
    expect((await ana.poll()).data.team).toContainEqual({ id: 'ben', nick: 'Ben', status: 'away' });
  });

  it("given an agent whose console stopped, should keep their chat for the channel's time, then requeue it at the front for a colleague", async () => {
    await everyoneOut();
    const ana = await logIn('ana');
    await ana.online(false);
    await logIn('ben');
    const held = await askForPerson();
    expect(held.answer.adminNick).toBe('Ben');
    await ana.online(true);
    await ana.away();
    await server()
      .login('ben', 'pw-ben')
      .then((ben) => ben.away());
    const waiting = await askForPerson();
    expect(waiting.answer.status).toBe(TransferStatus.queued);
    // Ben's console stops; Ana keeps polling.
    await pass(PRESENCE_TIMEOUT_MS + 15_000, [ana]);
    let [session] = await server().app.db.query<{ admin_id: string | null; status: number }>(
      'select admin_id, status from sessions where id = $1',
      [held.visitor.sessionId],
    );
    expect(session).toMatchObject({ admin_id: 'ben', status: ChatStatus.withAgent });
    await pass(DEFAULT_REQUEUE_AFTER_MS, [ana]);
    [session] = await server().app.db.query('select admin_id, status from sessions where id = $1', [
      held.visitor.sessionId,
    ]);
    expect(session).toMatchObject({ admin_id: null, status: ChatStatus.queued });
    const queue = (await ana.poll()).data.queue.map((entry: { sessionId: string }) => entry.sessionId);
    expect(queue).toEqual([held.visitor.sessionId, waiting.visitor.sessionId]);
    expect(await eventsOf(held.visitor)).toContainEqual(
      expect.objectContaining({ event_type: VisitorEvent.agentLeft, adminNick: 'Ben' }),
    );
    // Ana comes back from away: she takes the requeued chat first.
    await ana.away(false);
    const events = await eventsOf(held.visitor);
    expect(events.at(-1)).toMatchObject({ event_type: VisitorEvent.agentJoined, adminNick: 'Ana' });
  });

  it('given a logout, should requeue at once; given a channel that keeps chats, should keep them', async () => {
    await everyoneOut();
    const ben = await logIn('ben');
    const kim = await logIn('kim');
    const held = await askForPerson();
    const kept = await askForPerson('keep');
    expect(kept.answer.adminNick).toBe('Kim');
    await ben.logout();
    const [session] = await server().app.db.query('select admin_id, status from sessions where id = $1', [
      held.visitor.sessionId,
    ]);
    expect(session).toMatchObject({ admin_id: null, status: ChatStatus.queued });
    await kim.logout();
    await pass(DEFAULT_REQUEUE_AFTER_MS * 2);
    const [keep] = await server().app.db.query('select admin_id from sessions where id = $1', [
      kept.visitor.sessionId,
    ]);
    expect(keep).toMatchObject({ admin_id: 'kim' });
  });

  it('given a disabled agent, should requeue their chats at once; an admin takes over, reassigns and resolves any chat', async () => {
    await everyoneOut();
    const boss = await logIn('boss');
    await boss.away();
    await logIn('ben');
    const ana = await logIn('ana');
    await ana.away();
    const first = await askForPerson();
    const second = await askForPerson();
    expect([first.answer.adminNick, second.answer.adminNick]).toEqual(['Ben', 'Ben']);
    // Ana and Boss may not take Ben's chat from him; an administrator may.
    expect((await ana.chat(first.visitor.sessionId, 'join')).code).toBe(409);
    expect((await boss.chat(first.visitor.sessionId, 'join')).code).toBe(200);
    expect((await eventsOf(first.visitor)).slice(-2)).toMatchObject([
      { event_type: VisitorEvent.agentLeft, adminNick: 'Ben' },
      { event_type: VisitorEvent.agentJoined, adminNick: 'Boss' },
    ]);
    await ana.away(false);
    expect((await boss.chat(second.visitor.sessionId, 'transfer', { agentId: 'ana' })).data).toMatchObject({
      to: { id: 'ana' },
    });
    expect((await boss.chat(second.visitor.sessionId, 'status', { status: 'resolved' })).code).toBe(200);
    // Ben is disabled with a chat: it goes back to the queue, and Ana takes it when she is back.
    await ana.away();
    const third = await askForPerson();
    expect(third.answer.adminNick).toBe('Ben');
    await boss.call('POST', '/api/agent/admin/agents/ben/disable');
    expect((await eventsOf(third.visitor)).at(-1)).toMatchObject({
      event_type: VisitorEvent.agentLeft,
      adminNick: 'Ben',
    });
    await ana.away(false);
    expect((await eventsOf(third.visitor)).at(-1)).toMatchObject({
      event_type: VisitorEvent.agentJoined,
      adminNick: 'Ana',
    });
    await boss.call('POST', '/api/agent/admin/agents/ben/enable');
  });
});

// Once with real timers on whatever load the machine has: a late timer is the normal case. A
// console that keeps polling (every 500 ms here, a timeout of 2 s) never flickers offline, and
// one that stops is offline within the timeout and one sweep.
describe('presence on real timers', () => {
  const [database] = testDatabases();
  const server = serverFor(
    database as NonNullable<typeof database>,
    seed,
    { presenceTimeoutMs: 2_000 },
    { atConsoles: false },
  );

  it('given one console polling and one stopped, should keep the first online and take the second offline in time', async () => {
    const ana = await server().login('ana', 'pw-ana');
    await server().login('ben', 'pw-ben');
    const stoppedAt = Date.now();
    let offlineAfter: number | undefined;
    while (offlineAfter === undefined && Date.now() - stoppedAt < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const team = (await ana.poll()).data.team as { id: string; status: string }[];
      if (team.find((one) => one.id === 'ben')?.status === 'offline') offlineAfter = Date.now() - stoppedAt;
    }
    expect(offlineAfter).toBeDefined();
    expect(offlineAfter).toBeLessThanOrEqual(2_000 + 5_000 + 3_000);
    const flickers = await server().app.db.query(
      `select 1 from presence_changes where agent_id = 'ana' and reason = 'timeout'`,
    );
    expect(flickers).toEqual([]);
  }, 40_000);
});
