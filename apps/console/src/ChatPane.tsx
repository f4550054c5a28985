import { type ConversationDetail, type Outcome, UNDO_DELETE_MS } from '@parley/agent-core';
import { SenderType } from '@parley/chat-protocol';
import { Message, type MessageModel } from '@parley/chat-ui/Message';
import { MessageList } from '@parley/chat-ui/MessageList';
import { toast } from '@parley/chat-ui/Toast';
import { Typing } from '@parley/chat-ui/Typing';
import { useEffect, useRef, useState } from 'react';
import type { Chat } from './api.js';
import { ConversationActions, NoteBox } from './ConversationActions.js';
import { type CannedReply, useCannedReplies } from './canned.js';
import { fillVariables } from './cannedVariables.js';
import { lastReadId, NOTE_PREFIX, RatingSummary, renderContent, timeline, toMessage } from './chatRows.js';
import { useDesk, useDeskState } from './desk.js';
import { EmailReplyDialog } from './EmailReplyDialog.js';
import { useT } from './i18n/I18nProvider.js';
import { displayName } from './names.js';
import { ReplyBox } from './ReplyBox.js';
import { type Conversation, useReport } from './report.js';
import { VerifiedBadge } from './VerifiedBadge.js';

/** The agent's typing signal is sent at most this often while typing. */
const TYPING_MS = 2000;

/** Until the channel's canned replies have loaded, the reply box is a plain text box. */
const NO_REPLIES: readonly CannedReply[] = [];

/**
 * One chat: its visitor, the note of the colleague who handed it over, its messages, the agent's
 * actions (rating, transfer, close, refuse) and the reply box with the channel's canned replies.
 */
export function ChatPane({
  agentId,
  agentNick,
  sessionId,
  chat,
  conversation,
  detail,
  onTransfer,
  hitMessageId,
}: {
  agentId: string;
  agentNick: string;
  sessionId: string;
  /** The chat when it is the agent's and live. */
  chat: Chat | undefined;
  conversation: Conversation;
  /** The conversation's row, notes and history (the inbox's details), once loaded. */
  detail: ConversationDetail | undefined;
  onTransfer: () => void;
  /** The message (or `note:<id>`, a note) a search found: shown, marked, once it is here. */
  hitMessageId?: string | null;
}) {
  const t = useT();
  const report = useReport();
  const desk = useDesk();
  /** What the agent has typed in this chat's reply box, kept while other chats are on screen. */
  const draft = useDeskState((snapshot) => snapshot.drafts[sessionId] ?? '');
  /** Replies deleted within their undo time: not shown. */
  const deleting = useDeskState((snapshot) => snapshot.deleting);
  const lastTyping = useRef(0);
  const row = detail?.conversation;
  const canned = useCannedReplies(agentId, chat?.channelId ?? row?.channelId).replies ?? NO_REPLIES;
  // The name the inbox shows: the visitor's, else the one made from their id.
  const visitorName = chat ? displayName(chat) : row ? displayName(row) : t('chat.visitor');
  const faqRead = (title: string) => t('chat.faqRead', { name: visitorName, title });
  const open = chat !== undefined && !conversation.closed;
  const mine = row ? row.assignee?.id === agentId : chat !== undefined;
  /** Reply to the visitor, or write a private note for the team. */
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  /** The answer by email being written, once the visitor is gone. */
  const [emailing, setEmailing] = useState(false);
  const emailTo = detail?.emailTo ?? null;
  const writing = open ? mode : 'note';
  const rating = conversation.rating ?? row?.rating ?? null;
  const unread = row?.unread ?? 0;

  // Opened from a search: the list shows the message that matched, marked.
  const hitShown = useRef<string | null>(null);
  const hitHere = Boolean(
    hitMessageId &&
      (conversation.messages.some((one) => one.id === hitMessageId) ||
        detail?.notes.some((note) => `${NOTE_PREFIX}${note.id}` === hitMessageId)),
  );
  useEffect(() => {
    if (!hitMessageId || !hitHere || hitShown.current === hitMessageId) return;
    const frame = requestAnimationFrame(() => {
      const row = document.querySelector(
        `.console-conversation [data-message-id="${CSS.escape(hitMessageId)}"]`,
      );
      if (!row) return;
      hitShown.current = hitMessageId;
      row.setAttribute('data-hit', '');
      row.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [hitMessageId, hitHere]);

  // The assignee has the conversation on screen: what the visitor wrote is read; a colleague's
  // mention of the agent in it is seen.
  const mentioned = useDeskState((snapshot) =>
    snapshot.inbox.mentions.entries.some((one) => one.note.sessionId === sessionId && !one.seen),
  );
  // Nobody has a conversation whose visitor is gone (a left message): whoever opens it reads it.
  const unheld = row !== undefined && row.assignee === null && !row.live;
  useEffect(() => {
    if ((((mine || unheld) && unread > 0) || mentioned) && document.visibilityState === 'visible')
      void desk.inbox.seen(sessionId);
  }, [mine, unheld, unread, mentioned, sessionId, desk]);

  const typing = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_MS) return;
    lastTyping.current = now;
    void desk.typing(sessionId);
  };

  /** A command's failure is told as a toast. */
  const act = async (running: Promise<Outcome<unknown>>) => {
    const outcome = await running;
    if (!outcome.ok) report(outcome.error);
  };

  /**
   * Deletes a reply after an undo time: it goes from the list at once, and a toast offers Undo
   * until the server is told (the visitor may have read it already: nothing is lost by a slip).
   */
  const remove = (messageId: string) => {
    const pending = desk.deleteMessage(sessionId, messageId);
    const shown = toast.show(
      <>
        {t('chat.deleted')}{' '}
        <button
          className="console-button console-button--small"
          type="button"
          onClick={() => {
            pending.undo();
            toast.dismiss(shown.id);
          }}
        >
          {t('chat.undo')}
        </button>
      </>,
      { duration: UNDO_DELETE_MS },
    );
    void pending.done.then((outcome) => {
      if (!outcome.ok) report(outcome.error);
    });
  };

  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  // The visitor read everything up to here: said once, under the latest read message.
  const readId = lastReadId(conversation.messages);
  const renderMessage = (model: MessageModel) => {
    const message = byId.get(model._id);
    const mine = message?.senderType === SenderType.agent;
    return (
      <div className="console-row">
        <Message
          message={model}
          renderContent={renderContent}
          statusTimers="product"
          onRetry={() => message?.clientMsgId && void desk.retry(message.clientMsgId)}
        />
        {mine && open && !message.status ? (
          // Beside the bubble, shown on hover and keyboard focus only: a conversation is not a
          // column of buttons.
          <button
            className="console-button console-button--small console-row__action"
            type="button"
            onClick={() => remove(message.id)}
          >
            {t('chat.delete')}
          </button>
        ) : null}
        {message && message.id === readId ? <p className="console-row__read">{t('chat.read')}</p> : null}
        {message?.emailedTo && message.emailFailed ? (
          // The mail was given up: the visitor never got this answer. The mail server's reason on hover.
          <p className="console-row__read" data-state="failed" title={message.emailFailed}>
            {t('emailReply.notDelivered', { email: message.emailedTo })}
          </p>
        ) : message?.emailedTo ? (
          <p className="console-row__read">{t('emailReply.emailed', { email: message.emailedTo })}</p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="console-conversation" aria-label={visitorName}>
      <header className="console-conversation__header">
        <div>
          <strong>
            <bdi>{visitorName}</bdi>
          </strong>
          {chat ? <VerifiedBadge visitor={chat} /> : null} <bdi>{chat?.email}</bdi> <bdi>{chat?.phone}</bdi>
          {rating ? <RatingSummary rating={rating} /> : null}
          {row && !chat ? (
            <span className="console-hint">
              {' · '}
              {row.assignee ? t('inbox.assignedTo', { name: row.assignee.nick }) : t('inbox.nobody')}
            </span>
          ) : null}
        </div>
        {open ? (
          <div className="console-actions">
            <button className="console-button" type="button" onClick={() => act(desk.askRating(sessionId))}>
              {t('chat.askRating')}
            </button>
            <button className="console-button" type="button" aria-haspopup="dialog" onClick={onTransfer}>
              {t('transfer.button')}
            </button>
            <button className="console-button" type="button" onClick={() => act(desk.close(sessionId))}>
              {t('chat.close')}
            </button>
            <button className="console-button" type="button" onClick={() => act(desk.refuse(sessionId))}>
              {t('chat.refuse')}
            </button>
          </div>
        ) : null}
      </header>
      {chat?.transferredFrom ? (
        <div className="console-transfer-note" role="note" aria-label={t('transfer.noteLabel')}>
          <strong>{t('transfer.from', { name: chat.transferredFrom })}</strong>
          {chat.transferNote ? <p dir="auto">{chat.transferNote}</p> : null}
        </div>
      ) : null}
      {detail ? <ConversationActions detail={detail} mine={mine} /> : null}
      <div className="console-messages">
        <MessageList
          messages={timeline(
            conversation.messages
              .filter((message) => !deleting.includes(message.id))
              .map((message) => toMessage(message, visitorName, faqRead)),
            detail?.notes ?? [],
          )}
          renderMessage={renderMessage}
        />
      </div>
      {chat?.visitorTyping && open ? (
        <div className="console-typing">
          <Typing label={t('chat.typing', { name: visitorName })} />
          <span className="console-typing__preview" dir="auto">
            {chat.visitorTyping}
          </span>
        </div>
      ) : null}
      {open ? (
        <fieldset className="console-modes">
          <legend className="parley-visually-hidden">{t('inbox.writeMode')}</legend>
          <button
            type="button"
            className="console-button console-button--small console-toggle"
            aria-pressed={mode === 'reply'}
            onClick={() => setMode('reply')}
          >
            {t('inbox.reply')}
          </button>
          <button
            type="button"
            className="console-button console-button--small console-toggle"
            aria-pressed={mode === 'note'}
            aria-keyshortcuts="n"
            data-action="note"
            onClick={() => setMode('note')}
          >
            {t('inbox.privateNote')}
          </button>
        </fieldset>
      ) : (
        <div className="console-ended">
          <p className="console-empty">
            {row?.live && row.assignee?.id !== agentId ? t('inbox.notYours') : t('chat.ended')}
          </p>
          {emailTo ? (
            // The visitor is gone but left an address: the answer can still reach them.
            <button
              className="console-button"
              type="button"
              aria-haspopup="dialog"
              onClick={() => setEmailing(true)}
            >
              {t('emailReply.button')}
            </button>
          ) : null}
        </div>
      )}
      {emailing && emailTo ? (
        <EmailReplyDialog
          sessionId={sessionId}
          to={emailTo}
          visitorName={visitorName}
          onClose={() => setEmailing(false)}
        />
      ) : null}
      {writing === 'reply' ? (
        <ReplyBox
          value={draft}
          onChange={(text) => desk.setDraft(sessionId, text)}
          replies={canned}
          fill={(text) =>
            fillVariables(text, {
              visitorName: chat?.visitorName ?? '',
              email: chat?.email ?? '',
              agentName: agentNick,
            })
          }
          onTyping={typing}
          onSend={(text) => void desk.send(sessionId, text)}
          onFiles={async (files) => {
            for (const file of files) await act(desk.sendFile(sessionId, file));
          }}
        />
      ) : (
        <NoteBox sessionId={sessionId} />
      )}
    </section>
  );
}
