import {
  type AgentMessage,
  ErrorCode,
  type InboxRow,
  MsgType,
  type Note,
  SenderType,
} from '@parley/chat-protocol';
import { type Answer, type FakeCall, type FakeChat, type FakeWorld, ok, refuse, strip } from './fakeWorld.js';

// The fake agent server's answers about the inbox (testing.ts): its rows, a conversation's record,
// status, labels and notes, the answer by email, and the search.

/** A chat as an inbox row. */
function rowOf(world: FakeWorld, one: FakeChat): InboxRow {
  const last = one.messages.at(-1);
  return {
    sessionId: one.chat.sessionId,
    visitorId: one.chat.visitorId,
    channelId: one.chat.channelId,
    groupId: one.chat.groupId,
    visitorName: one.chat.visitorName,
    verified: one.chat.verified,
    verifiedPid: one.chat.verifiedPid,
    status: one.status,
    priority: 'none',
    live: !one.closed,
    assignee: one.mine ? { id: world.agent.id, nick: world.agent.nick } : null,
    lastMessage: last
      ? {
          text: last.msgContent,
          senderType: last.senderType,
          msgType: String(last.msgType),
          time: last.msgTime,
        }
      : null,
    unread: 0,
    waitingSince: null,
    replyTargetMs: 300_000,
    lastActivityAt: last?.msgTime ?? one.chat.since ?? 0,
    createdAt: one.chat.since ?? 0,
    snoozedUntil: null,
    labels: one.labels,
    rating: one.rating,
    leftMessage: false,
  };
}

/** The answer to a call about the inbox; `undefined` for any other call. */
export function answerInboxCall(world: FakeWorld, call: FakeCall): Answer | undefined {
  const { name, sessionId, body, query } = call;
  const { agent, chats, now } = world;
  switch (name) {
    case 'inbox': {
      const rows = [...chats.values()].map((one) => rowOf(world, one));
      const status = query.status ?? 'active';
      const shown = rows.filter((row) =>
        status === 'active' ? row.status !== 'resolved' : row.status === status,
      );
      const labelled = query.label
        ? shown.filter((row) => row.labels.includes(query.label as string))
        : shown;
      const active = rows.filter((row) => row.status !== 'resolved').length;
      return ok({
        conversations: labelled,
        counts: { mine: active, unassigned: 0, all: active },
        next: null,
      });
    }
    case 'conversation': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
      return ok({
        conversation: rowOf(world, found),
        messages: [...found.messages.map(strip), ...world.placeholders(sessionId)],
        notes: found.notes,
        activity: found.activity,
        emailTo: found.closed && found.chat.email ? found.chat.email : null,
      });
    }
    case 'emailReply': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
      if (!found.closed) return refuse(ErrorCode.conflict, 'the chat is still going: answer in it');
      if (!found.chat.email) return refuse(ErrorCode.conflict, 'the visitor left no email address');
      const message: AgentMessage = {
        id: world.nextMessageId(),
        userId: `visitor-${sessionId}`,
        senderType: SenderType.agent,
        senderName: agent.nick,
        msgType: MsgType.text,
        msgContent: String(body.text ?? ''),
        msgTime: now(),
        emailedTo: found.chat.email,
      };
      found.messages.push(message);
      world.changed();
      return ok({ to: found.chat.email, message });
    }
    case 'setStatus': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
      found.activity.push({
        id: String(found.activity.length + 1),
        kind: 'status',
        agentId: agent.id,
        agentNick: agent.nick,
        detail: { from: found.status, to: body.status },
        time: now(),
      });
      found.status = body.status as InboxRow['status'];
      if (found.status === 'resolved') found.closed = true;
      world.changed();
      return ok(null);
    }
    case 'setLabels': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
      found.labels = [...new Set((body.labels as string[]).map((one) => one.trim().toLowerCase()))].sort();
      world.changed();
      return ok({ labels: found.labels });
    }
    case 'addNote': {
      const found = chats.get(sessionId);
      if (!found) return refuse(ErrorCode.notFound, 'unknown conversation');
      const note: Note = {
        id: `n${found.notes.length + 1}`,
        sessionId,
        agentId: agent.id,
        agentNick: agent.nick,
        body: String(body.body),
        mentions: [],
        time: now(),
      };
      found.notes.push(note);
      world.emit({ sessionId, type: 'note', time: now(), note });
      return ok(note);
    }
    case 'seen': {
      const found = chats.get(sessionId);
      if (found) found.seenAt = now();
      return ok(null);
    }
    case 'mentions': {
      const mentions = [...chats.values()]
        .flatMap((one) => {
          const note = one.notes.filter((each) => each.mentions.includes(agent.id)).at(-1);
          return note
            ? [{ conversation: rowOf(world, one), note, seen: (one.seenAt ?? -1) >= note.time }]
            : [];
        })
        .sort((a, b) => b.note.time - a.note.time);
      return ok({ mentions, unseen: mentions.filter((one) => !one.seen).length });
    }
    case 'setPriority':
      return ok(null);
    case 'labels':
      return ok([]);
    case 'search': {
      const words = String(query.q ?? '').toLowerCase();
      const hits = [...chats.values()].flatMap((one) =>
        one.messages
          .filter((message) => message.msgContent.toLowerCase().includes(words))
          .slice(0, 1)
          .map((message) => ({
            conversation: rowOf(world, one),
            messageId: message.id,
            noteId: null,
            snippet: message.msgContent,
            time: message.msgTime,
          })),
      );
      return ok({ hits });
    }
    default:
      return undefined;
  }
}
