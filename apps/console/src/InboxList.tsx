import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  INBOX_VIEWS,
  type InboxRow,
  SenderType,
} from '@parley/chat-protocol';
import { type FormEvent, useEffect, useState } from 'react';
import { useDesk, useDeskState } from './desk.js';
import { InboxFilter } from './InboxFilter.js';
import { useI18n } from './i18n/I18nProvider.js';
import { PRIORITY_KEYS, STATUS_KEYS, VIEW_KEYS } from './inboxKeys.js';
import { displayName } from './names.js';
import { type InboxSearch, useGo } from './navigation.js';
import { VerifiedBadge } from './VerifiedBadge.js';

/** Now, again every `ms`: for waiting times that grow while on screen. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Whole minutes, hours or days, short. */
function useDuration() {
  const { t } = useI18n();
  return (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    if (minutes < 60) return t('inbox.minutes', { count: minutes });
    const hours = Math.floor(minutes / 60);
    return hours < 48
      ? t('inbox.hours', { count: hours })
      : t('inbox.days', { count: Math.floor(hours / 24) });
  };
}

export const rowId = (sessionId: string) => `console-row-${sessionId}`;

/**
 * The inbox: whose conversations (mine, unassigned, all, with their counts), which status, label
 * and order, a search over every conversation; then the rows, each with the visitor, the last
 * message, unread count, waiting time (marked past the channel's target), channel, assignee,
 * labels, priority and rating. A row opens its conversation.
 */
export function InboxList({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (sessionId: string, messageId?: string | null) => void;
}) {
  const { t, formatDateTime } = useI18n();
  const desk = useDesk();
  const go = useGo();
  const inbox = useDeskState((snapshot) => snapshot.inbox);
  const chats = useDeskState((snapshot) => snapshot.chats);
  const [text, setText] = useState('');
  const now = useNow();
  const duration = useDuration();
  const { query } = inbox;

  // The list itself loads as the URL asks (Workspace.tsx); the labels to filter by, here.
  useEffect(() => {
    void desk.inbox.labels();
  }, [desk]);
  // The search box shows the URL's search (a link, Back).
  const searched = inbox.search?.q;
  useEffect(() => {
    if (searched !== undefined) setText(searched);
  }, [searched]);

  /** Another list: a new URL, whose filters the workspace loads. */
  const show = (change: Partial<InboxSearch>) => {
    void go.filter(change);
    if (change.label !== undefined) void desk.inbox.labels();
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    void go.filter({ q: text.trim() || undefined });
  };

  const typing = new Set(chats.filter((chat) => chat.visitorTyping).map((chat) => chat.sessionId));
  const row = (one: InboxRow, hit?: { messageId: string | null; noteId: string | null; snippet: string }) => {
    const waiting = one.waitingSince === null ? null : now - one.waitingSince;
    const late = waiting !== null && waiting > one.replyTargetMs;
    const last = one.lastMessage;
    return (
      <li key={one.sessionId} id={rowId(one.sessionId)} className="console-item console-inbox-row">
        <button
          type="button"
          className="console-chat-link"
          aria-current={one.sessionId === selected ? 'true' : undefined}
          onClick={() =>
            onSelect(one.sessionId, hit?.messageId ?? (hit?.noteId ? `note:${hit.noteId}` : null))
          }
        >
          <span className="console-inbox-row__top">
            <bdi className="console-inbox-row__name">{displayName(one)}</bdi>
            <VerifiedBadge visitor={one} />
            {one.priority !== 'none' ? (
              <span className="console-badge" data-priority={one.priority}>
                {t(PRIORITY_KEYS[one.priority])}
              </span>
            ) : null}
            {one.unread > 0 ? (
              <span className="console-badge console-badge--unread">
                {t('inbox.unread', { count: one.unread })}
              </span>
            ) : null}
          </span>
          <span className="console-inbox-row__text" dir="auto">
            {typing.has(one.sessionId)
              ? t('inbox.typing')
              : hit
                ? hit.snippet
                : last
                  ? `${last.senderType === SenderType.agent ? `${t('inbox.you')}: ` : ''}${last.text || t('inbox.file')}`
                  : ''}
          </span>
          <span className="console-inbox-row__meta">
            <bdi>{one.channelId}</bdi>
            {' · '}
            {one.assignee ? <bdi>{one.assignee.nick}</bdi> : t('inbox.nobody')}
            {' · '}
            <time dateTime={new Date(one.lastActivityAt).toISOString()}>
              {formatDateTime(one.lastActivityAt)}
            </time>
            {waiting !== null && one.status !== 'resolved' ? (
              <span className="console-inbox-row__waiting" data-late={late || undefined}>
                {' · '}
                {t(late ? 'inbox.waitingLate' : 'inbox.waiting', { time: duration(waiting) })}
              </span>
            ) : null}
            {one.rating ? <span> · {t('inbox.rated', { star: one.rating.star })}</span> : null}
          </span>
          {one.labels.length > 0 ? (
            <span className="console-inbox-row__labels">
              {one.labels.map((label) => (
                <span key={label} className="console-label">
                  {label}
                </span>
              ))}
            </span>
          ) : null}
        </button>
      </li>
    );
  };

  return (
    <section className="console-inbox" aria-label={t('inbox.title')}>
      <search>
        <form className="console-inbox__search" onSubmit={search}>
          <input
            id="console-search"
            type="search"
            className="console-input"
            aria-label={t('inbox.search')}
            placeholder={t('inbox.searchPlaceholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (!event.target.value) void go.filter({ q: undefined });
            }}
          />
          <button className="console-button" type="submit">
            {t('inbox.searchButton')}
          </button>
        </form>
      </search>
      {inbox.search ? (
        <>
          <p className="console-hint" role="status">
            {inbox.search.loading
              ? t('inbox.searching')
              : t('inbox.found', { count: inbox.search.hits.length, query: inbox.search.q })}{' '}
            <button
              className="console-button console-button--small"
              type="button"
              onClick={() => {
                setText('');
                void go.filter({ q: undefined });
              }}
            >
              {t('inbox.clearSearch')}
            </button>
          </p>
          <ul>{inbox.search.hits.map((hit) => row(hit.conversation, hit))}</ul>
        </>
      ) : (
        <>
          <fieldset className="console-inbox__views">
            <legend className="parley-visually-hidden">{t('inbox.views')}</legend>
            {INBOX_VIEWS.map((view) => (
              <button
                key={view}
                type="button"
                className="console-button console-button--small console-toggle"
                aria-pressed={query.view === view}
                onClick={() => show({ view })}
              >
                {t(VIEW_KEYS[view])} <span className="console-count">{inbox.counts[view]}</span>
              </button>
            ))}
          </fieldset>
          <div className="console-inbox__filters">
            <InboxFilter
              name={t('inbox.status')}
              value={query.status ?? 'active'}
              choices={[
                { value: 'active', label: t('inbox.statusActive') },
                ...CONVERSATION_STATUSES.map((status) => ({ value: status, label: t(STATUS_KEYS[status]) })),
              ]}
              onChoose={(status) => show({ status: status as ConversationStatus | 'active' })}
            />
            <InboxFilter
              name={t('inbox.label')}
              value={query.label ?? ''}
              choices={[
                { value: '', label: t('inbox.anyLabel') },
                ...inbox.labels.map(({ label, count }) => ({ value: label, label, count })),
              ]}
              onChoose={(label) => show({ label: label || undefined })}
            />
            <InboxFilter
              name={t('inbox.sort')}
              value={query.sort ?? 'activity'}
              choices={[
                { value: 'activity', label: t('inbox.sortActivity') },
                { value: 'waiting', label: t('inbox.sortWaiting') },
              ]}
              onChoose={(sort) => show({ sort: sort as 'activity' | 'waiting' })}
            />
          </div>
          {inbox.failed ? <p className="console-error">{t('inbox.failed')}</p> : null}
          {inbox.rows.length === 0 && !inbox.loading ? (
            <p className="console-empty">{t('inbox.empty')}</p>
          ) : null}
          <ul>{inbox.rows.map((one) => row(one))}</ul>
          {inbox.next ? (
            <button className="console-button" type="button" onClick={() => void desk.inbox.more()}>
              {t('inbox.more')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
