import { ErrorCode } from '@parley/chat-protocol';
import { Field, Radio, RadioGroup, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, type Chat, type Colleague, type TransferGroup } from './api.js';
import { ConsoleModal, DialogActions } from './ConsoleModal.js';
import { useDesk } from './desk.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';
import { displayName } from './names.js';

/** The longest note the server keeps. */
export const TRANSFER_NOTE_MAX = 500;

/**
 * Hands the chat to a colleague or to a group of its channel: the online colleagues of the chat's
 * channel and its groups (those without a free slot shown but not choosable), an optional note,
 * and the transfer. A group goes to its member with most free slots. A refusal says why in the
 * dialog (the chat ended, the colleague or group left or filled up, the chat is not this agent's
 * any more) and refreshes the lists.
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
  const desk = useDesk();
  const [colleagues, setColleagues] = useState<Colleague[] | null>(null);
  const [groups, setGroups] = useState<TransferGroup[]>([]);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The failure, not its text: the message follows a change of language.
  const [error, setError] = useState<{ key: MessageKey; params?: Params } | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [all, allGroups] = await Promise.all([api.colleagues(), api.groups()]);
      const here = all.filter(
        (colleague) => colleague.online && (colleague.channels?.includes(chat.channelId) ?? true),
      );
      const groupsHere = allGroups.filter((group) => group.channelId === chat.channelId);
      setColleagues(here);
      setGroups(groupsHere);
      setChosen((current) =>
        current &&
        (current.kind === 'agent'
          ? here.some((c) => c.id === current.id && c.free)
          : groupsHere.some((g) => g.groupId === current.id && g.free > 0))
          ? current
          : null,
      );
      return { colleagues: here, groups: groupsHere };
    } catch (failure) {
      setColleagues([]);
      setGroups([]);
      setError({ key: 'errors.failed', params: { message: messageOf(failure) } });
      return null;
    }
  }, [chat.channelId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || busy) return;
    const colleague = chosen.kind === 'agent' ? colleagues?.find((c) => c.id === chosen.id) : undefined;
    const group = chosen.kind === 'group' ? groups.find((g) => g.groupId === chosen.id) : undefined;
    if (!colleague && !group) return;
    setBusy(true);
    setError(null);
    const done = await desk.transfer(
      chat.sessionId,
      group ? { groupId: group.groupId } : { agentId: chosen.id },
      note.trim() || undefined,
    );
    if (done.ok) {
      onTransferred(done.data.to);
      return;
    }
    const failure = done.error;
    const code = failure instanceof ApiError ? failure.code : 0;
    if (code === ErrorCode.conflict) {
      // The chat ended, or the colleague or group has no free slot any more: the fresh lists tell which.
      const now = await refresh();
      const stillFree = group
        ? now?.groups.some((g) => g.groupId === group.groupId && g.free > 0)
        : now?.colleagues.some((c) => c.id === chosen.id && c.free);
      setError(
        stillFree
          ? { key: 'transfer.ended' }
          : group
            ? { key: 'transfer.groupFull', params: { group: group.groupName } }
            : { key: 'transfer.full', params: { nick: colleague?.nick ?? '' } },
      );
    } else if (code === ErrorCode.notFound) {
      await refresh();
      setError(
        group
          ? { key: 'transfer.groupGone', params: { group: group.groupName } }
          : { key: 'transfer.gone', params: { nick: colleague?.nick ?? '' } },
      );
    } else if (code === ErrorCode.forbidden) {
      setError({ key: 'transfer.forbidden' });
    } else {
      setError({ key: 'errors.failed', params: { message: messageOf(failure) } });
    }
    setBusy(false);
  };

  // The name the inbox shows: the visitor's, else the one made from their id.
  const visitorName = displayName(chat);
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
        ) : colleagues.length === 0 && groups.length === 0 ? (
          <p className="console-hint" role="status">
            {t('transfer.none')}
          </p>
        ) : (
          <>
            {groups.length > 0 ? (
              <Field label={t('transfer.group')}>
                <RadioGroup
                  value={chosen?.kind === 'group' ? chosen.id : null}
                  onValueChange={(id) => setChosen({ kind: 'group', id })}
                >
                  {groups.map((group) => (
                    <Radio
                      key={group.groupId}
                      value={group.groupId}
                      disabled={group.free === 0}
                      label={<bdi>{group.groupName}</bdi>}
                      description={
                        group.free > 0
                          ? t('transfer.free')
                          : group.online > 0
                            ? t('transfer.busy')
                            : t('transfer.nobody')
                      }
                    />
                  ))}
                </RadioGroup>
              </Field>
            ) : null}
            {colleagues.length > 0 ? (
              <Field label={t('transfer.colleague')}>
                <RadioGroup
                  value={chosen?.kind === 'agent' ? chosen.id : null}
                  onValueChange={(id) => setChosen({ kind: 'agent', id })}
                >
                  {colleagues.map((colleague) => (
                    <Radio
                      key={colleague.id}
                      value={colleague.id}
                      disabled={!colleague.free}
                      label={<bdi>{colleague.nick}</bdi>}
                      description={
                        colleague.free
                          ? t('transfer.free')
                          : colleague.status === 'away'
                            ? t('transfer.away')
                            : t('transfer.busy')
                      }
                    />
                  ))}
                </RadioGroup>
              </Field>
            ) : null}
          </>
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
        <DialogActions
          failure={error && t(error.key, error.params)}
          submitLabel={t('transfer.submit')}
          submitDisabled={!chosen || busy}
          cancelLabel={t('transfer.cancel')}
          onCancel={onClose}
        />
      </form>
    </ConsoleModal>
  );
}

/** What the agent picked: a group or a colleague, by id. */
type Choice = { kind: 'group' | 'agent'; id: string };

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
