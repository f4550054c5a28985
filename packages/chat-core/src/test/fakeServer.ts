import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { createMemoryStorage } from '../environment.js';
import { createChatSession } from '../session.js';
import { ChatApiError } from '../transport.js';
import type { CallName, ChatMessage, ChatTransport, Signal, StorageLike } from '../types.js';

type LogMock = Mock<(...args: unknown[]) => void>;

// biome-ignore lint/suspicious/noExplicitAny: request bodies are inspected freely in tests
type Body = any;
type Route = (body: Body) => unknown;

/** A channel as the server sends it (JSON fields as strings). */
export const CHANNEL = {
  titleDesc: 'Acme help',
  tenantId: 't1',
  receiveMode: 0,
  robotName: 'Robo',
  robotWelcomeMode: 0,
  robotWelcomeMsg: 'Hi, I am Robo',
  autoTip: '',
  msgToTransferFlag: 0,
  faqMode: 0,
  faqConfig: '',
  userFormMode: 0,
  userFormConfig: '',
  groupMode: 0,
  groupConfig: '',
  adminOfflineMode: 0,
  adminOfflineMsg: 'Agents are offline',
  userQueueMode: 1,
  userQueueMsg: 'You are number ## in line',
  unWorkingMode: 0,
  unWorkingMsg: 'We are closed',
  userOverMsg: 'You ended the chat',
  adminCloseMode: 0,
  adminCloseMsg: 'The agent closed the chat',
  evaluateMode: 0,
  adminTimeoutMode: 0,
  adminTimeoutTime: 1,
  adminTimeoutMsg: 'The agent has not answered',
  userTimeoutMode: 0,
  userTimeoutTime: 2,
  userTimeoutMsg: 'Are you still there?',
};
export const START = {
  userId: 'u1',
  sessionId: 's1',
  pollId: 'p1',
  status: 0,
  userFormMode: 0,
  serverTime: 5000,
};
export const NOW = 1_700_000_000_000;

/** An in-memory server speaking the contract's envelope. */
export class FakeServer implements ChatTransport {
  calls: { call: CallName; body: Body }[] = [];
  offline = false;
  private routes = new Map<CallName, Route>();
  private events: unknown[][] = [];

  constructor() {
    this.reply('channelInfo', CHANNEL);
    this.reply('chatStart', START);
    this.reply('sendMsg', { status: 1 });
    this.reply('getEventMsg', () => ({ msgList: this.events.shift() ?? [], status: 0, waitIndex: 0 }));
    this.reply('getAdminCard', { adminNick: 'Ann', adminWelcomeMode: 0, adminWelcomeMsg: 'Hello from Ann' });
    this.reply('robotAsk', (body: Body) => ({
      id: `r-${body.msgId}`,
      userId: 'u1',
      senderType: 3,
      msgType: 1,
      msgContent: 'Robot says hi',
      msgTime: NOW,
    }));
    this.reply('getHistoryMsg', []);
    this.reply('getSessionMsg', []);
  }

  /** Answers `call` with code 200 and this data (or the function's result). */
  reply(call: CallName, data: unknown): this {
    return this.answer(call, (body) => ({
      code: 200,
      data: typeof data === 'function' ? data(body) : data,
      message: 'ok',
    }));
  }

  /** Answers `call` with this whole body; a thrown error rejects the post. */
  answer(call: CallName, route: Route): this {
    this.routes.set(call, route);
    return this;
  }

  /** Answers with an envelope code other than 200. */
  refuse(call: CallName, message = 'refused', code = 500): this {
    return this.answer(call, () => ({ code, data: null, message }));
  }

  /** The events the next getEventMsg returns. */
  queueEvents(...events: unknown[]): void {
    this.events.push(events);
  }

  async post(call: CallName, body: object): Promise<unknown> {
    const copy = body instanceof FormData ? body : JSON.parse(JSON.stringify(body));
    this.calls.push({ call, body: copy });
    if (this.offline) throw new ChatApiError(call, 'network', `${call}: offline`);
    const route = this.routes.get(call);
    return route ? route(copy) : { code: 200, data: null, message: 'ok' };
  }

  bodies(call: CallName): Body[] {
    return this.calls.filter((entry) => entry.call === call).map((entry) => entry.body);
  }

  count(call: CallName): number {
    return this.bodies(call).length;
  }
}

export function createSignal(initial: boolean): Signal & { set(value: boolean): void } {
  let value = initial;
  const listeners = new Set<(value: boolean) => void>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      value = next;
      for (const listener of listeners) listener(next);
    },
  };
}

export interface SetupOptions {
  search?: string;
  channel?: Partial<typeof CHANNEL> & Record<string, unknown>;
  start?: Partial<typeof START>;
  storage?: StorageLike;
  server?: FakeServer;
}

/** A session on a fake server with fake timers; nothing started. */
export function setup(options: SetupOptions = {}) {
  const server = options.server ?? new FakeServer();
  if (options.channel) server.reply('channelInfo', { ...CHANNEL, ...options.channel });
  if (options.start) server.reply('chatStart', { ...START, ...options.start });
  const logger: Record<'info' | 'warn' | 'error', LogMock> = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const storage = options.storage ?? createMemoryStorage();
  const visibility = createSignal(true);
  const connectivity = createSignal(true);
  const notifyParent: Mock<(message: ChatMessage) => void> = vi.fn();
  const session = createChatSession({
    transport: server,
    storage,
    logger,
    visibility,
    connectivity,
    search: options.search ?? '?channelId=c1',
    referrer: 'https://shop.example/cart',
    notifyParent,
    createObjectUrl: () => 'blob:preview',
  });
  const state = () => session.getSnapshot();
  const texts = () => state().messages.map((message) => message.msgContent);
  return { server, logger, storage, visibility, connectivity, notifyParent, session, state, texts };
}

/** Starts a session and lets its first timers settle nowhere (no time passes). */
export async function started(options: SetupOptions = {}) {
  const context = setup(options);
  await context.session.start();
  return context;
}

/** An agent-message event. */
export function agentEvent(msgId: string, msgContent: string, extra: Record<string, unknown> = {}) {
  return {
    msgId,
    event_type: 1201,
    senderType: 2,
    senderName: 'Ann',
    msgType: 1,
    msgContent,
    msgTime: NOW,
    ...extra,
  };
}

/** Advances fake time and lets the promises it starts settle. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Fake timers and clock for every test of the file. */
export function installFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
