import { ErrorCode } from '@parley/chat-protocol';
import { Field, Input, Select, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from './api.js';
import { ConsoleModal } from './ConsoleModal.js';
import {
  CANNED_NAME_MAX,
  CANNED_TEXT_MAX,
  type CannedReply,
  importStoredReplies,
  useCannedReplies,
} from './canned.js';
import { cannedVariablesHint } from './cannedVariables.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';

/** How many replies the server keeps per agent and channel. */
const CANNED_PER_CHANNEL = 200;

/**
 * The sidebar's "Canned replies" section and its panel: the replies of one of the agent's channels
 * (the open chat's by default), each with a short name and a text, to add, edit and delete. The
 * reply box offers them after a `/`. Replies an earlier version kept in this browser move to the
 * server once, when the agent's workspace opens.
 */
export function CannedReplies({
  agentId,
  channels,
  channelId,
}: {
  agentId: string;
  channels: readonly string[];
  /** The open chat's channel, shown first. */
  channelId: string | undefined;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const channelList = channels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the channels as a value, not the array's identity
  useEffect(() => {
    importStoredReplies(agentId, channels).catch((error: unknown) =>
      console.warn('[parley] stored canned replies not imported', error),
    );
  }, [agentId, channelList]);
  return (
    <section aria-labelledby="console-canned-title">
      <h2 id="console-canned-title">
        {t('canned.title')}{' '}
        <button className="console-button console-button--small" type="button" onClick={() => setOpen(true)}>
          {t('canned.manage')}
        </button>
      </h2>
      <p className="console-hint">{t('canned.hint')}</p>
      {open ? (
        <CannedPanel
          agentId={agentId}
          channels={channels}
          initialChannel={channelId ?? channels[0]}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

function CannedPanel({
  agentId,
  channels,
  initialChannel,
  onClose,
}: {
  agentId: string;
  channels: readonly string[];
  initialChannel: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const [channel, setChannel] = useState(initialChannel);
  const { replies, failure, add, update, remove: removeReply } = useCannedReplies(agentId, channel);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  // A refusal as a message key, not its text: the message follows a change of language.
  const [error, setError] = useState<'name' | 'text' | { key: MessageKey; params?: Params } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const idPrefix = useId();

  const reset = () => {
    setEditing(null);
    setName('');
    setText('');
    setError(null);
  };
  // Another channel: another list, and a fresh form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the channel changes
  useEffect(reset, [channel]);

  const edit = (reply: CannedReply) => {
    setEditing(reply.id);
    setName(reply.name);
    setText(reply.text);
    setError(null);
    setStatus('');
    nameInput.current?.focus();
  };

  /** Runs a change on the server; a refusal is said in the panel. */
  const attempt = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (refusal) {
      setError(
        refusal instanceof ApiError && refusal.code === ErrorCode.conflict
          ? { key: 'canned.full', params: { max: CANNED_PER_CHANNEL } }
          : { key: 'errors.failed', params: { message: messageOf(refusal) } },
      );
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async (reply: CannedReply) => {
    setError(null);
    if (!(await attempt(() => removeReply(reply.id)))) return;
    if (editing === reply.id) reset();
    setStatus(t('canned.deleted', { name: reply.name }));
    nameInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const cleanName = name.trim();
    const cleanText = text.trim();
    if (!cleanName) {
      setError('name');
      nameInput.current?.focus();
      return;
    }
    if (!cleanText) {
      setError('text');
      return;
    }
    setError(null);
    const saved = await attempt(() =>
      editing ? update(editing, cleanName, cleanText) : add(cleanName, cleanText),
    );
    if (!saved) return;
    reset();
    setStatus(t('canned.saved', { name: cleanName }));
    nameInput.current?.focus();
  };

  return (
    <ConsoleModal
      onClose={onClose}
      title={t('canned.title')}
      description={t('canned.hint')}
      initialFocus={nameInput}
      className="console-canned-panel"
    >
      {channels.length > 1 ? (
        <Field label={t('canned.channel')}>
          <Select
            value={channel}
            onChange={(event) => setChannel(event.target.value)}
            options={channels.map((value) => ({ value, label: value }))}
          />
        </Field>
      ) : null}
      {replies === null ? (
        failure ? (
          <p className="console-error" role="alert">
            {t('errors.failed', { message: failure })}
          </p>
        ) : (
          <p className="console-hint" role="status">
            {t('canned.loading')}
          </p>
        )
      ) : replies.length === 0 ? (
        <p className="console-empty">{t('canned.empty')}</p>
      ) : (
        <ul className="console-canned-replies">
          {replies.map((reply) => (
            <li key={reply.id} className="console-canned-reply">
              <strong id={`${idPrefix}-${reply.id}`} dir="auto">
                {reply.name}
              </strong>
              <span className="console-canned-reply__text" dir="auto">
                {reply.text}
              </span>
              <span className="console-item__actions">
                <button
                  className="console-button console-button--small"
                  type="button"
                  aria-describedby={`${idPrefix}-${reply.id}`}
                  onClick={() => edit(reply)}
                >
                  {t('canned.edit')}
                </button>
                <button
                  className="console-button console-button--small"
                  type="button"
                  aria-describedby={`${idPrefix}-${reply.id}`}
                  onClick={() => remove(reply)}
                >
                  {t('canned.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="console-form" onSubmit={submit} noValidate>
        <Field
          label={t('canned.name')}
          required
          error={error === 'name' ? t('canned.nameMissing') : undefined}
        >
          <Input
            ref={nameInput}
            dir={name ? 'auto' : undefined}
            value={name}
            maxLength={CANNED_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field
          label={t('canned.text')}
          description={cannedVariablesHint(t)}
          required
          error={error === 'text' ? t('canned.textMissing') : undefined}
        >
          <Textarea
            dir={text ? 'auto' : undefined}
            value={text}
            rows={4}
            maxLength={CANNED_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        {typeof error === 'object' && error ? (
          <p className="console-error" role="alert">
            {t(error.key, error.params)}
          </p>
        ) : null}
        <div className="console-actions">
          <button className="console-button console-button--primary" type="submit" disabled={busy}>
            {editing ? t('canned.save') : t('canned.add')}
          </button>
          {editing ? (
            <button className="console-button" type="button" onClick={reset}>
              {t('canned.cancel')}
            </button>
          ) : null}
        </div>
        <p className="console-hint" role="status">
          {status}
        </p>
      </form>
    </ConsoleModal>
  );
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
