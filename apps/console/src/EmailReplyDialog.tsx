import { EMAIL_REPLY_MAX, ErrorCode } from '@parley/chat-protocol';
import { Field, Textarea } from '@parley/chat-ui/Form';
import { toast } from '@parley/chat-ui/Toast';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from './api.js';
import { ConsoleModal, DialogActions } from './ConsoleModal.js';
import { useDesk } from './desk.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';

/**
 * Answers a conversation whose visitor is gone (a left message, an ended chat) by email, to the
 * address the server named (`emailTo`). Once the mail is queued the dialog closes and the answer
 * shows in the conversation, marked as sent by email; a refusal says why in the dialog.
 */
export function EmailReplyDialog({
  sessionId,
  to,
  visitorName,
  onClose,
}: {
  sessionId: string;
  to: string;
  visitorName: string;
  onClose: () => void;
}) {
  const t = useT();
  const desk = useDesk();
  const [text, setText] = useState('');
  const answer = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  // The failure, not its text: the message follows a change of language.
  const [error, setError] = useState<{ key: MessageKey; params?: Params } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError({ key: 'emailReply.empty' });
      answer.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const sent = await desk.inbox.replyByEmail(sessionId, text);
    if (sent.ok) {
      toast.success(t('emailReply.sent', { email: sent.data.to }));
      onClose();
      return;
    }
    const code = sent.error instanceof ApiError ? sent.error.code : 0;
    setError(
      code === ErrorCode.unavailable
        ? { key: 'emailReply.notSetUp' }
        : code === ErrorCode.conflict
          ? { key: 'emailReply.cannot' }
          : {
              key: 'errors.failed',
              params: { message: sent.error instanceof Error ? sent.error.message : String(sent.error) },
            },
    );
    setBusy(false);
  };

  return (
    <ConsoleModal
      onClose={onClose}
      title={t('emailReply.title', { name: visitorName })}
      description={t('emailReply.intro', { email: to })}
      initialFocus={answer}
      className="console-email-reply"
    >
      <form className="console-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <Field label={t('emailReply.text')} required>
          <Textarea
            ref={answer}
            dir={text ? 'auto' : undefined}
            value={text}
            rows={6}
            maxLength={EMAIL_REPLY_MAX}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
        </Field>
        <DialogActions
          failure={error && t(error.key, error.params)}
          submitLabel={t('emailReply.send')}
          submitDisabled={busy}
          cancelLabel={t('emailReply.cancel')}
          onCancel={onClose}
        />
      </form>
    </ConsoleModal>
  );
}
