// Email: a chat's transcript the visitor asks for, and an agent's answer to a left message.

import { describes, describesBody, object, optional } from '../build.js';
import type { Schema } from '../schema.js';

/** `POST` by the visitor's page: mail this visitor's latest chat to them. */
export const TRANSCRIPT_PATH = '/api/chat/visitor/transcript';
/** `POST` by an agent: answer a left message by email (`:leftMessageId` from `leftMessages`). */
export const LEFT_REPLY_PATH = '/api/agent/leave-messages/:leftMessageId/reply';

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
export const leftReplyParamsSchema: Schema<{ leftMessageId: string }> = object(
  { leftMessageId: { type: 'string', pattern: '^\\d{1,15}$' } },
  ['leftMessageId'],
);
export const mailQueuedSchema: Schema<MailQueued> = describes<MailQueued>()(
  object({ to: { type: 'string' } }, ['to']),
);
