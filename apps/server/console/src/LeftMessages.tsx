import { useCallback, useEffect, useState } from 'react';
import { api, type LeftMessage } from './api.js';
import { report } from './report.js';
import { strings } from './strings.js';

/** Messages visitors left on the agent's channels, newest first. */
export function LeftMessages() {
  const [messages, setMessages] = useState<LeftMessage[]>([]);
  const refresh = useCallback(() => {
    api.leftMessages().then(setMessages, report);
  }, []);
  useEffect(refresh, [refresh]);
  return (
    <section aria-label={strings.leftMessages}>
      <h2>
        {strings.leftMessages}{' '}
        <button className="console-button console-button--small" type="button" onClick={refresh}>
          {strings.refresh}
        </button>
      </h2>
      {messages.length === 0 ? <p className="console-empty">{strings.noLeftMessages}</p> : null}
      <ul>
        {messages.map((message) => (
          <li key={message.id} className="console-item">
            <span>
              {message.name || strings.visitor} · {message.channelId} ·{' '}
              {new Date(message.time).toLocaleString()}
            </span>
            <span>{[message.email, message.phone].filter(Boolean).join(' · ')}</span>
            <span>{message.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
