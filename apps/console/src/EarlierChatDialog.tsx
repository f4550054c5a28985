import { MessageList } from '@parley/chat-ui/MessageList';
import { useEffect, useState } from 'react';
import { api, type EarlierChat, type EarlierTranscript } from './api.js';
import { ConsoleModal } from './ConsoleModal.js';
import { renderContent, toMessage } from './chatRows.js';
import { useI18n } from './i18n/I18nProvider.js';

/** Nothing in an earlier chat is news: screen readers are not read each message as it appears. */
const silent = () => null;

/**
 * An earlier chat of the open chat's visitor, read-only: who had it, its rating and its messages,
 * with no reply box and no action.
 */
export function EarlierChatDialog({
  sessionId,
  earlier,
  visitorName,
  onClose,
}: {
  /** The open chat, through which the agent may read its visitor's earlier chats. */
  sessionId: string;
  earlier: EarlierChat;
  visitorName: string;
  onClose: () => void;
}) {
  const { t, formatDateTime } = useI18n();
  const [transcript, setTranscript] = useState<EarlierTranscript | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.earlierChat(sessionId, earlier.sessionId).then(
      (answer) => current && setTranscript(answer),
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [sessionId, earlier.sessionId]);

  return (
    <ConsoleModal
      onClose={onClose}
      title={t('visitor.transcriptTitle', { date: formatDateTime(earlier.startedAt) })}
      description={t('visitor.readOnly')}
      className="console-transcript"
    >
      <p className="console-hint">
        <bdi>{earlier.agentNick ?? t('visitor.noAgent')}</bdi> · <bdi>{earlier.channelId}</bdi>
        {transcript?.rating ? <> · {t('chat.rated', { star: transcript.rating.star })}</> : null}
      </p>
      {transcript ? (
        <div className="console-transcript__messages">
          <MessageList
            messages={transcript.messages.map((message) =>
              toMessage(message, visitorName, (title) => t('chat.faqRead', { name: visitorName, title })),
            )}
            renderContent={renderContent}
            getAnnouncement={silent}
          />
        </div>
      ) : failure ? (
        <p className="console-error" role="alert">
          {t('errors.failed', { message: failure })}
        </p>
      ) : (
        <p className="console-hint" role="status">
          {t('visitor.loading')}
        </p>
      )}
    </ConsoleModal>
  );
}
