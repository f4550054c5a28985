import { Field, Radio, RadioGroup, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, type Chat, type Colleague } from './api.js';
import { ConsoleModal } from './ConsoleModal.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';

/** The longest note the server keeps. */
export const TRANSFER_NOTE_MAX = 500;

/**
 * Hands the chat to a colleague: the online colleagues of the chat's channel (those without a
 * free slot shown but not choosable), an optional note for them, and the transfer. A refusal says
 * why in the dialog (the chat ended, the colleague left or filled up, the chat is not this agent's
 * any more) and refreshes the list.
 */
export function TransferDialog({
  chat,
  onClose,
  onTransferred,
}: {
  chat: Chat;
  onClose: () => void;
  onTransferred: (to: { id: string; nick: string }) => void;
}) {
  const t = useT();
  const [colleagues, setColleagues] = useState<Colleague[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The failure, not its text: the message follows a change of language.
  const [error, setError] = useState<{ key: MessageKey; params?: Params } | null>(null);

  const refresh = useCallback(async (): Promise<Colleague[] | null> => {
    try {
      const all = await api.colleagues();
      const here = all.filter(
        (colleague) => colleague.online && (colleague.channels?.includes(chat.channelId) ?? true),
      );
      setColleagues(here);
      setChosen((current) => (here.some((c) => c.id === current && c.free) ? current : null));
      return here;
    } catch (failure) {
      setColleagues([]);
      setError({ key: 'errors.failed', params: { message: messageOf(failure) } });
      return null;
    }
  }, [chat.channelId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const colleague = colleagues?.find((c) => c.id === chosen);
    if (!colleague || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { to } = await api.transfer(chat.sessionId, colleague.id, note.trim() || undefined);
      onTransferred(to);
      return;
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : 0;
      const nick = colleague.nick;
      if (code === 409) {
        // The chat ended, or the colleague has no free slot any more: the fresh list tells which.
        const now = await refresh();
        const stillFree = now?.some((c) => c.id === colleague.id && c.free);
        setError(stillFree ? { key: 'transfer.ended' } : { key: 'transfer.full', params: { nick } });
      } else if (code === 404) {
        await refresh();
        setError({ key: 'transfer.gone', params: { nick } });
      } else if (code === 403) {
        setError({ key: 'transfer.forbidden' });
      } else {
        setError({ key: 'errors.failed', params: { message: messageOf(failure) } });
      }
    }
    setBusy(false);
  };

  const visitorName = chat.visitorName || t('chat.visitor');
  return (
    <ConsoleModal
      onClose={onClose}
      title={t('transfer.title', { name: visitorName })}
      className="console-transfer"
    >
      <form className="console-form" onSubmit={submit} aria-busy={busy || undefined}>
        {colleagues === null ? (
          <p className="console-hint" role="status">
            {t('transfer.loading')}
          </p>
        ) : colleagues.length === 0 ? (
          <p className="console-hint" role="status">
            {t('transfer.none')}
          </p>
        ) : (
          <Field label={t('transfer.colleague')} required>
            <RadioGroup value={chosen} onValueChange={setChosen}>
              {colleagues.map((colleague) => (
                <Radio
                  key={colleague.id}
                  value={colleague.id}
                  disabled={!colleague.free}
                  label={<bdi>{colleague.nick}</bdi>}
                  description={colleague.free ? t('transfer.free') : t('transfer.busy')}
                />
              ))}
            </RadioGroup>
          </Field>
        )}
        <Field label={t('transfer.note')}>
          <Textarea
            dir={note ? 'auto' : undefined}
            value={note}
            rows={3}
            maxLength={TRANSFER_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        {error ? (
          <p className="console-error" role="alert">
            {t(error.key, error.params)}
          </p>
        ) : null}
        <div className="console-actions">
          <button className="console-button console-button--primary" type="submit" disabled={!chosen || busy}>
            {t('transfer.submit')}
          </button>
          <button className="console-button" type="button" onClick={onClose}>
            {t('transfer.cancel')}
          </button>
        </div>
      </form>
    </ConsoleModal>
  );
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
