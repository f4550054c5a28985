import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { SenderType } from '../codes.js';
import { envelope } from '../envelope.js';
import { ajvOptions, check, type Schema, ShapeError } from '../schema.js';
import { agentPath, agentRoutes } from './routes.js';
import { agentAnswerSchemas } from './schemas.js';
import type { AgentPollAnswer } from './types.js';

// The agent API's schemas, as the server (ajv under the contract's options) and a client (`check`)
// read them: both must give the same verdict on the same answer.

const ajv = new Ajv({ ...ajvOptions, keywords: [...ajvOptions.keywords] });

const agent = {
  id: 'a1',
  username: 'ada',
  nick: 'Ada',
  avatar: '/avatars/ada.png',
  capacity: 3,
  channels: ['c1'],
  groups: [],
  online: true,
  away: false,
  role: 'agent' as const,
};
const message = {
  id: 'm1',
  userId: 'v1',
  senderType: SenderType.visitor,
  msgType: 1,
  msgContent: 'Hello',
  msgTime: 5,
};
const poll: AgentPollAnswer = {
  agent,
  cursor: '12',
  view: 'abc',
  queue: [
    {
      sessionId: 's2',
      visitorId: 'v2',
      channelId: 'c1',
      groupId: null,
      waitIndex: 1,
      since: 3,
      visitorName: '',
      verified: false,
      verifiedPid: null,
    },
  ],
  chats: [
    {
      sessionId: 's1',
      visitorId: 'v1',
      channelId: 'c1',
      groupId: 'g1',
      since: 4,
      visitorName: 'Vera',
      email: '',
      phone: '',
      verified: true,
      verifiedPid: 'p1',
      visitorTyping: null,
      transferredFrom: 'Ben',
    },
  ],
  events: [
    { id: '11', sessionId: 's1', type: 'message', time: 5, message },
    { id: '12', sessionId: 's1', type: 'form', fields: { email: 'vera@example.com' } },
  ],
};

function verdicts(schema: Schema, data: unknown) {
  const server = ajv.validate(schema, structuredClone(data));
  let client = true;
  try {
    check(schema, structuredClone(data));
  } catch (error) {
    expect(error).toBeInstanceOf(ShapeError);
    client = false;
  }
  return { server, client };
}

describe('the agent answer schemas', () => {
  it('should accept a poll answer on both sides and keep what a client needs', () => {
    expect(verdicts(agentAnswerSchemas.poll, poll)).toEqual({ server: true, client: true });
    const checked = check(agentAnswerSchemas.poll, structuredClone(poll));
    expect(checked).toEqual(poll);
  });

  it.each([
    ['a queue entry without its session', { ...poll, queue: [{ ...poll.queue[0], sessionId: undefined }] }],
    ['a chat whose typing text is a number', { ...poll, chats: [{ ...poll.chats[0], visitorTyping: 3 }] }],
    ['an event without a type', { ...poll, events: [{ id: '1', sessionId: 's1' }] }],
    ['no cursor', { ...poll, cursor: undefined }],
    ['an agent without channels', { ...poll, agent: { ...agent, channels: undefined } }],
  ])('should refuse %s on both sides', (_, data) => {
    expect(verdicts(agentAnswerSchemas.poll, JSON.parse(JSON.stringify(data)))).toEqual({
      server: false,
      client: false,
    });
  });

  it('should refuse a message of a sender the contract does not name', () => {
    expect(verdicts(agentAnswerSchemas.send, { ...message, senderType: 9 })).toEqual({
      server: false,
      client: false,
    });
  });

  it('should take null as the answer of a call that tells only success, and refuse data there', () => {
    expect(verdicts(agentAnswerSchemas.close, null)).toEqual({ server: true, client: true });
    expect(verdicts(agentAnswerSchemas.close, { closed: true })).toEqual({ server: false, client: false });
  });

  it('should wrap an answer in the envelope', () => {
    const schema = envelope(agentAnswerSchemas.join);
    expect(ajv.validate(schema, { code: 200, data: { sessionId: 's1' }, message: 'ok' })).toBe(true);
    expect(ajv.validate(schema, { code: '200', data: { sessionId: 's1' }, message: 'ok' })).toBe(false);
  });
});

describe('the agent routes', () => {
  it('should give every call its own method and path', () => {
    const places = Object.values(agentRoutes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('should describe each path parameter, and refuse an empty or overlong one', () => {
    const params = agentRoutes.deleteMessage.params;
    expect(params?.required).toEqual(['sessionId', 'messageId']);
    expect(ajv.validate(params ?? {}, { sessionId: 's1', messageId: '' })).toBe(false);
    expect(ajv.validate(params ?? {}, { sessionId: 's1', messageId: 'x'.repeat(129) })).toBe(false);
    expect(ajv.validate(params ?? {}, { sessionId: 's1', messageId: 'm1' })).toBe(true);
  });

  it('should fill a path with its parameters, encoded, and append the query', () => {
    expect(agentPath('earlierChat', { sessionId: 's 1', earlierId: 'a/b' })).toBe(
      '/api/agent/chats/s%201/earlier-chats/a%2Fb/messages',
    );
    expect(agentPath('poll', {}, { cursor: '7', wait: '25000', seen: undefined })).toBe(
      '/api/agent/poll?cursor=7&wait=25000',
    );
    expect(agentPath('me', {})).toBe('/api/agent/me');
  });

  it('should refuse a poll cursor that is not a number', () => {
    const query = agentRoutes.poll.query ?? {};
    expect(ajv.validate(query, { cursor: '12' })).toBe(true);
    expect(ajv.validate(query, { cursor: '1e3' })).toBe(false);
    expect(ajv.validate(query, { seen: 'a b' })).toBe(false);
  });
});
