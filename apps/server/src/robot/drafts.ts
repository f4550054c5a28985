import { MsgType, SenderType, type WireMessage } from '@parley/chat-protocol';
import type { ChannelConfig } from '../conversation/domain.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../conversation/messages.js';
import type { ConversationStore } from '../conversation/store.js';

// The robot's answer while it is written (the draft in `robot_answers`) and once it is recorded:
// what a page that asks again, and a console that opens the conversation, are given.

/** A draft not written for this long belongs to a process that stopped: another may answer. */
export const STALE_DRAFT_MS = 60_000;

/** The `clientMsgId` the robot's answer to the visitor message `msgId` is recorded under: once. */
export const clientMsgId = (msgId: string) => `robot-answer:${msgId}`;

/** The recorded answer to `msgId`, if the robot gave one. */
export async function storedAnswer(store: ConversationStore, sessionId: string, msgId: string) {
  const [row] = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
    [sessionId, clientMsgId(msgId)],
  );
  return row ? toWireMessage(row) : undefined;
}

/**
 * The answer so far, as a placeholder (msgType answermsg): the rest comes through the poll (the
 * visitor's, or a console's that watches the conversation). The thinking's seconds come with the
 * next part.
 */
export function draftMessage(
  visitorId: string,
  channel: ChannelConfig,
  msgId: string,
  draft: { text: string; thinking: string; at: number },
): WireMessage {
  return {
    id: `answer-${msgId}`,
    userId: visitorId,
    senderType: SenderType.robot,
    senderName: String(channel.info.robotName ?? 'Robot'),
    msgType: MsgType.robotAnswer,
    msgContent: draft.text,
    msgTime: draft.at,
    replyTo: msgId,
    ...(draft.thinking && { thinking: { text: draft.thinking } }),
  };
}

/**
 * The robot's answers being written in a conversation, as placeholders (see draftMessage), oldest
 * first: the end of what a console loads, so an agent who opens it mid-answer sees the text so far.
 * A draft nobody has written for a while belongs to a process that stopped: it is not shown.
 */
export async function answersInProgress(
  store: ConversationStore,
  session: { id: string; visitor_id: string; channel_id: string },
): Promise<WireMessage[]> {
  const rows = await store.db.query<{ reply_to: string; text: string; thinking: string; started_at: number }>(
    `select reply_to, text, thinking, started_at from robot_answers
     where session_id = $1 and state = 'streaming' and updated_at > $2 order by started_at`,
    [session.id, store.clock() - STALE_DRAFT_MS],
  );
  if (rows.length === 0) return [];
  const channel = await store.channel(session.channel_id);
  return rows.map((row) =>
    draftMessage(session.visitor_id, channel, row.reply_to, {
      text: row.text,
      thinking: row.thinking,
      at: Number(row.started_at),
    }),
  );
}
