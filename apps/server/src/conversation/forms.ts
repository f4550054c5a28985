import {
  AgentEvent,
  ChatStatus,
  checkFormField,
  FIELD_LIMITS,
  type FormField,
  type FormProblem,
  MsgType,
  SenderType,
} from '@parley/chat-protocol';
import { badRequest, forbidden } from '../errors.js';
import { randomId } from '../ids.js';
import { parseJson } from './domain.js';
import { emitAgentEvent } from './events.js';
import type { ConversationStore } from './store.js';

// The user form (checked with the contract's form check) and left messages.

/** How the server words each problem the contract's form check finds. */
const FORM_PROBLEMS: Record<FormProblem, string> = {
  required: 'is required',
  invalidPattern: 'is not valid',
  invalidPhone: 'is not valid',
  invalidEmail: 'is not valid',
  notAnOption: 'must be one of the options',
};

function parseForm(config: unknown): { fields: FormField[] } | undefined {
  const form = parseJson(config) as { fields?: FormField[] } | undefined;
  return form && Array.isArray(form.fields) ? { fields: form.fields } : undefined;
}

/** Without a form of its own, a channel takes the visitor's contact fields and nothing else. */
const CONTACT_FIELDS: FormField[] = [
  { name: 'name', label: 'name', type: 'text' },
  { name: 'email', label: 'email', type: 'email' },
  { name: 'phone', label: 'phone', type: 'phone' },
];

/** The contact fields' own limits; any other field of a form takes `FIELD_LIMITS.formField`. */
const LENGTH_LIMITS: Record<string, number> = {
  name: FIELD_LIMITS.name,
  email: FIELD_LIMITS.email,
  phone: FIELD_LIMITS.phone,
};

/**
 * The values of the fields the channel's form asks for, each within its length; fields the form
 * does not name are dropped, so a visitor cannot store (or show an agent) anything else.
 */
function formValues(form: { fields: FormField[] } | undefined, fields: Record<string, unknown>) {
  const values: Record<string, string> = {};
  for (const field of form?.fields ?? CONTACT_FIELDS) {
    const value = fields[field.name];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    const limit = LENGTH_LIMITS[field.name] ?? FIELD_LIMITS.formField;
    // Characters as JSON Schema counts them (code points), like every other field's limit.
    if (text.length > limit && [...text].length > limit)
      throw badRequest(`${field.label || field.name} is longer than ${limit} characters`);
    values[field.name] = text;
  }
  return values;
}

export async function submitUserForm(
  store: ConversationStore,
  userId: string,
  fields: Record<string, unknown>,
): Promise<null> {
  const session = await store.openSession(userId);
  const channel = await store.channel(session.channel_id);
  const form = parseForm(channel.info.userFormConfig);
  const values = formValues(form, fields);
  for (const field of form?.fields ?? []) {
    const problem = checkFormField(field, values[field.name] ?? '');
    if (problem) throw badRequest(`${field.label || field.name} ${FORM_PROBLEMS[problem]}`);
  }
  await store.write(async (tx) => {
    await tx.query(
      'insert into user_forms (visitor_id, session_id, fields, created_at) values ($1, $2, $3, $4)',
      [userId, session.id, JSON.stringify(values), store.clock()],
    );
    await tx.query(
      `update visitors set form_submitted = true, name = coalesce($2, name), email = coalesce($3, email),
         phone = coalesce($4, phone) where id = $1`,
      [userId, values.name || null, values.email || null, values.phone || null],
    );
    if (session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: userId,
        sessionId: session.id,
        type: AgentEvent.form,
        payload: { fields: values },
        now: store.clock(),
      });
    }
  });
  return null;
}

export async function leaveMsg(
  store: ConversationStore,
  input: {
    userId: string;
    channelId: string;
    name?: string;
    phone?: string;
    email?: string;
    content: string;
  },
): Promise<null> {
  const visitor = await store.visitor(input.userId);
  const channel = await store.channel(input.channelId);
  if (channel.tenantId !== visitor.tenant_id) throw forbidden('this channel belongs to another tenant');
  if (!input.content.trim()) throw badRequest('content is required');
  const now = store.clock();
  await store.write(async (tx) => {
    // The team sees it in the inbox as a conversation waiting for them (pending), not a live chat.
    const sessionId = randomId();
    await tx.query(
      `insert into sessions (id, poll_id, visitor_id, channel_id, status, created_at, closed_at, left_message)
       values ($1, $2, $3, $4, $5, $6, $6, true)`,
      [sessionId, randomId(), input.userId, input.channelId, ChatStatus.none, now],
    );
    await tx.query(
      `insert into leave_messages (visitor_id, channel_id, name, phone, email, content, created_at, session_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        input.userId,
        input.channelId,
        input.name ?? null,
        input.phone ?? null,
        input.email ?? null,
        input.content,
        now,
        sessionId,
      ],
    );
    await tx.query(
      `update visitors set name = coalesce(name, $2), email = coalesce(email, $3), phone = coalesce(phone, $4)
       where id = $1`,
      [input.userId, input.name || null, input.email || null, input.phone || null],
    );
    await store.insertMessage(
      tx,
      { id: sessionId, visitor_id: input.userId },
      { msgType: MsgType.text, msgContent: input.content, senderType: SenderType.visitor },
      now,
    );
    await tx.query(`update sessions set state = 'pending' where id = $1`, [sessionId]);
  });
  return null;
}
