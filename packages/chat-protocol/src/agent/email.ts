// Email: a chat's transcript the visitor asks for, and an agent's answer to a left message.

import { describes, describesBody, object, optional } from '../build.js';
import type { Schema } from '../schema.js';

/** `POST` by the visitor's page: mail this visitor's latest chat to them. */
export const TRANSCRIPT_PATH = '/api/chat/visitor/transcript';

/** The longest answer by email, in characters. */
export const EMAIL_REPLY_MAX = 5000;

export interface TranscriptRequest {
  userId: string;
  /** Where to send it; absent: the address the visitor gave before (a form, the host site). */
  email?: string | null;
}

export interface LeftReplyRequest {
  text: string;
}

/** A mail the server queued: it is sent within seconds, and retried if the mail server is down. */
export interface MailQueued {
  to: string;
}

/** The email call of the agent API, part of `AgentCalls`. */
export interface EmailCalls {
  /** Queues the agent's answer to a left message, to the address the visitor left (409 without mail). */
  replyToLeftMessage: { params: { leftMessageId: string }; body: LeftReplyRequest; answer: MailQueued };
}

const email: Schema<string> = {
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+$',
};

export const transcriptRequestSchema: Schema<TranscriptRequest> = describesBody<TranscriptRequest>()(
  object({ userId: { type: 'string', minLength: 1, maxLength: 128 }, email: optional(email) }, ['userId']),
);
export const leftReplyRequestSchema: Schema<LeftReplyRequest> = describesBody<LeftReplyRequest>()(
  object({ text: { type: 'string', minLength: 1, maxLength: EMAIL_REPLY_MAX } }, ['text']),
);
export const mailQueuedSchema: Schema<MailQueued> = describes<MailQueued>()(
  object({ to: { type: 'string' } }, ['to']),
);
