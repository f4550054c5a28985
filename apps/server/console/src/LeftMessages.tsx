import { useCallback, useEffect, useState } from 'react';
import { api, type LeftMessage } from './api.js';
import { useI18n } from './i18n/I18nProvider.js';
import { useReport } from './report.js';

/** Messages visitors left on the agent's channels, newest first. */
export function LeftMessages() {
  const { t, formatDateTime } = useI18n();
  const report = useReport();
  const [messages, setMessages] = useState<LeftMessage[]>([]);
  const refresh = useCallback(() => {
    api.leftMessages().then(setMessages, report);
  }, [report]);
  useEffect(refresh, [refresh]);
  return (
    <section aria-label={t('leftMessages.title')}>
      <h2>
        {t('leftMessages.title')}{' '}
        <button className="console-button console-button--small" type="button" onClick={refresh}>
          {t('leftMessages.refresh')}
        </button>
      </h2>
      {messages.length === 0 ? <p className="console-empty">{t('leftMessages.empty')}</p> : null}
      <ul>
        {messages.map((message) => (
          <li key={message.id} className="console-item">
            <span>
              <bdi>{message.name || t('chat.visitor')}</bdi> · <bdi>{message.channelId}</bdi> ·{' '}
              <bdi>
                <time dateTime={new Date(message.time).toISOString()}>{formatDateTime(message.time)}</time>
              </bdi>
            </span>
            <span>
              <bdi>{[message.email, message.phone].filter(Boolean).join(' · ')}</bdi>
            </span>
            <span dir="auto">{message.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
