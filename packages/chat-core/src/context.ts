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

// The engine's parts each take only what they use, named in their own `...Deps` type: a Pick of
// these two, plus the other parts' functions they call. session.ts wires them; the compiler checks
// every wire.

/** A transfer request: a named agent and/or group; both optional. */
export interface TransferRequest {
  adminId?: string;
  groupId?: string;
}

/** Asks for a human agent; `automatic` for the transfer the engine starts by itself. */
export type Transfer = (request: TransferRequest, automatic?: boolean) => Promise<void>;

/** What any part may use: the state, the server, the clock and timers, the log and storage. */
export interface Core {
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
}

/** Writing to the conversation the visitor sees. */
export interface Conversation {
  /** Appends messages, each id once. */
  append(...messages: ChatMessage[]): void;
  /** Shows a local system message (`sys-{time}`); blank text is skipped. */
  say(content: string | EngineText, time?: number): void;
  /** Adds a toast-like notice. */
  notice(text: EngineText): void;
}
