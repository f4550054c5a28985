import { createHash } from 'node:crypto';

// Integrations and webhook receivers know a visitor by a contact id, never by the visitor id: the
// visitor id is the visitor's bearer credential (whoever has it reads the history, posts as the
// visitor and mails the transcript), and a CRM, a helpdesk or a webhook log is no place for it.

/**
 * The contact id of a visitor: `ct_` and 128 bits of SHA-256 over the visitor id. It is stable
 * (every instance and the database's `visitors.contact_id` compute the same), and since a visitor
 * id is 128 random bits it cannot be turned back into one: it opens nothing in the visitor API.
 *
 * @example
 * contactIdOf('x3Gk...') // 'ct_5f0c...' (32 hex digits)
 */
export function contactIdOf(visitorId: string): string {
  return `ct_${createHash('sha256').update(`parley-contact:${visitorId}`).digest('hex').slice(0, 32)}`;
}

/** What a left message's events are ordered by, as the database writes it: `visitor:<visitor id>`. */
const LEFT_MESSAGE_CONVERSATION = /^visitor:(.*)$/s;

/**
 * A webhook event as a receiver gets it: `visitorId` in its record becomes `contactId`, and a left
 * message's conversation `visitor:<visitor id>` becomes `contact:<contact id>`.
 */
export function withContactIds(
  conversation: string,
  data: Record<string, unknown>,
): { conversationId: string; data: Record<string, unknown> } {
  const { visitorId, ...rest } = data;
  const left = LEFT_MESSAGE_CONVERSATION.exec(conversation);
  return {
    conversationId: left ? `contact:${contactIdOf(left[1] ?? '')}` : conversation,
    data: typeof visitorId === 'string' ? { ...rest, contactId: contactIdOf(visitorId) } : rest,
  };
}
