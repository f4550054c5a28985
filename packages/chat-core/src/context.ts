import type { After } from './scheduler.js';
import type { Patch } from './store.js';
import type { ChatApi } from './transport.js';
import type {
  CallName,
  CallResults,
  ChatMessage,
  ChatState,
  EngineText,
  Logger,
  StorageLike,
} from './types.js';

/** A transfer request: a named agent and/or group; both optional. */
export interface TransferRequest {
  adminId?: string;
  groupId?: string;
}

/**
 * What the session's parts share. Built once by `createChatSession`; each part reads what it
 * needs at call time, so the parts can call one another without import cycles.
 */
export interface Engine {
  get(): ChatState;
  set(patch: Patch<ChatState>): void;
  api: ChatApi;
  /** The call's data, or undefined after logging `{call} failed`: for calls whose failure is only logged. */
  attempt<C extends CallName>(call: C, body: object): Promise<CallResults[C] | undefined>;
  after: After;
  now(): number;
  /** The clock, made strictly increasing so ids built from it never repeat. */
  stamp(): number;
  logger: Logger;
  storage: StorageLike;
  notifyParent(message: ChatMessage): void;
  createObjectUrl(file: Blob): string | undefined;
  /** Appends messages, each id once. */
  append(...messages: ChatMessage[]): void;
  /** Shows a local system message (`sys-{time}`); blank text is skipped. */
  say(content: string | EngineText, time?: number): void;
  /** Adds a toast-like notice. */
  notice(text: EngineText): void;
  startPolling(): void;
  stopPolling(): void;
  enqueueSystemMessage(content: string, senderName?: string, text?: EngineText): void;
  startTimeouts(): void;
  stopTimeouts(): void;
  visitorSpoke(): void;
  agentSpoke(): void;
  markRead(): void;
  transfer(request: TransferRequest, automatic?: boolean): Promise<void>;
  openEvaluation(): Promise<void>;
  /** Status 2: with an agent. `nick` given: announce the join and send the welcome. */
  enterAgentChat(nick?: string, time?: number): void;
  /** Ends the chat locally: status 0, chatClosed, polling and timers stop. */
  endChat(): void;
  close(): Promise<void>;
  flushOutbox(): Promise<void>;
}
