/**
 * How a conversation's stored messages and private notes become rows of the kit's message list,
 * and how the rows that are not plain text are drawn.
 */

import { MsgType, type Note, type Rating, SenderType } from '@parley/chat-protocol';
import { Bubble } from '@parley/chat-ui/Bubble';
import { FileCard } from '@parley/chat-ui/FileCard';
import { Image } from '@parley/chat-ui/Image';
import type { MessageInput, MessageModel } from '@parley/chat-ui/Message';
import { LazyRichText } from '@parley/chat-ui/RichText';
import { Thinking } from '@parley/chat-ui/Thinking';
import { Typing } from '@parley/chat-ui/Typing';
import type { WireMessage } from './api.js';
import { useI18n, useT } from './i18n/I18nProvider.js';

/** A robot's text (an answer, Markdown) or its answer still being written (msgType answermsg). */
const isRobotText = (message: WireMessage) =>
  message.senderType === SenderType.robot &&
  !message.fileUrl &&
  (message.msgType === MsgType.text || message.msgType === MsgType.robotAnswer);

/**
 * A stored message as a row of the kit's list: the agent on the right, notices centred. The agent's
 * welcome travels as a system message carrying the agent's name (the spec's `sysMsg`): it is the
 * agent speaking, so it sits with the agent's messages. The robot's answers are Markdown, with a
 * reasoning model's thinking, and grow while the robot writes them.
 */
export function toMessage(
  message: WireMessage,
  visitorName: string,
  faqRead: (title: string) => string = (title) => title,
): MessageInput {
  // The FAQ answer the visitor opened: a line saying so, not a bubble from nobody.
  if (message.msgType === MsgType.faq) {
    const title = message.msgContent.split('\n', 1)[0] ?? '';
    return {
      _id: message.id,
      type: 'system',
      position: 'pop',
      content: faqRead(title),
      createdAt: message.msgTime,
    };
  }
  const welcome = message.senderType === SenderType.system && Boolean(message.senderName?.trim());
  const position =
    message.senderType === SenderType.agent || welcome
      ? 'right'
      : message.senderType === SenderType.system
        ? 'pop'
        : 'left';
  const name = message.senderType === SenderType.visitor ? visitorName : message.senderName;
  if (isRobotText(message)) {
    return {
      _id: message.id,
      type: 'custom',
      content: message,
      position,
      user: name ? { name } : undefined,
      createdAt: message.msgTime,
      // Announced once, when it is complete (the kit's list), not at every part.
      streaming: message.msgType === MsgType.robotAnswer,
    };
  }
  return {
    _id: message.id,
    type: message.fileUrl
      ? 'custom'
      : message.senderType === SenderType.system && !welcome
        ? 'system'
        : 'text',
    content: message.fileUrl ? message : message.msgContent,
    position,
    user: name ? { name } : undefined,
    createdAt: message.msgTime,
    // The agent's reply on its way: the kit's status beside it (a spinner, then retry on failure).
    ...(message.status && { status: message.status }),
  };
}

/** The id of the latest agent message the visitor has read: the one "Read" is shown under. */
export function lastReadId(messages: readonly WireMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as WireMessage;
    if (message.senderType === SenderType.agent && message.read) return message.id;
  }
  return undefined;
}

/** The id a private note has among the messages of the list. */
export const NOTE_PREFIX = 'note:';

/** A private note as a row of the kit's list: centred, drawn by `PrivateNote`. */
const toNoteRow = (note: Note): MessageInput => ({
  _id: `${NOTE_PREFIX}${note.id}`,
  type: 'custom',
  content: note,
  position: 'pop',
  createdAt: note.time,
});

/** The messages and the private notes, in time order (a message first on a tie). */
export function timeline(messages: MessageInput[], notes: readonly Note[]): MessageInput[] {
  if (notes.length === 0) return messages;
  const rows = [...messages, ...notes.map(toNoteRow)];
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => Number(a.row.createdAt ?? 0) - Number(b.row.createdAt ?? 0) || a.index - b.index)
    .map(({ row }) => row);
}

/** A private note in the conversation: for the team only, drawn apart from what the visitor reads. */
function PrivateNote({ note }: { note: Note }) {
  const { t, formatDateTime } = useI18n();
  return (
    <div
      className="console-private-note"
      role="note"
      aria-label={t('inbox.noteBy', { name: note.agentNick })}
    >
      <p className="console-private-note__by">
        {t('inbox.noteBy', { name: note.agentNick })} ·{' '}
        <time dateTime={new Date(note.time).toISOString()}>{formatDateTime(note.time)}</time>
      </p>
      <p dir="auto">{note.body}</p>
    </div>
  );
}

/** The visitor's rating in full: stars, the tags they chose and their comment. */
export function RatingSummary({ rating }: { rating: Rating }) {
  const t = useT();
  return (
    <span className="console-rating">
      {' · '}
      <span className="parley-visually-hidden">{t('chat.rated', { star: rating.star })}</span>
      <span aria-hidden="true">
        {'★'.repeat(rating.star)}
        {'☆'.repeat(Math.max(0, 5 - rating.star))}
      </span>
      {rating.tags.length > 0 ? <span> · {rating.tags.join(', ')}</span> : null}
      {rating.content ? (
        <q className="console-rating__comment" dir="auto">
          {rating.content}
        </q>
      ) : null}
    </span>
  );
}

/**
 * The robot's answer: its thinking first, collapsed ("Thinking…", then "done, N s"), then the
 * answer as Markdown, growing while the robot writes it (dots until its first words).
 */
function RobotAnswer({ message }: { message: WireMessage }) {
  const growing = message.msgType === MsgType.robotAnswer;
  const { thinking } = message;
  return (
    <Bubble position="left">
      <div className="console-answer">
        {thinking ? (
          <Thinking
            done={thinking.seconds !== undefined || !growing || Boolean(message.msgContent)}
            elapsedSeconds={thinking.seconds}
            defaultOpen={false}
          >
            {thinking.text}
          </Thinking>
        ) : null}
        {message.msgContent ? (
          <LazyRichText content={message.msgContent} streaming={growing} />
        ) : growing && !thinking ? (
          <Typing />
        ) : null}
      </div>
    </Bubble>
  );
}

/** Called for every message: robot answers, notes and files (custom) are drawn here. */
export function renderContent(model: MessageModel) {
  if (model.type !== 'custom') return undefined;
  if (model._id.startsWith(NOTE_PREFIX)) return <PrivateNote note={model.content as Note} />;
  const message = model.content as WireMessage;
  if (isRobotText(message)) return <RobotAnswer message={message} />;
  return message.msgType === MsgType.image && message.fileUrl ? (
    <Image src={message.fileUrl} alt={message.fileName ?? message.msgContent} />
  ) : (
    <FileCard name={message.fileName ?? message.msgContent} size={message.fileSize} url={message.fileUrl} />
  );
}
