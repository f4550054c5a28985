import { ChatStatus, SenderType, VisitorEvent } from '@parley/chat-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentMessages } from './conversation/agentChats.js';
import { agentPoll } from './conversation/agentPoll.js';
import { agent as agentById, openAgentSession } from './conversation/agents.js';
import type { Agent } from './conversation/domain.js';
import { inbox } from './conversation/inbox.js';
import { DEFAULT_REQUEUE_AFTER_MS, PRESENCE_TIMEOUT_MS, sweepPresence } from './conversation/presence.js';
import { inReach } from './conversation/visibility.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, channelWithGroups, type Harness, serverFor, testAgent } from './test/harness.js';

// A model-based test of the whole desk (docs/routing.md, "The invariants, tested"): fast-check
// drives the real server through random sequences of what agents and visitors do, and after every
// step checks the invariants of presence, visibility and routing against the database and the same
// functions the routes call. A failure prints the shrunk sequence and its seed; replay it with
// DESK_MODEL_SEED=<seed> DESK_MODEL_PATH=<path>, or run more with DESK_MODEL_RUNS=<n>.

const seed: Seed = {
  channels: [
    channelWithGroups('one', { g1: 'Sales', g2: 'Support' }),
    { id: 'two', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    testAgent('adm', { role: 'admin', channels: ['one'] }),
    testAgent('ann', { channels: ['one'], groups: ['g1'] }),
    testAgent('bo', { channels: ['one'], groups: ['g2'], capacity: 1 }),
    testAgent('cy', { channels: ['one', 'two'] }),
    testAgent('dee', { channels: ['two'], capacity: 1 }),
    // An administrator who serves no channel: routing never gives her a chat; she checks that
    // administrators see everything, and disables and enables colleagues.
    testAgent('root', { role: 'admin', channels: [], online: false }),
  ],
};

const AGENTS = ['adm', 'ann', 'bo', 'cy', 'dee'] as const;
type AgentId = (typeof AGENTS)[number];
const GROUPS = ['g1', 'g2', 'nope', null] as const;

interface Visitor {
  userId: string;
  pollId: string;
  sessionId: string;
  channel: string;
}

/** What the test knows: who is logged in and polling, who is disabled, the visitors. */
interface Model {
  loggedIn: Set<AgentId>;
  silent: Set<AgentId>;
  disabled: Set<AgentId>;
  visitors: Visitor[];
}

interface Real {
  server: Harness;
  clock: { now: number };
  consoles: Map<AgentId, AgentClient>;
  root: AgentClient;
  /** The last event id the invariants have read. */
  seenEventId: number;
  written: number;
}

type Command = fc.AsyncCommand<Model, Real>;

const db = (real: Real) => real.server.app.db;
const store = (real: Real) => real.server.app.conversations;

/** The agent as the routes see them (not touching their session: a check must not keep anyone alive). */
async function asAgent(real: Real, id: string): Promise<Agent> {
  const found = await agentById(store(real), id);
  if (!found) throw new Error(`${id} is disabled or unknown`);
  return found;
}

async function sweep(real: Real) {
  await sweepPresence(store(real));
}

// ---------------------------------------------------------------------------------------------
// The commands

class LogIn implements Command {
  constructor(readonly id: AgentId) {}
  check = (m: Readonly<Model>) => !m.loggedIn.has(this.id) && !m.disabled.has(this.id);
  async run(m: Model, real: Real) {
    real.consoles.set(this.id, await real.server.login(this.id, `pw-${this.id}`));
    m.loggedIn.add(this.id);
    m.silent.delete(this.id);
    await checkInvariants(m, real);
  }
  toString = () => `logIn(${this.id})`;
}

class LogOut implements Command {
  constructor(readonly id: AgentId) {}
  check = (m: Readonly<Model>) => m.loggedIn.has(this.id);
  async run(m: Model, real: Real) {
    await real.consoles.get(this.id)?.logout();
    real.consoles.delete(this.id);
    m.loggedIn.delete(this.id);
    m.silent.delete(this.id);
    await checkInvariants(m, real);
  }
  toString = () => `logOut(${this.id})`;
}

/** The console stops polling (a closed laptop): only the clock ends its session. */
class StopPolling implements Command {
  constructor(readonly id: AgentId) {}
  check = (m: Readonly<Model>) => m.loggedIn.has(this.id) && !m.silent.has(this.id);
  async run(m: Model, real: Real) {
    m.silent.add(this.id);
    await checkInvariants(m, real);
  }
  toString = () => `stopPolling(${this.id})`;
}

class SetStatus implements Command {
  constructor(
    readonly id: AgentId,
    readonly change: { away?: boolean; online?: boolean },
  ) {}
  check = (m: Readonly<Model>) => m.loggedIn.has(this.id) && !m.silent.has(this.id);
  async run(m: Model, real: Real) {
    const answer = await real.consoles.get(this.id)?.call('POST', '/api/agent/status', this.change);
    expect(answer?.code).toBe(200);
    await checkInvariants(m, real);
  }
  toString = () => `status(${this.id}, ${JSON.stringify(this.change)})`;
}

class Disable implements Command {
  constructor(
    readonly id: AgentId,
    readonly disabled: boolean,
  ) {}
  // The administrators stay: the server keeps one, and the invariants read through them.
  check = (m: Readonly<Model>) => this.id !== 'adm' && m.disabled.has(this.id) !== this.disabled;
  async run(m: Model, real: Real) {
    const answer = await real.root.call(
      'POST',
      `/api/agent/admin/agents/${this.id}/${this.disabled ? 'disable' : 'enable'}`,
    );
    expect(answer.code).toBe(200);
    if (this.disabled) {
      m.disabled.add(this.id);
      m.loggedIn.delete(this.id);
      m.silent.delete(this.id);
      real.consoles.delete(this.id);
    } else {
      m.disabled.delete(this.id);
      // Enabled again, they choose to be online when they next log in.
      await db(real).query('update agents set online = true where id = $1', [this.id]);
    }
    await checkInvariants(m, real);
  }
  toString = () => `${this.disabled ? 'disable' : 'enable'}(${this.id})`;
}

class VisitorStart implements Command {
  constructor(
    readonly channel: 'one' | 'two',
    readonly group: (typeof GROUPS)[number],
    readonly askNow: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.visitors.length < 12;
  async run(m: Model, real: Real) {
    const started = await real.server.start(this.channel, this.group ? { groupId: this.group } : {});
    m.visitors.push({ ...started, channel: this.channel });
    if (this.askNow) await real.server.visitor('transferAgent', { userId: started.userId });
    await checkInvariants(m, real);
  }
  toString = () =>
    `visitorStart(${this.channel}, ${this.group}, ${this.askNow ? 'asks for a person' : 'quiet'})`;
}

/** Picks one of the visitors by a random number (the list grows while the sequence runs). */
const pick = (m: Readonly<Model>, n: number) => m.visitors[n % m.visitors.length] as Visitor;

class AskForPerson implements Command {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.visitors.length > 0;
  async run(m: Model, real: Real) {
    await real.server.visitor('transferAgent', { userId: pick(m, this.n).userId });
    await checkInvariants(m, real);
  }
  toString = () => `askForPerson(visitor ${this.n})`;
}

class VisitorWrites implements Command {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.visitors.length > 0;
  async run(m: Model, real: Real) {
    const visitor = pick(m, this.n);
    const [before] = await db(real).query<{ id: number | string | null }>('select max(id) as id from events');
    const text = `message ${++real.written}`;
    const answer = await real.server.visitor('sendMsg', {
      userId: visitor.userId,
      senderType: SenderType.visitor,
      msgType: 1,
      msgContent: text,
      msgTime: real.clock.now,
    });
    const [session] = await db(real).query<{ admin_id: string | null; closed_at: number | null }>(
      'select admin_id, closed_at from sessions where id = $1',
      [visitor.sessionId],
    );
    // Invariant 7: every visitor message reaches whoever holds the chat (their desk's events).
    if (answer.code === 200 && session?.admin_id && session.closed_at === null) {
      const holder = await asAgent(real, session.admin_id);
      const desk = await agentPoll(store(real), holder, Number(before?.id ?? 0));
      expect(
        desk.events.some(
          (event) =>
            event.sessionId === visitor.sessionId &&
            event.type === 'message' &&
            (event as { message?: { msgContent?: string } }).message?.msgContent === text,
        ),
        `${session.admin_id} holds the chat but did not get "${text}"`,
      ).toBe(true);
    }
    await checkInvariants(m, real);
  }
  toString = () => `visitorWrites(visitor ${this.n})`;
}

class VisitorLeaves implements Command {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.visitors.length > 0;
  async run(m: Model, real: Real) {
    await real.server.visitor('chatClose', { userId: pick(m, this.n).userId });
    await checkInvariants(m, real);
  }
  toString = () => `visitorLeaves(visitor ${this.n})`;
}

/** An agent acts on a visitor's chat through the console's calls; a refusal is a fine answer. */
class AgentActs implements Command {
  constructor(
    readonly id: AgentId,
    readonly n: number,
    readonly action:
      | { kind: 'join' }
      | { kind: 'transfer'; to: AgentId }
      | { kind: 'transferGroup'; group: 'g1' | 'g2' }
      | { kind: 'resolve' }
      | { kind: 'reopen' },
  ) {}
  check = (m: Readonly<Model>) => m.visitors.length > 0 && m.loggedIn.has(this.id) && !m.silent.has(this.id);
  async run(m: Model, real: Real) {
    const console = real.consoles.get(this.id) as AgentClient;
    const { sessionId } = pick(m, this.n);
    const answer = await (() => {
      switch (this.action.kind) {
        case 'join':
          return console.chat(sessionId, 'join', { beyondCapacity: false });
        case 'transfer':
          return console.chat(sessionId, 'transfer', { agentId: this.action.to });
        case 'transferGroup':
          return console.chat(sessionId, 'transfer', { groupId: this.action.group });
        case 'resolve':
          return console.chat(sessionId, 'status', { status: 'resolved' });
        case 'reopen':
          return console.chat(sessionId, 'status', { status: 'open' });
      }
    })();
    // Refusals are answers with a reason, never a server error.
    expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
    await checkInvariants(m, real);
  }
  toString = () =>
    `${this.id}.${this.action.kind}(visitor ${this.n}${'to' in this.action ? ` to ${this.action.to}` : ''}${'group' in this.action ? ` to ${this.action.group}` : ''})`;
}

/** The clock moves on in steps of at most 15 s; polling consoles poll at each step, then a sweep. */
class Tick implements Command {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(m: Model, real: Real) {
    for (let left = this.seconds * 1000; left > 0; left -= 15_000) {
      real.clock.now += Math.min(left, 15_000);
      for (const id of m.loggedIn)
        if (!m.silent.has(id)) await real.consoles.get(id)?.call('GET', '/api/agent/me');
      await real.root.call('GET', '/api/agent/me');
      await sweep(real);
    }
    await checkInvariants(m, real);
  }
  toString = () => `tick(${this.seconds} s)`;
}

const agentId = fc.constantFrom(...AGENTS);
const visitorIndex = fc.nat(40);
const commands: fc.Arbitrary<Command>[] = [
  agentId.map((id) => new LogIn(id)),
  agentId.map((id) => new LogOut(id)),
  agentId.map((id) => new StopPolling(id)),
  fc.tuple(agentId, fc.boolean()).map(([id, away]) => new SetStatus(id, { away })),
  fc.tuple(agentId, fc.boolean()).map(([id, online]) => new SetStatus(id, { online })),
  fc.tuple(agentId, fc.boolean()).map(([id, disabled]) => new Disable(id, disabled)),
  fc
    .tuple(fc.constantFrom('one' as const, 'two' as const), fc.constantFrom(...GROUPS), fc.boolean())
    .map(([channel, group, ask]) => new VisitorStart(channel, group, ask)),
  visitorIndex.map((n) => new AskForPerson(n)),
  visitorIndex.map((n) => new VisitorWrites(n)),
  visitorIndex.map((n) => new VisitorLeaves(n)),
  fc.tuple(agentId, visitorIndex).map(([id, n]) => new AgentActs(id, n, { kind: 'join' })),
  fc
    .tuple(agentId, visitorIndex, agentId)
    .map(([id, n, to]) => new AgentActs(id, n, { kind: 'transfer', to })),
  fc
    .tuple(agentId, visitorIndex, fc.constantFrom('g1' as const, 'g2' as const))
    .map(([id, n, group]) => new AgentActs(id, n, { kind: 'transferGroup', group })),
  fc.tuple(agentId, visitorIndex).map(([id, n]) => new AgentActs(id, n, { kind: 'resolve' })),
  fc.tuple(agentId, visitorIndex).map(([id, n]) => new AgentActs(id, n, { kind: 'reopen' })),
  fc.integer({ min: 1, max: 200 }).map((seconds) => new Tick(seconds)),
];

// ---------------------------------------------------------------------------------------------
// The invariants

async function checkInvariants(_m: Model, real: Real): Promise<void> {
  const now = real.clock.now;
  const agents = await db(real).query<{
    id: string;
    nick: string;
    capacity: number;
    channels: string[];
    groups: string[];
    online: boolean;
    present: boolean;
    away: boolean;
    disabled: boolean;
    offline_since: number | string | null;
    sessions: number;
    last_seen: number | string | null;
  }>(
    `select a.id, a.nick, a.capacity, a.channels, a.groups, a.online, a.present, a.away,
       a.disabled_at is not null as disabled, a.offline_since,
       (select count(*)::int from agent_sessions x where x.agent_id = a.id) as sessions,
       (select max(x.last_seen_at) from agent_sessions x where x.agent_id = a.id) as last_seen
     from agents a`,
  );
  const byId = new Map(agents.map((one) => [one.id, one]));
  const byNick = new Map(agents.map((one) => [one.nick, one]));
  const isOnline = (one: (typeof agents)[number]) => one.online && one.present && !one.disabled;
  const held = await db(real).query<{
    id: string;
    admin_id: string;
    channel_id: string;
    group_id: string | null;
  }>(
    'select id, admin_id, channel_id, group_id from sessions where closed_at is null and status = $1 and admin_id is not null',
    [ChatStatus.withAgent],
  );

  // 1. No open chat is held by an agent offline past the channel's time (one sweep of slack), nor
  //    by one who logged out or was disabled.
  for (const chat of held) {
    const holder = byId.get(chat.admin_id);
    if (!holder) throw new Error(`chat ${chat.id} held by an unknown agent`);
    if (isOnline(holder)) continue;
    expect(holder.disabled, `${holder.id} is disabled and still holds ${chat.id}`).toBe(false);
    expect(holder.sessions, `${holder.id} logged out and still holds ${chat.id}`).toBeGreaterThan(0);
    const offlineFor = now - Number(holder.offline_since ?? now);
    expect(
      offlineFor,
      `${holder.id} offline for ${offlineFor} ms still holds ${chat.id}`,
    ).toBeLessThanOrEqual(DEFAULT_REQUEUE_AFTER_MS + 15_000);
  }

  // 2. The assignee can read and answer every chat they hold.
  for (const chat of held) {
    const holder = await asAgent(real, chat.admin_id);
    await expect(agentMessages(store(real), holder, chat.id)).resolves.toMatchObject({ sessionId: chat.id });
    await expect(openAgentSession(store(real), holder, chat.id)).resolves.toMatchObject({ id: chat.id });
  }

  // 3. An administrator sees every conversation, and every agent the ones they hold (the SQL rule).
  const root = await asAgent(real, 'root');
  const [active] = await db(real).query<{ count: number }>(
    `select count(*)::int as count from sessions where last_activity_at is not null and state <> 'resolved'`,
  );
  expect((await inbox(store(real), root, {})).counts.all).toBe(active?.count);
  for (const one of agents) {
    if (one.disabled || one.id === 'root') continue;
    const [mine] = await db(real).query<{ count: number }>(
      `select count(*)::int as count from sessions
       where admin_id = $1 and last_activity_at is not null and state <> 'resolved'`,
      [one.id],
    );
    expect((await inbox(store(real), await asAgent(real, one.id), {})).counts.mine).toBe(mine?.count);
  }

  // 4. No visitor was told an agent joined who did not hold the chat, or who was not there.
  const events = await db(real).query<{
    id: number | string;
    session_id: string;
    event_type: number;
    payload: { adminNick?: string };
    created_at: number | string;
  }>(
    `select id, session_id, event_type, payload, created_at from events
     where audience = 1 and id > $1 and event_type in ($2, $3, $4) order by id`,
    [real.seenEventId, VisitorEvent.agentJoined, VisitorEvent.agentLeft, VisitorEvent.chatEnded],
  );
  const announced = new Map<string, string | null>();
  for (const event of events) {
    announced.set(
      event.session_id,
      event.event_type === VisitorEvent.agentJoined ? (event.payload.adminNick ?? '') : null,
    );
  }
  for (const [sessionId, nick] of announced) {
    const [session] = await db(real).query<{
      admin_id: string | null;
      status: number;
      closed_at: number | null;
    }>('select admin_id, status, closed_at from sessions where id = $1', [sessionId]);
    if (!session || session.closed_at !== null || nick === null) continue;
    const told = byNick.get(nick);
    expect(session.admin_id, `visitor of ${sessionId} was told ${nick} joined`).toBe(told?.id);
    // Announced while there: a live console (a session seen within the timeout) and not disabled.
    expect(told?.disabled, `${nick} was announced while disabled`).toBe(false);
    const lastSeen = Number(told?.last_seen ?? 0);
    const at = Number(events.filter((e) => e.session_id === sessionId).at(-1)?.created_at ?? now);
    expect(at - lastSeen, `${nick} was announced with no live console`).toBeLessThanOrEqual(
      PRESENCE_TIMEOUT_MS,
    );
  }
  const last = events.at(-1);
  if (last) real.seenEventId = Number(last.id);

  // 5. The queue: positions follow the order of arrival per line, and nobody waits while an online
  //    agent who may take them has a free slot.
  const queue = await db(real).query<{
    session_id: string;
    channel_id: string;
    group_id: string | null;
    requested_admin_id: string | null;
    wait_index: number;
  }>(
    `select q.session_id, q.channel_id, q.group_id, s.requested_admin_id, q.wait_index
     from queue q join sessions s on s.id = q.session_id order by q.seq`,
  );
  const busy = new Map<string, number>();
  for (const chat of held) busy.set(chat.admin_id, (busy.get(chat.admin_id) ?? 0) + 1);
  const lines = new Map<string, number>();
  for (const entry of queue) {
    const line = `${entry.channel_id}/${entry.group_id}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
    expect(entry.wait_index, `position of ${entry.session_id} in ${line}`).toBe(lines.get(line));
    const free = agents.filter(
      (one) =>
        isOnline(one) &&
        !one.away &&
        (busy.get(one.id) ?? 0) < one.capacity &&
        inReach(one, entry.channel_id, entry.group_id) &&
        (entry.requested_admin_id === null || entry.requested_admin_id === one.id),
    );
    expect(
      free.map((one) => one.id),
      `${entry.session_id} waits while someone is free`,
    ).toEqual([]);
  }

  // 6. Nobody holds more than their capacity without a recorded override.
  for (const one of agents) {
    const count = busy.get(one.id) ?? 0;
    if (count <= one.capacity) continue;
    const [override] = await db(real).query(
      `select 1 from session_activity x join sessions s on s.id = x.session_id
       where s.admin_id = $1 and s.closed_at is null and x.kind = 'beyondCapacity' limit 1`,
      [one.id],
    );
    expect(override, `${one.id} holds ${count} chats over a capacity of ${one.capacity}`).toBeDefined();
  }
}

// ---------------------------------------------------------------------------------------------

/** Sequences per database: enough to be worth it in `npm test`; more with DESK_MODEL_RUNS. */
const RUNS = { pglite: 120, postgres: 60 };

describe.each(testDatabases())('the desk, as a model, on $name', (database) => {
  const clock = { now: Date.UTC(2026, 10, 2, 9) };
  const server = serverFor(
    database,
    seed,
    // Hundreds of sequences log agents in from one address: the login limit is tested elsewhere.
    { clock: () => clock.now, presenceTimeoutMs: PRESENCE_TIMEOUT_MS, rateLimits: { login: 1_000_000 } },
    { atConsoles: false },
  );

  async function fresh(): Promise<Real> {
    const app = server().app;
    await app.db.query('truncate visitors, events, presence_changes, agent_sessions cascade');
    await app.db.query(
      `update agents set online = (id <> 'root'), away = false, present = false, offline_since = null,
         disabled_at = null, last_assigned_at = null`,
    );
    clock.now += 24 * 60 * 60 * 1000;
    const root = await server().login('root', 'pw-root');
    return { server: server(), clock, consoles: new Map(), root, seenEventId: 0, written: 0 };
  }

  it('should keep every invariant through random sequences of what agents and visitors do', async () => {
    const seedValue = process.env.DESK_MODEL_SEED ? Number(process.env.DESK_MODEL_SEED) : undefined;
    const runs = Number(process.env.DESK_MODEL_RUNS ?? RUNS[database.name]);
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (sequence) => {
        const real = await fresh();
        const model: Model = { loggedIn: new Set(), silent: new Set(), disabled: new Set(), visitors: [] };
        await fc.asyncModelRun(() => ({ model, real }), sequence);
      }),
      {
        numRuns: runs,
        ...(seedValue !== undefined && { seed: seedValue }),
        ...(process.env.DESK_MODEL_PATH && { path: process.env.DESK_MODEL_PATH }),
        verbose: 1,
      },
    );
  }, 900_000);
});
