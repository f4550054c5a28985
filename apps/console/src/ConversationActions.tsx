import type { ConversationDetail, Outcome } from '@parley/agent-core';
import { LABEL_MAX, NOTE_MAX, PRIORITIES, type Priority } from '@parley/chat-protocol';
import { Menu, MenuGroup, MenuItem, MenuRadioGroup, MenuRadioItem } from '@parley/chat-ui/Menu';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useDesk, useDeskState } from './desk.js';
import { useT } from './i18n/I18nProvider.js';
import { PRIORITY_KEYS, STATUS_KEYS } from './inboxKeys.js';
import { useReport } from './report.js';

const HOUR = 60 * 60 * 1000;

/** When a snooze of this choice ends: undefined for "until the visitor replies". */
export function snoozedUntil(choice: 'hour' | 'tomorrow' | 'reply'): number | undefined {
  return choice === 'hour' ? Date.now() + HOUR : choice === 'tomorrow' ? tomorrowMorning() : undefined;
}

/** Whether the agent may resolve it: resolving a live chat ends it, which only its assignee may. */
export const canResolve = (conversation: ConversationDetail['conversation'], mine: boolean) =>
  conversation.status !== 'resolved' && (mine || !conversation.live);

/** Tomorrow at 9:00 in the agent's time zone. */
export function tomorrowMorning(now = new Date()): number {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(9, 0, 0, 0);
  return next.getTime();
}

/**
 * A conversation's team status and labels: Resolve (or Reopen) at hand, the rest (pending,
 * snooze, priority) in a menu. Resolving a live chat ends it: only its assignee is offered that.
 */
export function ConversationActions({ detail, mine }: { detail: ConversationDetail; mine: boolean }) {
  const t = useT();
  const desk = useDesk();
  const report = useReport();
  const known = useDeskState((snapshot) => snapshot.inbox.labels);
  const [label, setLabel] = useState('');
  const listId = useId();
  const { conversation } = detail;
  const { sessionId, status } = conversation;

  const act = async (running: Promise<Outcome<unknown>>) => {
    const outcome = await running;
    if (!outcome.ok) report(outcome.error);
    return outcome.ok;
  };
  const addLabel = async (event: FormEvent) => {
    event.preventDefault();
    const next = label.trim();
    if (!next) return;
    if (await act(desk.inbox.setLabels(sessionId, [...conversation.labels, next]))) {
      setLabel('');
      void desk.inbox.labels();
    }
  };
  const snooze = (choice: 'hour' | 'tomorrow' | 'reply') =>
    void act(desk.inbox.setStatus(sessionId, 'snoozed', snoozedUntil(choice)));

  return (
    <div className="console-conversation__tools">
      <fieldset className="console-actions">
        <legend className="parley-visually-hidden">{t('inbox.statusActions')}</legend>
        <span className="console-badge" data-status={status}>
          {t(STATUS_KEYS[status])}
        </span>
        {canResolve(conversation, mine) ? (
          <button
            className="console-button console-button--primary"
            type="button"
            aria-keyshortcuts="e"
            onClick={() => act(desk.inbox.setStatus(sessionId, 'resolved'))}
          >
            {t('inbox.resolve')}
          </button>
        ) : null}
        {status !== 'open' ? (
          <button
            className="console-button"
            type="button"
            onClick={() => act(desk.inbox.setStatus(sessionId, 'open'))}
          >
            {t('inbox.reopen')}
          </button>
        ) : null}
        <Menu
          label={t('inbox.moreActions')}
          trigger={
            <button className="console-button" type="button" aria-keyshortcuts="s" data-action="snooze">
              {t('inbox.moreActions')}
            </button>
          }
        >
          {status === 'open' ? (
            <MenuItem onSelect={() => void act(desk.inbox.setStatus(sessionId, 'pending'))}>
              {t('inbox.markPending')}
            </MenuItem>
          ) : null}
          {status !== 'resolved' ? (
            <MenuGroup label={t('inbox.snooze')}>
              <MenuItem onSelect={() => snooze('hour')}>{t('inbox.snoozeHour')}</MenuItem>
              <MenuItem onSelect={() => snooze('tomorrow')}>{t('inbox.snoozeTomorrow')}</MenuItem>
              <MenuItem onSelect={() => snooze('reply')}>{t('inbox.snoozeReply')}</MenuItem>
            </MenuGroup>
          ) : null}
          <MenuRadioGroup
            label={t('inbox.priorityLabel')}
            value={conversation.priority}
            onValueChange={(priority) => void act(desk.inbox.setPriority(sessionId, priority as Priority))}
          >
            {PRIORITIES.map((priority) => (
              <MenuRadioItem key={priority} value={priority}>
                {t(PRIORITY_KEYS[priority])}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </Menu>
      </fieldset>
      <div className="console-labels">
        <ul aria-label={t('inbox.labels')}>
          {conversation.labels.map((one) => (
            <li key={one} className="console-label">
              {one}
              <button
                type="button"
                className="console-label__remove"
                aria-label={t('inbox.removeLabel', { label: one })}
                onClick={() =>
                  act(
                    desk.inbox.setLabels(
                      sessionId,
                      conversation.labels.filter((other) => other !== one),
                    ),
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={addLabel} className="console-labels__add">
          <input
            className="console-input"
            aria-label={t('inbox.addLabel')}
            placeholder={t('inbox.addLabel')}
            data-action="label"
            list={listId}
            maxLength={LABEL_MAX}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
          <datalist id={listId}>
            {known.map(({ label: one }) => (
              <option key={one} value={one} />
            ))}
          </datalist>
        </form>
      </div>
    </div>
  );
}

/**
 * A private note: for the team only, never sent to the visitor. `@username` mentions a colleague.
 * Ctrl+Enter (or Cmd+Enter) adds it.
 */
export function NoteBox({ sessionId }: { sessionId: string }) {
  const t = useT();
  const desk = useDesk();
  const report = useReport();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const add = async () => {
    const text = body.trim();
    if (!text || saving) return;
    setSaving(true);
    const outcome = await desk.inbox.addNote(sessionId, text);
    setSaving(false);
    // The text stays until the server has the note: nothing the agent wrote is lost.
    if (outcome.ok) setBody('');
    else report(outcome.error);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void add();
    }
  };
  return (
    <form
      className="console-notebox"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <textarea
        id="console-note"
        className="console-input console-notebox__text"
        aria-label={t('inbox.noteLabel')}
        placeholder={t('inbox.notePlaceholder')}
        maxLength={NOTE_MAX}
        rows={3}
        dir="auto"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        className="console-button console-button--primary"
        type="submit"
        disabled={saving || !body.trim()}
      >
        {t('inbox.addNote')}
      </button>
    </form>
  );
}
