import type { Envelope } from '@parley/chat-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer, type ServerOptions } from '../app.js';
import { markPresent } from '../conversation/presence.js';
import type { Db } from '../db/db.js';
import { randomId } from '../ids.js';
import type { Seed, SeedAgent, SeedChannel } from '../seed.js';
import { holdToDocument } from './answers.js';

/** An answer as a test sees it: the contract's envelope and the HTTP status. */
export interface Answer<T = unknown> extends Envelope<T> {
  status: number;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the wire carries
export type Data = any;

/** Drives a server in-process the way the visitor app and the agent console do. */
export class Harness {
  constructor(readonly app: FastifyInstance) {}

  async visitor<T = Data>(call: string, body: unknown): Promise<Answer<T>> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/chat/visitor/${call}`,
      payload: body as object,
    });
    return { status: response.statusCode, ...response.json() };
  }

  /** chatStart, throwing unless it succeeds. */
  async start(channelId: string, extra: Record<string, unknown> = {}) {
    const answer = await this.visitor('chatStart', { channelId, ...extra });
    if (answer.code !== 200) throw new Error(`chatStart failed: ${answer.message}`);
    return answer.data as {
      userId: string;
      sessionId: string;
      pollId: string;
      status: number;
      userFormMode: number;
      serverTime: number;
      transcript?: boolean;
    };
  }

  async login(username: string, password: string): Promise<AgentClient> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      payload: { username, password },
    });
    const body = response.json();
    if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
    return new AgentClient(this.app, body.data.token);
  }
}

export class AgentClient {
  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  async call<T = Data>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Answer<T>> {
    const response = await this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, ...response.json() };
  }

  logout() {
    return this.call('POST', '/api/agent/logout');
  }
  away(away = true) {
    return this.call('POST', '/api/agent/status', { away });
  }
  online(online = true) {
    return this.call('POST', '/api/agent/status', { online });
  }
  poll(cursor?: string, wait?: number, watch?: string) {
    const query = new URLSearchParams({
      ...(cursor !== undefined && { cursor }),
      ...(wait !== undefined && { wait: String(wait) }),
      ...(watch !== undefined && { watch }),
    }).toString();
    return this.call('GET', `/api/agent/poll${query ? `?${query}` : ''}`);
  }
  chat(sessionId: string, action: string, payload?: object) {
    return this.call('POST', `/api/agent/chats/${sessionId}/${action}`, payload ?? {});
  }
  send(sessionId: string, msgContent: string) {
    return this.chat(sessionId, 'messages', { msgContent });
  }
  messages(sessionId: string) {
    return this.call('GET', `/api/agent/chats/${sessionId}/messages`);
  }
}

/** How long a console session stays alive in tests that are not about presence: longer than any clock they move. */
/** Tests mail and leave messages from one address; the per-address budgets are tested in limits.test.ts. */
export const TEST_MAIL_LIMITS = { transcriptsPerAddressDay: 100_000, leftMessagesPerAddressHour: 100_000 };

export const TEST_PRESENCE_TIMEOUT_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/**
 * A server on `db` with `seed`. An agent the test seed marks `online` is at their console: logged
 * in, with a session that stays alive for the whole run unless the test sets `presenceTimeoutMs`
 * (the presence tests do, and drive the clock).
 */
export async function harness(
  db: Db,
  seed: Seed,
  options: ServerOptions = {},
  /** `atConsoles: false`: nobody is logged in at start (the presence tests). */
  fixture: { atConsoles?: boolean } = {},
): Promise<Harness> {
  // Tests start many chats from one address; the chatStart budget and the per-address budgets of
  // mails are tested where they are set (limits.test.ts).
  const rateLimits = { chatStart: 100_000, ...options.rateLimits };
  const mailLimits = { ...TEST_MAIL_LIMITS, ...options.mailLimits };
  const server = new Harness(
    await buildServer({
      db,
      seed,
      presenceTimeoutMs: TEST_PRESENCE_TIMEOUT_MS,
      // Every answer a test sees is the one the OpenAPI document says (src/test/answers.ts).
      onAnswer: holdToDocument,
      ...options,
      rateLimits,
      mailLimits,
    }),
  );
  if (fixture.atConsoles !== false) await atTheirConsoles(server.app, seed);
  return server;
}

/**
 * The agents a test seed marks `online` are at their consoles: each gets a console session (no
 * password check: logging in is tested where it is set) and is present.
 */
export async function atTheirConsoles(app: FastifyInstance, seed: Seed): Promise<void> {
  const store = app.conversations;
  for (const agent of seed.agents ?? []) {
    if (!agent.online) continue;
    await store.db.query(
      'insert into agent_sessions (token_hash, agent_id, expires_at, last_seen_at) values ($1, $2, $3, $4)',
      [randomId(), agent.id, store.clock() + TEST_PRESENCE_TIMEOUT_MS, store.clock()],
    );
    await markPresent(store, agent.id, 'login');
  }
}

/**
 * A server on a fresh database with `seed` for the tests of the calling `describe` block: started
 * before them and closed after. Returns the running server.
 *
 * @example
 * describe.each(testDatabases())('transfers on $name', (database) => {
 *   const server = serverFor(database, seed);
 *   it('...', async () => { await server().start('desk'); });
 * });
 */
export function serverFor(
  database: { open(): Promise<Db> },
  seed: Seed,
  options: ServerOptions = {},
  fixture: { atConsoles?: boolean } = {},
): () => Harness {
  let server: Harness | undefined;
  beforeAll(async () => {
    server = await harness(await database.open(), seed, options, fixture);
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.app.db.close();
  });
  return () => {
    if (!server) throw new Error('the server starts before the tests (beforeAll)');
    return server;
  };
}

/**
 * A seed agent: logs in as `id` with the password `pw-{id}`, named after the id (`ann` is Ann),
 * two chats at once, choosing to be online; `fields` say the rest.
 */
export const testAgent = (
  id: string,
  fields: Partial<SeedAgent> & Pick<SeedAgent, 'channels'>,
): SeedAgent => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: (id[0] ?? '').toUpperCase() + id.slice(1),
  capacity: 2,
  online: true,
  ...fields,
});

/** A human-first channel with the group picker on and these departments (id: name). */
export const channelWithGroups = (id: string, groups: Record<string, string>): SeedChannel => ({
  id,
  tenantId: 't',
  info: {
    receiveMode: 3,
    groupMode: 1,
    groupConfig: Object.entries(groups).map(([groupId, groupName]) => ({ groupId, groupName })),
  },
});

/** A small seed: one channel per scenario, so tests sharing a database do not share agents. */
export function seedWith(channels: Seed['channels'], agents: Seed['agents']): Seed {
  return { channels, agents };
}
