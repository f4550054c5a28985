import { ErrorCode } from '@parley/chat-protocol';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ApiError, api, type Chat, type EarlierChat, type VisitorProfile } from './api.js';
import { EarlierChatDialog } from './EarlierChatDialog.js';
import { useI18n } from './i18n/I18nProvider.js';
import { useReport } from './report.js';
import { VerifiedBadge } from './VerifiedBadge.js';
import { languageName, localTime, webLink } from './visitorDetails.js';

/** How often the visitor's local time is written again: within a few seconds of their clock. */
const CLOCK_MS = 5000;

/** The time now, again every `ms`. */
function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** One line of the panel; the caller leaves out what the visitor did not tell. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console-visitor__detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * An address as told: cut to one line on screen, whole in the text (what screen readers read) and
 * in its tooltip; a link only when it is http(s).
 */
function Address({ address }: { address: string }) {
  const href = webLink(address);
  return href ? (
    <a
      className="console-visitor__address"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={address}
      dir="ltr"
    >
      {address}
    </a>
  ) : (
    <span className="console-visitor__address" title={address} dir="ltr">
      {address}
    </span>
  );
}

/**
 * Beside the open chat: who the visitor is (name, email, phone, verified identity), the page the
 * chat was opened on and the one before it, their language and their local time (a live clock in
 * their time zone), and their earlier chats on the agent's channels, each opening read-only.
 * Anything the visitor's page or form did not tell is left out.
 */
export function VisitorPanel({
  sessionId,
  chat,
  visitorName,
  now: fixedNow,
  id,
  open,
}: {
  /** The panel's id, for the phone's button that shows it. */
  id?: string;
  /** On a phone, whether it is shown in the conversation's place (elsewhere it is always beside it). */
  open?: boolean;
  /** The open chat's session: whose visitor profile and earlier chats are read. */
  sessionId: string;
  /** The open chat from the desk; when its name, email or phone change, the profile is read again. */
  chat: Chat | undefined;
  /** The name the conversation shows for its visitor (theirs, or the one made from their id). */
  visitorName?: string;
  /** The time the visitor's local time is written for, in place of the live clock (stories). */
  now?: number;
}) {
  const { t, locale, formatDateTime } = useI18n();
  const report = useReport();
  const liveNow = useNow(CLOCK_MS);
  const now = fixedNow ?? liveNow;
  const titleId = useId();
  const itemId = useId();
  const [shown, setShown] = useState<{ sessionId: string; visitor: VisitorProfile } | null>(null);
  const [reading, setReading] = useState<EarlierChat | null>(null);
  /** The conversation is one the agent reads but does not have (a left message, a colleague's). */
  const [notTheirs, setNotTheirs] = useState<string | null>(null);
  // The pre-chat form can change these while the chat is open: the panel reads the visitor again.
  const told = [chat?.visitorName, chat?.email, chat?.phone].join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `told` changing is the reason to read again
  useEffect(() => {
    let current = true;
    api.visitor(sessionId).then(
      (visitor) => current && setShown({ sessionId, visitor }),
      (error: unknown) => {
        if (!current) return;
        // Only the agent who has the chat reads its visitor: for any other, the panel stays away.
        if (error instanceof ApiError && error.code === ErrorCode.forbidden) setNotTheirs(sessionId);
        else report(error);
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId, told, report]);

  const visitor = shown?.sessionId === sessionId ? shown.visitor : null;
  if (notTheirs === sessionId) return null;
  const clock = visitor?.timeZone ? localTime(now, visitor.timeZone, locale) : null;
  const language = visitor?.language ? languageName(visitor.language, locale) : null;

  return (
    <aside className="console-visitor" id={id} data-open={open} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('visitor.title')}</h2>
      {visitor ? (
        <>
          <dl className="console-visitor__details">
            {visitor.name ? (
              <Detail label={t('visitor.name')}>
                <bdi>{visitor.name}</bdi>
              </Detail>
            ) : null}
            {visitor.verified ? (
              <Detail label={t('visitor.identity')}>
                <VerifiedBadge visitor={visitor} />
              </Detail>
            ) : null}
            {visitor.email ? (
              <Detail label={t('visitor.email')}>
                <bdi>{visitor.email}</bdi>
              </Detail>
            ) : null}
            {visitor.phone ? (
              <Detail label={t('visitor.phone')}>
                <bdi>{visitor.phone}</bdi>
              </Detail>
            ) : null}
            {visitor.pageUrl ? (
              <Detail label={t('visitor.page')}>
                <Address address={visitor.pageUrl} />
              </Detail>
            ) : null}
            {visitor.referrer ? (
              <Detail label={t('visitor.referrer')}>
                <Address address={visitor.referrer} />
              </Detail>
            ) : null}
            {language && visitor.language ? (
              <Detail label={t('visitor.language')}>
                <bdi>{language}</bdi>
                {language !== visitor.language ? (
                  <span className="console-visitor__code" dir="ltr">
                    {' '}
                    {visitor.language}
                  </span>
                ) : null}
              </Detail>
            ) : null}
            {clock && visitor.timeZone ? (
              <Detail label={t('visitor.localTime')}>
                <span className="console-visitor__clock">{clock}</span>{' '}
                <span className="console-visitor__code" dir="ltr">
                  {visitor.timeZone}
                </span>
              </Detail>
            ) : null}
          </dl>
          <h3>{t('visitor.earlierChats')}</h3>
          {visitor.earlierChats.length === 0 ? (
            <p className="console-empty">{t('visitor.noEarlierChats')}</p>
          ) : (
            <ul className="console-visitor__earlier">
              {visitor.earlierChats.map((earlier) => (
                <li key={earlier.sessionId} className="console-item">
                  <span id={`${itemId}-${earlier.sessionId}`}>
                    <time dateTime={new Date(earlier.startedAt).toISOString()}>
                      {formatDateTime(earlier.startedAt)}
                    </time>{' '}
                    · <bdi>{earlier.agentNick ?? t('visitor.noAgent')}</bdi> · <bdi>{earlier.channelId}</bdi>
                    {earlier.rating ? <> · {t('chat.rated', { star: earlier.rating.star })}</> : null}
                  </span>
                  {earlier.firstMessage ? (
                    <span className="console-visitor__preview" dir="auto">
                      {earlier.firstMessage}
                    </span>
                  ) : null}
                  <span className="console-item__actions">
                    <span className="console-hint">
                      {t('visitor.messageCount', { count: earlier.messageCount })}
                    </span>
                    <button
                      className="console-button console-button--small"
                      type="button"
                      aria-haspopup="dialog"
                      aria-describedby={`${itemId}-${earlier.sessionId}`}
                      onClick={() => setReading(earlier)}
                    >
                      {t('visitor.openChat')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="console-hint" role="status">
          {t('visitor.loading')}
        </p>
      )}
      {reading ? (
        <EarlierChatDialog
          sessionId={sessionId}
          earlier={reading}
          visitorName={visitor?.name || visitorName || t('chat.visitor')}
          onClose={() => setReading(null)}
        />
      ) : null}
    </aside>
  );
}
