import {
  type Activity,
  type Agent,
  type AgentCallName,
  type AgentChat,
  type AgentMessage,
  type DeskEvent,
  ErrorCode,
  type InboxRow,
  type Note,
  type QueueEntry,
  type Rating,
} from '@parley/chat-protocol';
import type { WithoutId } from './fakeRobot.js';

// What the fake agent server (testing.ts) holds, lent to the modules that answer its calls
// (fakeChats.ts, fakeInbox.ts), and the answers they give in the contract's envelope.

export interface FakeChat {
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
  /** When the agent last opened the conversation (`seen`): mentions before it are seen. */
  seenAt?: number;
}

/** A new chat's place in the inbox: open, unlabelled, the agent's. */
export const inboxFields = () => ({
  status: 'open' as const,
  labels: [],
  notes: [],
  activity: [],
  mine: true,
});

export type Answer = { code: number; data: unknown; message: string };
export const ok = (data: unknown): Answer => ({ code: ErrorCode.ok, data, message: 'ok' });
export const refuse = (code: number, message: string): Answer => ({ code, data: null, message });

/** The fake server's state and what changes it. */
export interface FakeWorld {
  agent: Agent;
  /** Whether this browser is logged in as the agent (`session` tells; `login`, `logout` change it). */
  loggedIn: boolean;
  /** The agent's password, for `login`. */
  readonly password: string;
  queue: QueueEntry[];
  readonly chats: Map<string, FakeChat>;
  now(): number;
  /** Something the polls see changed: held polls answer. */
  changed(): void;
  /** An event for the polls (it changes what they see). */
  emit(event: WithoutId<DeskEvent>): void;
  nextMessageId(): string;
  /** The robot's answers being written in a conversation, as the placeholders ending its messages. */
  placeholders(sessionId: string): AgentMessage[];
}

/** One call to answer: its name, the chat it names, its body and query. */
export interface FakeCall {
  name: AgentCallName;
  sessionId: string;
  /** Every path parameter (`messageId` beside `sessionId`). */
  params: Record<string, string>;
  body: Record<string, unknown>;
  query: Record<string, string>;
}

/** The agent's open chat `sessionId`; else the refusal is thrown, to be answered. */
export function own(world: FakeWorld, sessionId: string): FakeChat {
  const found = world.chats.get(sessionId);
  if (!found) throw refuse(ErrorCode.notFound, 'unknown chat');
  if (!found.mine) throw refuse(ErrorCode.forbidden, 'this chat is not yours');
  if (found.closed) throw refuse(ErrorCode.conflict, 'this chat has ended');
  return found;
}

/** A stored message as the server answers it: without the client's id for the send. */
export const strip = ({ clientMsgId: _, ...message }: AgentMessage & { clientMsgId?: string }) => message;
