import { Link } from '@tanstack/react-router';
import { useT } from './i18n/I18nProvider.js';
import { keepInbox } from './navigation.js';

export interface RailProps {
  /** The agent's open conversations (the inbox's "Mine"): shown when there are any. */
  inboxCount: number;
  /** Mentions the agent has not seen yet: shown when there are any. */
  unseenMentions: number;
  /** Administrators also reach the reports and the administration. */
  isAdmin: boolean;
}

/**
 * The console's navigation rail: the inbox, mentions and, for administrators, reports and the
 * administration; each a link that keeps the inbox's filters, the current one marked.
 *
 * @example
 * <Rail inboxCount={3} unseenMentions={1} isAdmin={agent.role === 'admin'} />
 */
export function Rail({ inboxCount, unseenMentions, isAdmin }: RailProps) {
  const t = useT();
  return (
    <nav className="console-rail" aria-label={t('rail.title')}>
      <ul>
        <li>
          <Link to="/" search={keepInbox} className="console-rail__link" activeOptions={{ exact: true }}>
            {t('palette.inbox')}
            {inboxCount > 0 ? (
              <>
                {' '}
                <span className="console-count">{inboxCount}</span>
              </>
            ) : null}
          </Link>
        </li>
        <li>
          <Link to="/mentions" search={keepInbox} className="console-rail__link">
            {t('mentions.title')}
            {unseenMentions > 0 ? (
              <>
                {' '}
                <span className="console-badge console-badge--unread">
                  {t('inbox.unread', { count: unseenMentions })}
                </span>
              </>
            ) : null}
          </Link>
        </li>
        {isAdmin ? (
          // The team leads' (administrators'): the server refuses their calls to others.
          <>
            <li>
              <Link to="/reports" search={keepInbox} className="console-rail__link">
                {t('reports.title')}
              </Link>
            </li>
            <li>
              <Link to="/settings" search={keepInbox} className="console-rail__link">
                {t('admin.title')}
              </Link>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
}
