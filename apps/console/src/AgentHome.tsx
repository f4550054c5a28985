import type { AgentDay } from '@parley/chat-protocol';
import { useEffect, useState } from 'react';
import { useDesk, useDeskState } from './desk.js';
import { useT } from './i18n/I18nProvider.js';

/** The start of today in the agent's time zone, ms. */
const startOfDay = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();

/** A duration as whole seconds or minutes, short. */
function useShortDuration() {
  const t = useT();
  return (ms: number) => {
    const seconds = Math.round(ms / 1000);
    return seconds < 120
      ? t('home.seconds', { count: seconds })
      : t('inbox.minutes', { count: Math.round(seconds / 60) });
  };
}

/**
 * The agent's home, while no conversation is open: their open conversations, the queue, and their
 * own day (chats ended, median first reply, rating average), loaded again as the inbox moves.
 */
export function AgentHome() {
  const t = useT();
  const desk = useDesk();
  const mine = useDeskState((snapshot) => snapshot.inbox.counts.mine);
  const queued = useDeskState((snapshot) => snapshot.queue.length);
  const rows = useDeskState((snapshot) => snapshot.inbox.rows);
  const [day, setDay] = useState<AgentDay | null>(null);
  const duration = useShortDuration();

  // Loaded again whenever the inbox's rows change (a chat ended, a rating came).
  useEffect(() => {
    let current = true;
    void rows;
    desk.api('today', { query: { since: String(startOfDay()) } }).then(
      (answer) => current && setDay(answer),
      () => current && setDay(null),
    );
    return () => {
      current = false;
    };
  }, [desk, rows]);

  return (
    <section className="console-home" aria-labelledby="console-home-title">
      <h2 id="console-home-title">{t('home.title')}</h2>
      <ul>
        <li>{t('home.open', { count: mine })}</li>
        <li>{t('home.queue', { count: queued })}</li>
        {day ? (
          <>
            <li>{t('home.handled', { count: day.handled })}</li>
            <li>
              {day.medianFirstResponseMs === null
                ? t('home.noFirstReply')
                : t('home.firstReply', { time: duration(day.medianFirstResponseMs) })}
            </li>
            <li>
              {day.ratingAverage === null
                ? t('home.noRating')
                : t('home.rating', { average: day.ratingAverage, count: day.ratings })}
            </li>
          </>
        ) : null}
      </ul>
      <p className="console-empty">{t('workspace.pick')}</p>
    </section>
  );
}
