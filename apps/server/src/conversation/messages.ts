import { type AgentMessage, type MessageThinking, SenderType, type WireMessage } from '@parley/chat-protocol';

export type { WireMessage };

/** What only a robot answer carries: the visitor message it answers, a reasoning model's thinking. */
export interface RobotAnswerFields {
  replyTo: string;
  thinking?: MessageThinking;
}

export interface MessageRow {
  id: string;
  visitor_id: string;
  session_id: string;
  sender_type: number;
  sender_name: string | null;
  msg_type: string;
  msg_content: string;
  msg_time: number;
  file_name: string | null;
  file_size: number | null;
  file_url: string | null;
  audio_duration: number | null;
  extra: Record<string, unknown> | null;
  read_at: number | null;
}

export const MESSAGE_COLUMNS =
  'id, visitor_id, session_id, sender_type, sender_name, msg_type, msg_content, msg_time, file_name, file_size, file_url, audio_duration, extra, read_at';

/** msgType is a number on the wire except the named types (answermsg, faq, leavemsg). */
export function wireMsgType(stored: string): number | string {
  return /^\d+$/.test(stored) ? Number(stored) : stored;
}

export function toWireMessage(row: MessageRow): WireMessage {
  const message: WireMessage = {
    id: row.id,
    userId: row.visitor_id,
    // The database only holds what the schema let in.
    senderType: row.sender_type as SenderType,
    msgType: wireMsgType(row.msg_type),
    msgContent: row.msg_content,
    msgTime: row.msg_time,
  };
  if (row.sender_name) message.senderName = row.sender_name;
  if (row.file_name) message.fileName = row.file_name;
  if (row.file_size !== null) message.fileSize = row.file_size;
  if (row.file_url) message.fileUrl = row.file_url;
  if (row.audio_duration !== null) message.audioDuration = row.audio_duration;
  for (const key of ['specialMsgFlag', 'clientType', 'robotAskMsgType'] as const) {
    const value = row.extra?.[key];
    if (typeof value === 'number') message[key] = value;
  }
  const card = row.extra?.card as WireMessage['card'] | undefined;
  if (card && typeof card.code === 'string') message.card = card;
  if (typeof row.extra?.senderAvatar === 'string') message.senderAvatar = row.extra.senderAvatar;
  // The visitor's messages say when an agent read them (the page's "Seen").
  if (row.read_at !== null && row.sender_type === SenderType.visitor) message.readAt = row.read_at;
  // Written by the robot only (store.insertMessage's `answer`).
  if (typeof row.extra?.replyTo === 'string') message.replyTo = row.extra.replyTo;
  const thinking = row.extra?.thinking as MessageThinking | undefined;
  if (thinking && typeof thinking.text === 'string') message.thinking = thinking;
  return message;
}

/**
 * A stored message as the agent API sends it: whether the visitor read it, where an answer sent by
 * email went, and why it never arrived when its mail was given up.
 */
export function toAgentMessage(row: MessageRow): AgentMessage {
  const message: AgentMessage = { ...toWireMessage(row), read: row.read_at !== null };
  const emailedTo = row.extra?.emailedTo;
  if (typeof emailedTo === 'string') message.emailedTo = emailedTo;
  const emailFailed = row.extra?.emailFailed;
  if (typeof emailFailed === 'string') message.emailFailed = emailFailed;
  return message;
}
