import { type ChatMessage, MsgType, SenderType } from '@parley/chat-core';
import type { MessageInput } from '@parley/chat-ui/Message';
import type { DeliveryStatus } from '@parley/chat-ui/MessageStatus';
import type { Translate } from '../i18n/useT.js';
import { agentAvatarUrl } from './avatars.js';

/** What a `custom` row draws: the engine's message, by the widget that shows it. */
export type MessageContent =
  | { kind: 'image' | 'file' | 'audio' | 'video'; message: ChatMessage }
  | { kind: 'tip'; message: ChatMessage }
  | { kind: 'faq'; message: ChatMessage }
  | { kind: 'card'; message: ChatMessage }
  | { kind: 'rich'; message: ChatMessage }
  /** A robot answer that grows as it is generated, or came with a reasoning model's thinking. */
  | { kind: 'answer'; message: ChatMessage };

const FILE_KINDS = {
  [MsgType.image]: 'image',
  [MsgType.file]: 'file',
  [MsgType.audio]: 'audio',
  [MsgType.video]: 'video',
} as const;

const MARKUP = /[*_`#>|<[\]]|^\s*[-+]\s|^\s*\d+\.\s/m;

/** Whether a text uses markdown or HTML syntax, so the markdown renderer is worth loading. */
export function looksLikeMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/** The text of a message: engine-made ones are translated, the rest are as sent. */
export function messageText(message: ChatMessage, t: Translate): string {
  return message.noticeKey ? t(message.noticeKey, message.noticeParams ?? {}) : message.msgContent;
}

/** The agent serving the chat, from the agent's card: whose messages get the card's avatar. */
export interface ServingAgent {
  nick: string;
  /** An image URL the page may show (see agentAvatarUrl), or undefined for initials. */
  avatar?: string;
}

/** Who the other senders of a chat are, as the rows show them. */
export interface RowSenders {
  /** The channel's robot name; empty: the page's own word for it. */
  robotName: string;
  /** The robot's avatar image (a safe URL), or undefined for the kit's robot avatar. */
  robotAvatar?: string;
  agent?: ServingAgent;
}

/**
 * Turns one engine message into a row of the kit's MessageList (spec section 3: senderType 1 is
 * the visitor, on the right; 4 is the system, centred; agents and the robot on the left). The
 * agent's welcome travels as a system message with the agent's name (the spec's `sysMsg`); it is
 * shown as the agent speaking, with the agent's name and avatar, not as a notice. An agent's
 * message shows the avatar it carries, else the serving agent's card's; the robot is drawn as a
 * robot (its channel's avatar, or the kit's), never as a person. The visitor's message an agent
 * has read says "Seen" (the kit's `read` status).
 */
export function toMessageInput(
  message: ChatMessage,
  t: Translate,
  senders: RowSenders,
): MessageInput<string | MessageContent> {
  const { robotName, robotAvatar, agent } = senders;
  const base = { _id: message.id, createdAt: message.msgTime };
  const speaksAsAgent =
    message.senderType === SenderType.system && !message.noticeKey && Boolean(message.senderName?.trim());
  if (message.senderType === SenderType.system && !speaksAsAgent)
    return { ...base, type: 'system', content: messageText(message, t) };
  const mine = message.senderType === SenderType.visitor;
  const robot = message.senderType === SenderType.robot;
  const name = message.senderName || (robot ? robotName || t('chat.robotName') : undefined);
  const avatar = robot
    ? robotAvatar
    : agentAvatarUrl(message.senderAvatar) ||
      (agent?.avatar && name && name === agent.nick ? agent.avatar : undefined);
  const user = mine ? undefined : { name, ...(avatar && { avatar }), ...(robot && { bot: true }) };
  if (speaksAsAgent) return { ...base, position: 'left', user, type: 'text', content: message.msgContent };
  const status: DeliveryStatus | undefined =
    message.status !== 'pending' && message.status !== 'fail' && message.readAt ? 'read' : message.status;
  const row = {
    ...base,
    position: mine ? ('right' as const) : ('left' as const),
    user,
    status: mine ? status : undefined,
  };
  // A robot answer still on its way: the placeholder shows as typing dots.
  if (message.senderType === SenderType.robot && message.status === 'pending')
    return { ...row, type: 'typing', content: '' };
  if (message.msgType === MsgType.autoTip && message.tip)
    return { ...row, type: 'custom', content: { kind: 'tip', message } };
  if (message.msgType === MsgType.faq && message.faq)
    return { ...row, type: 'custom', content: { kind: 'faq', message } };
  if (message.msgType === MsgType.card && message.card)
    return { ...row, type: 'custom', content: { kind: 'card', message } };
  const fileKind = FILE_KINDS[message.msgType as keyof typeof FILE_KINDS];
  if (fileKind && (message.fileUrl || message.previewUrl)) {
    return { ...row, type: 'custom', content: { kind: fileKind, message } };
  }
  if (message.senderType === SenderType.robot && (message.growing || message.thinking)) {
    return { ...row, type: 'custom', content: { kind: 'answer', message } };
  }
  // Robot answers come from a knowledge base and may be markdown: those are drawn sanitised by the
  // markdown renderer, loaded then; plain answers stay plain text (links still become links).
  if (message.senderType === SenderType.robot && !message.noticeKey && looksLikeMarkup(message.msgContent)) {
    return { ...row, type: 'custom', content: { kind: 'rich', message } };
  }
  return { ...row, type: 'text', content: messageText(message, t) };
}
