import { useId } from 'react';
import { useDeskState } from './desk.js';
import { useI18n } from './i18n/I18nProvider.js';
import { displayName } from './names.js';

/**
 * The conversations whose private notes mention the agent, newest mention first: the visitor, the
 * colleague's note, when, and "New" until the agent has opened the conversation since. One opens
 * its conversation.
 */
export function Mentions({ onOpen, onClose }: { onOpen: (sessionId: string) => void; onClose: () => void }) {
  const { t, formatDateTime } = useI18n();
  const headingId = useId();
  const { entries } = useDeskState((snapshot) => snapshot.inbox.mentions);

  return (
    <section className="console-mentions" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('mentions.title')}{' '}
        <button className="console-button console-button--small" type="button" onClick={onClose}>
          {t('reports.close')}
        </button>
      </h2>
      {entries.length === 0 ? <p className="console-empty">{t('mentions.empty')}</p> : null}
      <ul>
        {entries.map(({ conversation, note, seen }) => (
          <li key={note.id} className="console-item console-inbox-row" data-seen={seen || undefined}>
            <button
              type="button"
              className="console-chat-link"
              onClick={() => onOpen(conversation.sessionId)}
            >
              <span className="console-inbox-row__top">
                <bdi className="console-inbox-row__name">{displayName(conversation)}</bdi>
                {seen ? null : (
                  <span className="console-badge console-badge--unread">{t('mentions.new')}</span>
                )}
              </span>
              <span className="console-inbox-row__text" dir="auto">
                <bdi>{note.agentNick}</bdi>: {note.body}
              </span>
              <span className="console-inbox-row__meta">
                <bdi>{conversation.channelId}</bdi>
                {' · '}
                <time dateTime={new Date(note.time).toISOString()}>{formatDateTime(note.time)}</time>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
