import {
  type Agent,
  type AgentCallName,
  type AgentMessage,
  agentRoutes,
  type DeskEvent,
  ErrorCode,
  type HttpMethod,
  MsgType,
  type Note,
  SenderType,
} from '@parley/chat-protocol';
import { defaultTimers } from './environment.js';
import { answerChatCall } from './fakeChats.js';
import { answerInboxCall } from './fakeInbox.js';
import { createFakeRobot, WATCHED, type WithoutId } from './fakeRobot.js';
import { type Answer, type FakeWorld, inboxFields, ok, own, refuse, strip } from './fakeWorld.js';
import type { AgentTransport, Timers } from './types.js';

// A fake agent server in memory, for tests of the desk and of a console: the agent API's answers
// (in the contract's envelope), held polls, idempotent replies, and faults on demand. Its calls are
// answered by area: the agent and their chats (fakeChats.ts), the inbox (fakeInbox.ts).

/** What goes wrong with the next call of a name: no answer, the answer lost after the work, or a refusal. */
export type Fault = 'network' | 'lost' | { code: number; message?: string };

/** The route of a request: its name and path parameters. */
function routeOf(method: HttpMethod, path: string) {
  const [pathname = '', search = ''] = path.split('?');
  for (const [name, route] of Object.entries(agentRoutes)) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = route.path.replace(/:(\w+)/g, (_, key: string) => {
      names.push(key);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((key, index) => [key, decodeURIComponent(match[index + 1] ?? '')]),
    );
    return { name: name as AgentCallName, params, query: Object.fromEntries(new URLSearchParams(search)) };
  }
  return undefined;
}

/**
 * A fake server for one agent.
 *
 * @example
 * const server = createFakeAgentServer();
 * const desk = createAgentDesk({ transport: server.transport, timers });
 * server.queueVisitor('s1', 'Vera');
 */
export function createFakeAgentServer(
  options: {
    agent?: Partial<Agent>;
    timers?: Timers;
    now?: () => number;
    /** Whether the browser starts logged in (default) or at the login. */
    loggedIn?: boolean;
    /** The agent's password for `login` (default `secret`). */
    password?: string;
  } = {},
) {
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  const events: DeskEvent[] = [];
  let eventId = 0;
  let messageId = 0;
  let version = 0;
  const waiting = new Set<() => void>();
  const faults = new Map<AgentCallName, Fault[]>();
  /** Every request, in order: what a test can assert the desk sent. */
  const calls: {
    name: AgentCallName;
    params: Record<string, string>;
    query: Record<string, string>;
    body: unknown;
  }[] = [];

  const changed = () => {
    version++;
    for (const wake of [...waiting]) wake();
  };
  const emit = (event: WithoutId<DeskEvent>) => {
    events.push({ ...event, id: String(++eventId) });
    changed();
  };
  const world: FakeWorld = {
    agent: {
      id: 'agent-1',
      username: 'ada',
      nick: 'Ada',
      capacity: 3,
      channels: ['shop'],
      groups: [],
      online: true,
      away: false,
      role: 'agent',
      ...options.agent,
    },
    loggedIn: options.loggedIn ?? true,
    password: options.password ?? 'secret',
    queue: [],
    chats: new Map(),
    now,
    changed,
    emit,
    nextMessageId: () => `m${++messageId}`,
    placeholders: (sessionId) => robot.placeholders(sessionId),
  };
  const { chats } = world;
  const view = () => `v${version}`;
  const pollAnswer = (cursor: string | undefined, watch?: string, extra: { wait?: number } = {}) => {
    const after = cursor === undefined ? eventId : Number(cursor);
    const news =
      cursor === undefined
        ? []
        : events.filter(
            (event) => Number(event.id) > after && (!WATCHED.has(event.type) || event.sessionId === watch),
          );
    return {
      agent: world.agent,
      cursor: String(news.at(-1)?.id ?? (cursor === undefined ? eventId : after)),
      view: view(),
      queue: world.queue,
      chats: [...chats.values()].filter((one) => one.mine && !one.closed).map((one) => one.chat),
      events: news,
      inboxVersion: `i${version}`,
      ...extra,
    };
  };
  const robot = createFakeRobot({
    messagesOf(sessionId) {
      const found = chats.get(sessionId);
      if (!found || found.mine) throw new Error(`the robot serves no conversation ${sessionId}`);
      return found.messages;
    },
    emit: (event) => emit(event),
    now,
    nextMessageId: world.nextMessageId,
  });

  async function poll(query: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
    const { cursor, wait, seen, watch } = query;
    const answer = pollAnswer(cursor, watch);
    if (
      cursor === undefined ||
      wait === undefined ||
      answer.events.length > 0 ||
      (seen && seen !== answer.view)
    )
      return ok(answer);
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        waiting.delete(wake);
        timers.clearTimeout(handle);
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      // The client gave the poll up: it is no longer held.
      const aborted = () => {
        wake();
        reject(new DOMException('The poll was aborted', 'AbortError'));
      };
      const handle = timers.setTimeout(wake, Number(wait));
      signal?.addEventListener('abort', aborted, { once: true });
      waiting.add(wake);
    });
    return ok(pollAnswer(cursor, watch, { wait: Number(wait) }));
  }

  function work(
    name: AgentCallName,
    params: Record<string, string>,
    body: Record<string, unknown>,
    query: Record<string, string> = {},
  ): Answer {
    const call = { name, sessionId: params.sessionId ?? '', params, body, query };
    return (
      answerChatCall(world, call) ??
      answerInboxCall(world, call) ??
      refuse(ErrorCode.notFound, `the fake server does not answer ${name}`)
    );
  }

  const transport: AgentTransport = {
    async request(method, path, body, signal) {
      const route = routeOf(method, path);
      if (!route) return refuse(ErrorCode.notFound, `no such route: ${method} ${path}`);
      calls.push({ ...route, body });
      const fault = faults.get(route.name)?.shift();
      if (fault === 'network') throw new TypeError('Failed to fetch');
      if (fault && typeof fault === 'object') return refuse(fault.code, fault.message ?? 'refused');
      let answer: Answer;
      try {
        answer =
          route.name === 'poll'
            ? await poll(route.query, signal)
            : work(route.name, route.params, (body ?? {}) as Record<string, unknown>, route.query);
      } catch (refusal) {
        answer = refusal as Answer;
      }
      if (fault === 'lost') throw new TypeError('the connection dropped before the answer came');
      return structuredClone(answer);
    },
  };

  return {
    transport,
    calls,
    /** The next calls of `name` go wrong, one fault each, in order. */
    fail(name: AgentCallName, ...next: Fault[]): void {
      faults.set(name, [...(faults.get(name) ?? []), ...next]);
    },
    /** A visitor waits in the agent's queue. */
    queueVisitor(sessionId: string, visitorName = '', channelId = world.agent.channels[0] ?? 'shop'): void {
      world.queue = [
        ...world.queue,
        {
          sessionId,
          visitorId: `visitor-${sessionId}`,
          channelId,
          groupId: null,
          waitIndex: world.queue.length + 1,
          since: now(),
          visitorName,
          verified: false,
          verifiedPid: null,
        },
      ];
      changed();
    },
    /** Routing (or a colleague, with `from` and `note`) gives the agent a chat it did not join. */
    giveChat(sessionId: string, visitorName = '', from?: { nick: string; note?: string }): void {
      chats.set(sessionId, {
        chat: {
          sessionId,
          visitorId: `visitor-${sessionId}`,
          channelId: world.agent.channels[0] ?? 'shop',
          groupId: null,
          since: now(),
          visitorName,
          email: '',
          phone: '',
          verified: false,
          verifiedPid: null,
          visitorTyping: null,
          ...(from && { transferredFrom: from.nick, ...(from.note && { transferNote: from.note }) }),
        },
        messages: [],
        rating: null,
        closed: false,
        ...inboxFields(),
      });
      changed();
    },
    /** The visitor gave an email address (a form, the host site): an answer by email can reach them. */
    visitorGivesEmail(sessionId: string, email: string): void {
      const found = chats.get(sessionId);
      if (!found) throw new Error(`no chat ${sessionId}`);
      found.chat = { ...found.chat, email };
    },
    /** The visitor of an open chat writes. */
    visitorWrites(sessionId: string, text: string): AgentMessage {
      const found = own(world, sessionId);
      const message: AgentMessage = {
        id: world.nextMessageId(),
        userId: `visitor-${sessionId}`,
        senderType: SenderType.visitor,
        msgType: MsgType.text,
        msgContent: text,
        msgTime: now(),
      };
      found.messages.push(message);
      emit({ sessionId, type: 'message', time: now(), message });
      return message;
    },
    /** A colleague writes a private note in one of the agent's chats, naming the agent or not. */
    colleagueNotes(sessionId: string, body: string, mentionsAgent = true): Note {
      const found = chats.get(sessionId);
      if (!found) throw new Error(`no chat ${sessionId}`);
      const note: Note = {
        id: `n${found.notes.length + 1}`,
        sessionId,
        agentId: 'colleague-1',
        agentNick: 'Ben',
        body,
        mentions: mentionsAgent ? [world.agent.id] : [],
        time: now(),
      };
      found.notes.push(note);
      emit({ sessionId, type: 'note', time: now(), note });
      return note;
    },
    /** The visitor read the agent's messages. */
    visitorReads(sessionId: string): void {
      const found = own(world, sessionId);
      const msgIds = found.messages.filter((one) => one.senderType === SenderType.agent).map((one) => one.id);
      for (const one of found.messages) if (msgIds.includes(one.id)) one.read = true;
      emit({ sessionId, type: 'read', time: now(), msgIds });
    },
    visitorRates(sessionId: string, star: number, tags: string[] = []): void {
      own(world, sessionId).rating = { star, tags };
      emit({ sessionId, type: 'rating', time: now(), star, tags });
    },
    visitorCloses(sessionId: string): void {
      own(world, sessionId).closed = true;
      emit({ sessionId, type: 'visitorClosed', time: now() });
    },
    /** The messages the server stored in a chat. */
    messagesOf(sessionId: string): AgentMessage[] {
      return (chats.get(sessionId)?.messages ?? []).map(strip);
    },
    /** A conversation of the agent's channel that the robot serves (no agent has it). */
    robotServes(sessionId: string, visitorName = ''): void {
      chats.set(sessionId, {
        chat: {
          sessionId,
          visitorId: `visitor-${sessionId}`,
          channelId: world.agent.channels[0] ?? 'shop',
          groupId: null,
          since: null,
          visitorName,
          email: '',
          phone: '',
          verified: false,
          verifiedPid: null,
          visitorTyping: null,
        },
        messages: [],
        rating: null,
        closed: false,
        ...inboxFields(),
        mine: false,
      });
      changed();
    },
    /**
     * The robot writes more of its answer to the visitor message `replyTo`: a part for the polls that
     * watch the conversation, or with `unseen` none (a part a console missed: its cursor passed it).
     */
    robotWrites: robot.writes,
    /** The robot's final answer to `replyTo`: recorded, in the place of what was written so far. */
    robotAnswers: robot.answers,
    /** How many polls are being held right now. */
    get held(): number {
      return waiting.size;
    },
  };
}

export type FakeAgentServer = ReturnType<typeof createFakeAgentServer>;
