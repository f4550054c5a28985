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
