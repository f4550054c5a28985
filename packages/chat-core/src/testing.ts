import {
  ApiError,
  ChatStatus,
  MsgType,
  SenderType,
  SendStatus,
  Setting,
  VisitorEvent,
} from '@parley/chat-protocol';
// Test doubles for code built on the engine: an in-memory server and the fixtures it answers with.
// Published as `@parley/chat-core/testing`; nothing here is part of the engine a page loads.
import type { CallName, ChatStartData, ChatTransport } from './types.js';

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
/** A chatStart answer: a new visitor, not yet with an agent (status 0). */
export const START: ChatStartData = {
  userId: 'u1',
  sessionId: 's1',
  pollId: 'p1',
  status: ChatStatus.none,
  userFormMode: Setting.off,
  serverTime: 5000,
};
/** The fixed time of the fixtures' messages (robot answers, agentEvent). */
export const NOW = 1_700_000_000_000;

/**
 * An in-memory server speaking the contract's envelope, for tests of code built on the engine: pass
 * it as `transport`. It answers every call with the fixtures above until told otherwise.
 *
 * @example
 * const server = new FakeServer().reply('channelInfo', { ...CHANNEL, titleDesc: 'Shop help' });
 * const chat = createChatSession({ transport: server, search: '?channelId=c1' });
 * await chat.start();
 * server.queueEvents({ msgId: 'j1', event_type: 1200, adminNick: 'Ann' }, agentEvent('a1', 'Hi'));
 */
export class FakeServer implements ChatTransport {
  /** Every call made, in order, with a copy of its body. */
  calls: { call: CallName; body: Body }[] = [];
  /** When true, every call fails as a dropped network would. */
  offline = false;
  /** The chat status each poll (getEventMsg) reports; 3 queues the visitor at `waitIndex`. */
  chatStatus: number = ChatStatus.none;
  /** The queue position each poll reports. */
  waitIndex = 0;
  private routes = new Map<CallName, Route>();
  private events: unknown[][] = [];

  constructor() {
    this.reply('channelInfo', CHANNEL);
    this.reply('chatStart', START);
    this.reply('sendMsg', { status: SendStatus.stored });
    this.reply('getEventMsg', () => ({
      msgList: this.events.shift() ?? [],
      status: this.chatStatus,
      waitIndex: this.waitIndex,
    }));
    this.reply('getAdminCard', { adminNick: 'Ann', adminWelcomeMode: 0, adminWelcomeMsg: 'Hello from Ann' });
    this.reply('robotAsk', (body: Body) => ({
      id: `r-${body.msgId}`,
      userId: 'u1',
      senderType: SenderType.robot,
      msgType: MsgType.text,
      msgContent: 'Robot says hi',
      msgTime: NOW,
    }));
    this.reply('getHistoryMsg', []);
    this.reply('getSessionMsg', []);
    this.reply('getOfflineMsg', []);
    this.reply('addSessionMsg', { status: SendStatus.stored });
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
    if (this.offline) throw new ApiError(call, 'network', `${call}: offline`);
    const route = this.routes.get(call);
    return route ? route(copy) : { code: 200, data: null, message: 'ok' };
  }

  /** The bodies `call` was made with, in order. */
  bodies(call: CallName): Body[] {
    return this.calls.filter((entry) => entry.call === call).map((entry) => entry.body);
  }

  /** How many times `call` was made. */
  count(call: CallName): number {
    return this.bodies(call).length;
  }
}

/** An agent-message event (1201), as a poll returns it; queue it with `server.queueEvents`. */
export function agentEvent(msgId: string, msgContent: string, extra: Record<string, unknown> = {}) {
  return {
    msgId,
    event_type: VisitorEvent.agentMessage,
    senderType: SenderType.agent,
    senderName: 'Ann',
    msgType: MsgType.text,
    msgContent,
    msgTime: NOW,
    ...extra,
  };
}
