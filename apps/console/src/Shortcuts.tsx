import { useEffect, useRef } from 'react';
import { ConsoleModal } from './ConsoleModal.js';
import { useDesk } from './desk.js';
import { rowId } from './InboxList.js';
import { useT } from './i18n/I18nProvider.js';
import { SHORTCUT_KEYS } from './inboxKeys.js';

/**
 * The console's keys, outside text fields (where every key types): the same set Intercom's and
 * Zendesk's agents know. `?` lists them.
 */
export const SHORTCUTS = [
  { keys: 'j', action: 'next' },
  { keys: 'k', action: 'previous' },
  { keys: 'r', action: 'reply' },
  { keys: 'n', action: 'note' },
  { keys: 'c', action: 'canned' },
  { keys: 'l', action: 'label' },
  { keys: 'e', action: 'resolve' },
  { keys: 's', action: 'snooze' },
  { keys: '/', action: 'search' },
  { keys: 'a', action: 'join' },
  { keys: '?', action: 'help' },
] as const;

type Action = (typeof SHORTCUTS)[number]['action'];

/** Whether a key press belongs to what has focus (typing, a select, a dialog), not to the console. */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== 'function') return false;
  return Boolean(element.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

const focus = (selector: string) => {
  const element = document.querySelector<HTMLElement>(selector);
  element?.focus();
  return element;
};

/** Opens the open conversation's private-note tab and puts the cursor in it (`n`, the palette). */
export function writeNote(): void {
  document.querySelector<HTMLElement>('[data-action="note"]')?.click();
  requestAnimationFrame(() => focus('#console-note'));
}

/**
 * The console's shortcuts. Moving to the next or previous conversation opens it; `r` focuses the
 * reply box, `c` the reply box with `/` (canned replies), `n` the private note, `l` the label
 * field, `e` resolves, `s` opens the snooze choice, `/` the search, `a` joins the first queued visitor.
 */
export function useShortcuts({
  selected,
  onSelect,
  onHelp,
}: {
  selected: string | null;
  onSelect: (sessionId: string) => void;
  onHelp: () => void;
}) {
  const desk = useDesk();
  const state = useRef({ selected, onSelect, onHelp });
  state.current = { selected, onSelect, onHelp };

  useEffect(() => {
    const rows = () =>
      [...document.querySelectorAll<HTMLElement>('.console-inbox-row')].map((row) =>
        row.id.replace('console-row-', ''),
      );
    const move = (step: number) => {
      const list = rows();
      if (list.length === 0) return;
      const at = state.current.selected ? list.indexOf(state.current.selected) : -1;
      const next = list[Math.min(list.length - 1, Math.max(0, at === -1 ? 0 : at + step))] as string;
      state.current.onSelect(next);
      document.getElementById(rowId(next))?.scrollIntoView?.({ block: 'nearest' });
    };
    const run: Record<Action, () => void> = {
      next: () => move(1),
      previous: () => move(-1),
      reply: () => focus('.console-reply textarea'),
      canned: () => {
        const box = focus('.console-reply textarea') as HTMLTextAreaElement | null;
        if (box && !box.value) {
          const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
          setter?.call(box, '/');
          box.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      note: writeNote,
      label: () => focus('[data-action="label"]'),
      resolve: () => {
        const id = state.current.selected;
        if (id) void desk.inbox.setStatus(id, 'resolved');
      },
      // The conversation's menu of more actions opens on its first item, snooze among them (as the
      // down arrow on its button opens it).
      snooze: () => {
        const trigger = focus('[data-action="snooze"]');
        trigger?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      },
      search: () => focus('#console-search'),
      join: () => focus('.console-sidebar .console-item__actions .console-button--primary'),
      help: () => state.current.onHelp(),
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const shortcut = SHORTCUTS.find((one) => one.keys === event.key);
      if (!shortcut) return;
      event.preventDefault();
      run[shortcut.action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [desk]);
}

/** A Mac's keyboard: ⌘ where others have Ctrl. */
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The list of shortcuts, opened with `?`. */
export function Shortcuts({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <ConsoleModal onClose={onClose} title={t('shortcuts.title')} description={t('shortcuts.description')}>
      <dl className="console-shortcuts">
        <div className="console-shortcuts__row">
          <dt>
            <kbd>{isMac() ? '⌘' : 'Ctrl'}</kbd> <kbd>K</kbd>
          </dt>
          <dd>{t('shortcuts.palette')}</dd>
        </div>
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={keys} className="console-shortcuts__row">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(SHORTCUT_KEYS[action])}</dd>
          </div>
        ))}
      </dl>
    </ConsoleModal>
  );
}
