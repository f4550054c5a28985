import type { Outcome } from '@parley/agent-core';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConsoleModal } from './ConsoleModal.js';
import { canResolve, snoozedUntil } from './ConversationActions.js';
import { useDesk, useDeskState } from './desk.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import { displayName } from './names.js';
import { SETTINGS_PAGES, useGo } from './navigation.js';
import { useReport } from './report.js';
import { writeNote } from './Shortcuts.js';

/** A thing the palette can do: go to a view, open a conversation, act on the one on screen. */
export interface Command {
  id: string;
  group: 'go' | 'conversations' | 'actions';
  label: string;
  /** More words it is found by (a conversation's last message, its channel). */
  words?: string;
  /** Shown after the label, quieter (the last message). */
  hint?: string;
  run: () => void;
}

/** At most this many conversations are offered for what is typed. */
const MAX_CONVERSATIONS = 8;

const GROUP_KEYS: Record<Command['group'], MessageKey> = {
  go: 'palette.go',
  conversations: 'palette.conversations',
  actions: 'palette.actions',
};

/** Lower case, without accents: "Élodie" is found by "elo". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The commands whose label or words hold every word of `query`, in their order; all of them for
 * an empty query.
 *
 * @example
 * matching(commands, 'vera parcel') // the conversation with Vera about a parcel
 */
export function matching(commands: readonly Command[], query: string): Command[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const text = fold(`${command.label} ${command.words ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

/**
 * Everything the console does, found by typing (Ctrl+K): go to any view, open any conversation
 * the agent can see by the visitor's name or words of its last message, and act on the one on
 * screen. A combobox over a listbox: arrows move, Enter runs, Escape closes.
 */
export default function CommandPalette({
  selected,
  isAdmin,
  onTransfer,
  onHelp,
  onClose,
}: {
  /** The conversation on screen: its actions are offered. */
  selected: string | null;
  isAdmin: boolean;
  onTransfer: (sessionId: string) => void;
  onHelp: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const go = useGo();
  const desk = useDesk();
  const report = useReport();
  const rows = useDeskState((snapshot) => snapshot.inbox.rows);
  const chats = useDeskState((snapshot) => snapshot.chats);
  const queue = useDeskState((snapshot) => snapshot.queue);
  const detail = useDeskState((snapshot) => (selected ? snapshot.inbox.details[selected] : undefined));
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const optionId = (index: number) => `${listId}-${index}`;

  const commands = useMemo(() => {
    const act = (running: () => Promise<Outcome<unknown>>) => () =>
      void running().then((outcome) => !outcome.ok && report(outcome.error));
    const all: Command[] = [
      { id: 'go:inbox', group: 'go', label: t('palette.inbox'), run: () => void go.home() },
      { id: 'go:mentions', group: 'go', label: t('mentions.title'), run: () => void go.mentions() },
      {
        id: 'go:search',
        group: 'go',
        label: t('inbox.search'),
        run: () => requestAnimationFrame(() => document.getElementById('console-search')?.focus()),
      },
      { id: 'go:shortcuts', group: 'go', label: t('shortcuts.title'), run: onHelp },
    ];
    if (isAdmin) {
      all.push({ id: 'go:reports', group: 'go', label: t('reports.title'), run: () => void go.reports() });
      for (const page of SETTINGS_PAGES) {
        all.push({
          id: `go:settings:${page}`,
          group: 'go',
          label: `${t('admin.title')}: ${t(`admin.${page}`)}`,
          run: () => void go.settings(page),
        });
      }
    }
    // Every conversation the desk knows: the list on screen (with its last words), the agent's
    // chats, the queue.
    const seen = new Set<string>();
    const people = [
      ...rows.map((row) => ({
        sessionId: row.sessionId,
        name: displayName(row),
        channel: row.channelId,
        last: row.lastMessage?.text ?? '',
      })),
      ...chats.map((chat) => ({
        sessionId: chat.sessionId,
        name: displayName(chat),
        channel: chat.channelId,
        last: '',
      })),
      ...queue.map((entry) => ({
        sessionId: entry.sessionId,
        name: entry.visitorName || displayName(entry),
        channel: entry.channelId,
        last: '',
      })),
    ];
    for (const person of people) {
      if (seen.has(person.sessionId)) continue;
      seen.add(person.sessionId);
      all.push({
        id: `conversation:${person.sessionId}`,
        group: 'conversations',
        label: person.name,
        words: `${person.last} ${person.channel}`,
        hint: person.last || person.channel,
        run: () => void go.conversation(person.sessionId),
      });
    }
    if (selected && detail) {
      const { status } = detail.conversation;
      const mine = chats.some((chat) => chat.sessionId === selected);
      if (canResolve(detail.conversation, mine))
        all.push({
          id: 'action:resolve',
          group: 'actions',
          label: t('inbox.resolve'),
          run: act(() => desk.inbox.setStatus(selected, 'resolved')),
        });
      if (status === 'open')
        all.push({
          id: 'action:pending',
          group: 'actions',
          label: t('inbox.markPending'),
          run: act(() => desk.inbox.setStatus(selected, 'pending')),
        });
      if (status !== 'open')
        all.push({
          id: 'action:reopen',
          group: 'actions',
          label: t('inbox.reopen'),
          run: act(() => desk.inbox.setStatus(selected, 'open')),
        });
      all.push(
        {
          id: 'action:snooze-hour',
          group: 'actions',
          label: `${t('inbox.snooze')}: ${t('inbox.snoozeHour')}`,
          run: act(() => desk.inbox.setStatus(selected, 'snoozed', snoozedUntil('hour'))),
        },
        {
          id: 'action:note',
          group: 'actions',
          label: t('inbox.privateNote'),
          // After the palette closes and gives focus back.
          run: () => requestAnimationFrame(writeNote),
        },
      );
      if (mine)
        all.push(
          {
            id: 'action:transfer',
            group: 'actions',
            label: t('transfer.button'),
            run: () => onTransfer(selected),
          },
          {
            id: 'action:rating',
            group: 'actions',
            label: t('chat.askRating'),
            run: act(() => desk.askRating(selected)),
          },
        );
    }
    return all;
  }, [t, go, desk, report, rows, chats, queue, detail, selected, isAdmin, onHelp, onTransfer]);

  const shown = useMemo(() => {
    const found = matching(commands, query);
    // The actions first when something is open: what the agent most often wants.
    const order: Command['group'][] = selected ? ['actions', 'conversations', 'go'] : ['go', 'conversations'];
    return order.flatMap((group) => {
      const inGroup = found.filter((command) => command.group === group);
      return group === 'conversations' ? inGroup.slice(0, MAX_CONVERSATIONS) : inGroup;
    });
  }, [commands, query, selected]);
  const at = Math.min(active, Math.max(0, shown.length - 1));

  const run = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves && shown.length > 0) {
      event.preventDefault();
      setActive((at + (moves[event.key] ?? 0) + shown.length) % shown.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : shown.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(shown[at]);
    }
  };
  // The active option stays in view as the arrows move it.
  useEffect(() => {
    document.getElementById(`${listId}-${at}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [at, listId]);

  const groups = [...new Set(shown.map((command) => command.group))];
  return (
    <ConsoleModal
      className="console-palette"
      onClose={onClose}
      title={t('palette.title')}
      initialFocus={input}
    >
      <input
        ref={input}
        className="console-palette__input"
        role="combobox"
        aria-label={t('palette.title')}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(at) : undefined}
        placeholder={t('palette.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="console-palette__list" id={listId} role="listbox" aria-label={t('palette.title')}>
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: ARIA's group of options; a fieldset has no place in a listbox.
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
            <div className="console-palette__group" id={`${listId}-${group}`} role="presentation">
              {t(GROUP_KEYS[group])}
            </div>
            {shown.map((command, index) =>
              command.group === group ? (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's keys run the options.
                <div
                  key={command.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === at}
                  // Reached through the combobox (aria-activedescendant); a click keeps focus there.
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  className="console-palette__option"
                  onClick={() => run(command)}
                  onMouseMove={() => setActive(index)}
                >
                  <bdi>{command.label}</bdi>
                  {command.hint ? (
                    <span className="console-palette__hint" dir="auto">
                      {command.hint}
                    </span>
                  ) : null}
                </div>
              ) : null,
            )}
          </div>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="console-empty" role="status">
          {t('palette.none')}
        </p>
      ) : null}
    </ConsoleModal>
  );
}
