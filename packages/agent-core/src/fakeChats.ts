import { ErrorCode, MsgType, SenderType } from '@parley/chat-protocol';
import {
  type Answer,
  type FakeCall,
  type FakeWorld,
  inboxFields,
  ok,
  own,
  refuse,
  strip,
} from './fakeWorld.js';

// The fake agent server's answers about the agent and their chats (testing.ts): who they are, the
// queue they take from, and the chats they write in, hand over and close.

/** The answer to a call about the agent and their chats; `undefined` for any other call. */
export function answerChatCall(world: FakeWorld, call: FakeCall): Answer | undefined {
  const { name, sessionId, body } = call;
  const { chats, now } = world;
  switch (name) {
    case 'me':
      return world.loggedIn ? ok(world.agent) : refuse(ErrorCode.unauthorized, 'not logged in');
    case 'session':
      return ok({ agent: world.loggedIn ? world.agent : null });
    case 'login':
      if (body.username !== world.agent.username || body.password !== world.password)
        return refuse(ErrorCode.unauthorized, 'wrong username or password');
      world.loggedIn = true;
      return ok({ token: 'fake-token', agent: world.agent, expiresAt: now() + 12 * 3_600_000 });
    case 'status':
      world.agent = {
        ...world.agent,
        ...(typeof body.online === 'boolean' && {
          online: body.online,
          ...(!body.online && { away: false }),
        }),
        ...(typeof body.away === 'boolean' && { away: body.away }),
      };
      world.changed();
      return ok(world.agent);
    case 'logout':
      world.loggedIn = false;
      return ok(null);
    case 'join': {
      const entry = world.queue.find((one) => one.sessionId === sessionId);
      if (!entry)
        return chats.has(sessionId) ? ok({ sessionId }) : refuse(ErrorCode.notFound, 'unknown chat');
      const open = [...chats.values()].filter((one) => !one.closed).length;
      if (open >= world.agent.capacity && body.beyondCapacity !== true)
        return refuse(ErrorCode.conflict, 'this would take you past your capacity');
      world.queue = world.queue.filter((one) => one !== entry);
      chats.set(sessionId, {
        chat: { ...entry, since: now(), email: '', phone: '', visitorTyping: null },
        messages: [],
        rating: null,
        closed: false,
        ...inboxFields(),
      });
      world.changed();
      return ok({ sessionId });
    }
    case 'refuse':
      world.queue = world.queue.filter((one) => one.sessionId !== sessionId);
      world.changed();
      return ok(null);
    case 'messages': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown chat');
      return ok({ sessionId, closed: found.closed, messages: found.messages, rating: found.rating });
    }
    case 'send': {
      const found = own(world, sessionId);
      const clientMsgId = typeof body.clientMsgId === 'string' ? body.clientMsgId : undefined;
      const again =
        clientMsgId &&
        found.messages.find((one) => (one as { clientMsgId?: string }).clientMsgId === clientMsgId);
      if (again) return ok(strip(again));
      const message = {
        id: world.nextMessageId(),
        userId: `visitor-${sessionId}`,
        senderType: SenderType.agent,
        senderName: world.agent.nick,
        msgType: MsgType.text,
        msgContent: String(body.msgContent ?? ''),
        msgTime: now(),
        ...(clientMsgId && { clientMsgId }),
      };
      found.messages.push(message);
      return ok(strip(message));
    }
    case 'deleteMessage': {
      const found = own(world, sessionId);
      const index = found.messages.findIndex((one) => one.id === call.params.messageId);
      if (index < 0) return refuse(ErrorCode.notFound, 'unknown message');
      found.messages.splice(index, 1);
      return ok(null);
    }
    case 'transfer':
    case 'close': {
      own(world, sessionId).closed = true;
      world.changed();
      return ok(
        name === 'transfer' ? { to: { id: String(body.agentId ?? body.groupId), nick: 'Ben' } } : null,
      );
    }
    case 'typing':
    case 'ratingRequest':
      own(world, sessionId);
      return ok(null);
    default:
      return undefined;
  }
}
