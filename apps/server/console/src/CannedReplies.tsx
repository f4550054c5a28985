import { Field, Input, Select, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConsoleModal } from './ConsoleModal.js';
import {
  CANNED_NAME_MAX,
  CANNED_TEXT_MAX,
  type CannedReply,
  newCannedId,
  useCannedReplies,
} from './canned.js';
import { useT } from './i18n/I18nProvider.js';

/**
 * The sidebar's "Canned replies" section and its panel: the replies of one of the agent's channels
 * (the open chat's by default), each with a short name and a text, to add, edit and delete. The
 * reply box offers them after a `/`.
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
  const [replies, save] = useCannedReplies(agentId, channel);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<'name' | 'text' | 'storage' | null>(null);
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

  const remove = (reply: CannedReply) => {
    if (!save(replies.filter((other) => other.id !== reply.id))) {
      setError('storage');
      return;
    }
    if (editing === reply.id) reset();
    setStatus(t('canned.deleted', { name: reply.name }));
    nameInput.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    const reply = { id: editing ?? newCannedId(), name: cleanName, text: cleanText };
    const next = editing
      ? replies.map((other) => (other.id === editing ? reply : other))
      : [...replies, reply];
    if (!save(next)) {
      setError('storage');
      return;
    }
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
      {replies.length === 0 ? (
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
        {error === 'storage' ? (
          <p className="console-error" role="alert">
            {t('canned.storageFailed')}
          </p>
        ) : null}
        <div className="console-actions">
          <button className="console-button console-button--primary" type="submit">
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
