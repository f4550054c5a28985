import {
  type Activity,
  type Agent,
  type AgentCallName,
  type AgentChat,
  type AgentMessage,
  agentRoutes,
  type DeskEvent,
  ErrorCode,
  type HttpMethod,
  type InboxRow,
  MsgType,
  type Note,
  type QueueEntry,
  type Rating,
  SenderType,
} from '@parley/chat-protocol';
import { defaultTimers } from './environment.js';
import { createFakeRobot, WATCHED, type WithoutId } from './fakeRobot.js';
import type { AgentTransport, Timers } from './types.js';

// A fake agent server in memory, for tests of the desk and of a console: the agent API's answers
// (in the contract's envelope), held polls, idempotent replies, and faults on demand.

/** What goes wrong with the next call of a name: no answer, the answer lost after the work, or a refusal. */
export type Fault = 'network' | 'lost' | { code: number; message?: string };

interface FakeChat {
  chat: AgentChat;
  /** The agent's own chat; else a conversation the robot serves, within the agent's reach. */
  mine: boolean;
  messages: AgentMessage[];
  rating: Rating | null;
  closed: boolean;
  status: InboxRow['status'];
  labels: string[];
  notes: Note[];
  activity: Activity[];
}

const inboxFields = () => ({
  status: 'open' as const,
  labels: [],
  notes: [],
  activity: [],
  mine: true,
});

type Answer = { code: number; data: unknown; message: string };
const ok = (data: unknown): Answer => ({ code: ErrorCode.ok, data, message: 'ok' });
const refuse = (code: number, message: string): Answer => ({ code, data: null, message });

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
  options: { agent?: Partial<Agent>; timers?: Timers; now?: () => number } = {},
) {
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  let agent: Agent = {
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
  };
  let queue: QueueEntry[] = [];
  const chats = new Map<string, FakeChat>();
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
  const view = () => `v${version}`;
  /** A chat as an inbox row. */
  const rowOf = (one: FakeChat): InboxRow => {
    const last = one.messages.at(-1);
    return {
      sessionId: one.chat.sessionId,
      visitorId: one.chat.visitorId,
      channelId: one.chat.channelId,
      groupId: one.chat.groupId,
      visitorName: one.chat.visitorName,
      verified: one.chat.verified,
      verifiedPid: one.chat.verifiedPid,
      status: one.status,
      priority: 'none',
      live: !one.closed,
      assignee: one.mine ? { id: agent.id, nick: agent.nick } : null,
      lastMessage: last
        ? {
            text: last.msgContent,
            senderType: last.senderType,
            msgType: String(last.msgType),
            time: last.msgTime,
          }
        : null,
      unread: 0,
      waitingSince: null,
      replyTargetMs: 300_000,
      lastActivityAt: last?.msgTime ?? one.chat.since ?? 0,
      createdAt: one.chat.since ?? 0,
      snoozedUntil: null,
      labels: one.labels,
      rating: one.rating,
      leftMessage: false,
    };
  };
  const pollAnswer = (cursor: string | undefined, watch?: string, extra: { wait?: number } = {}) => {
    const after = cursor === undefined ? eventId : Number(cursor);
    const news =
      cursor === undefined
        ? []
        : events.filter(
            (event) => Number(event.id) > after && (!WATCHED.has(event.type) || event.sessionId === watch),
          );
    return {
      agent,
      cursor: String(news.at(-1)?.id ?? (cursor === undefined ? eventId : after)),
      view: view(),
      queue,
      chats: [...chats.values()].filter((one) => one.mine && !one.closed).map((one) => one.chat),
      events: news,
      inboxVersion: `i${version}`,
      ...extra,
    };
  };
  const own = (sessionId: string) => {
    const found = chats.get(sessionId);
    if (!found) throw refuse(ErrorCode.notFound, 'unknown chat');
    if (!found.mine) throw refuse(ErrorCode.forbidden, 'this chat is not yours');
    if (found.closed) throw refuse(ErrorCode.conflict, 'this chat has ended');
    return found;
  };
  const robot = createFakeRobot({
    messagesOf(sessionId) {
      const found = chats.get(sessionId);
      if (!found || found.mine) throw new Error(`the robot serves no conversation ${sessionId}`);
      return found.messages;
    },
    emit: (event) => emit(event),
    now,
    nextMessageId: () => `m${++messageId}`,
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
    const sessionId = params.sessionId ?? '';
    switch (name) {
      case 'me':
        return ok(agent);
      case 'status':
        agent = { ...agent, online: Boolean(body.online) };
        changed();
        return ok(agent);
      case 'logout':
        return ok(null);
      case 'join': {
        const entry = queue.find((one) => one.sessionId === sessionId);
        if (!entry)
          return chats.has(sessionId) ? ok({ sessionId }) : refuse(ErrorCode.notFound, 'unknown chat');
        const open = [...chats.values()].filter((one) => !one.closed).length;
        if (open >= agent.capacity && body.beyondCapacity !== true)
          return refuse(ErrorCode.conflict, 'this would take you past your capacity');
        queue = queue.filter((one) => one !== entry);
        chats.set(sessionId, {
          chat: { ...entry, since: now(), email: '', phone: '', visitorTyping: null },
          messages: [],
          rating: null,
          closed: false,
          ...inboxFields(),
        });
        changed();
        return ok({ sessionId });
      }
      case 'refuse':
        queue = queue.filter((one) => one.sessionId !== sessionId);
        changed();
        return ok(null);
      case 'messages': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown chat');
        return ok({ sessionId, closed: found.closed, messages: found.messages, rating: found.rating });
      }
      case 'send': {
        const found = own(sessionId);
        const clientMsgId = typeof body.clientMsgId === 'string' ? body.clientMsgId : undefined;
        const again =
          clientMsgId &&
          found.messages.find((one) => (one as { clientMsgId?: string }).clientMsgId === clientMsgId);
        if (again) return ok(strip(again));
        const message = {
          id: `m${++messageId}`,
          userId: `visitor-${sessionId}`,
          senderType: SenderType.agent,
          senderName: agent.nick,
          msgType: MsgType.text,
          msgContent: String(body.msgContent ?? ''),
          msgTime: now(),
          ...(clientMsgId && { clientMsgId }),
        };
        found.messages.push(message);
        return ok(strip(message));
      }
      case 'transfer':
      case 'close': {
        own(sessionId).closed = true;
        changed();
        return ok(
          name === 'transfer' ? { to: { id: String(body.agentId ?? body.groupId), nick: 'Ben' } } : null,
        );
      }
      case 'typing':
      case 'ratingRequest':
        own(sessionId);
        return ok(null);
      case 'inbox': {
        const rows = [...chats.values()].map(rowOf);
        const status = query.status ?? 'active';
        const shown = rows.filter((row) =>
          status === 'active' ? row.status !== 'resolved' : row.status === status,
        );
        const labelled = query.label
          ? shown.filter((row) => row.labels.includes(query.label as string))
          : shown;
        const active = rows.filter((row) => row.status !== 'resolved').length;
        return ok({
          conversations: labelled,
          counts: { mine: active, unassigned: 0, all: active },
          next: null,
        });
      }
      case 'conversation': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
        return ok({
          conversation: rowOf(found),
          messages: [...found.messages.map(strip), ...robot.placeholders(sessionId)],
          notes: found.notes,
          activity: found.activity,
          emailTo: found.closed && found.chat.email ? found.chat.email : null,
        });
      }
      case 'emailReply': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
        if (!found.closed) return refuse(ErrorCode.conflict, 'the chat is still going: answer in it');
        if (!found.chat.email) return refuse(ErrorCode.conflict, 'the visitor left no email address');
        const message: AgentMessage = {
          id: `m${++messageId}`,
          userId: `visitor-${sessionId}`,
          senderType: SenderType.agent,
          senderName: agent.nick,
          msgType: MsgType.text,
          msgContent: String(body.text ?? ''),
          msgTime: now(),
          emailedTo: found.chat.email,
        };
        found.messages.push(message);
        changed();
        return ok({ to: found.chat.email, message });
      }
      case 'setStatus': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
        found.activity.push({
          id: String(found.activity.length + 1),
          kind: 'status',
          agentId: agent.id,
          agentNick: agent.nick,
          detail: { from: found.status, to: body.status },
          time: now(),
        });
        found.status = body.status as InboxRow['status'];
        if (found.status === 'resolved') found.closed = true;
        changed();
        return ok(null);
      }
      case 'setLabels': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
        found.labels = [...new Set((body.labels as string[]).map((one) => one.trim().toLowerCase()))].sort();
        changed();
        return ok({ labels: found.labels });
      }
      case 'addNote': {
        const found = chats.get(sessionId);
        if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
        const note: Note = {
          id: `n${found.notes.length + 1}`,
          sessionId,
          agentId: agent.id,
          agentNick: agent.nick,
          body: String(body.body),
          mentions: [],
          time: now(),
        };
        found.notes.push(note);
        emit({ sessionId, type: 'note', time: now(), note });
        return ok(note);
      }
      case 'seen':
      case 'setPriority':
        return ok(null);
      case 'labels':
        return ok([]);
      case 'search': {
        const words = String(query.q ?? '').toLowerCase();
        const hits = [...chats.values()].flatMap((one) =>
          one.messages
            .filter((message) => message.msgContent.toLowerCase().includes(words))
            .slice(0, 1)
            .map((message) => ({
              conversation: rowOf(one),
              messageId: message.id,
              noteId: null,
              snippet: message.msgContent,
              time: message.msgTime,
            })),
        );
        return ok({ hits });
      }
      default:
        return refuse(ErrorCode.notFound, `the fake server does not answer ${name}`);
    }
  }

  const strip = ({ clientMsgId: _, ...message }: AgentMessage & { clientMsgId?: string }) => message;
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
    queueVisitor(sessionId: string, visitorName = '', channelId = agent.channels[0] ?? 'shop'): void {
      queue = [
        ...queue,
        {
          sessionId,
          visitorId: `visitor-${sessionId}`,
          channelId,
          groupId: null,
          waitIndex: queue.length + 1,
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
          channelId: agent.channels[0] ?? 'shop',
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
      const found = own(sessionId);
      const message: AgentMessage = {
        id: `m${++messageId}`,
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
        mentions: mentionsAgent ? [agent.id] : [],
        time: now(),
      };
      found.notes.push(note);
      emit({ sessionId, type: 'note', time: now(), note });
      return note;
    },
    /** The visitor read the agent's messages. */
    visitorReads(sessionId: string): void {
      const found = own(sessionId);
      const msgIds = found.messages.filter((one) => one.senderType === SenderType.agent).map((one) => one.id);
      for (const one of found.messages) if (msgIds.includes(one.id)) one.read = true;
      emit({ sessionId, type: 'read', time: now(), msgIds });
    },
    visitorRates(sessionId: string, star: number, tags: string[] = []): void {
      own(sessionId).rating = { star, tags };
      emit({ sessionId, type: 'rating', time: now(), star, tags });
    },
    visitorCloses(sessionId: string): void {
      own(sessionId).closed = true;
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
          channelId: agent.channels[0] ?? 'shop',
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
