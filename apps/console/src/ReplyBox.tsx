import { Composer } from '@parley/chat-ui/Composer';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type CannedReply, matchCanned, slashQuery } from './canned.js';
import { cannedVariablesHint } from './cannedVariables.js';
import { useT } from './i18n/I18nProvider.js';

/**
 * The reply box: the kit's composer, where `/` at the start opens the channel's canned replies,
 * filtered by what follows (`/ship` finds "Shipping times"). It is then a text box with a listbox
 * of the matches (the input keeps focus; the active option is its `aria-activedescendant`): Up and
 * Down choose, Enter puts the reply's text in the box, Escape closes the list, a click picks one.
 * Without canned replies for the channel it is a plain text box.
 */
export function ReplyBox({
  value,
  onChange,
  replies,
  onSend,
  onTyping,
  onFiles,
  fill = (text) => text,
}: {
  value: string;
  onChange: (text: string) => void;
  replies: readonly CannedReply[];
  /** A canned reply's text as inserted: its variables filled. */
  fill?: (text: string) => string;
  onSend: (text: string) => void;
  onTyping: () => void;
  onFiles: (files: File[]) => void;
}) {
  const t = useT();
  const listId = useId();
  const [active, setActive] = useState(0);
  // The text the agent closed the list on (Escape): it stays closed until the text changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The list shows only while the box has focus (a click elsewhere closes it).
  const [focused, setFocused] = useState(false);
  const query = replies.length > 0 ? slashQuery(value) : null;
  const matches = query === null ? [] : matchCanned(replies, query);
  const open = focused && query !== null && dismissed !== value;
  const current = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  // A new query starts from the best match; another text forgets the Escape.
  useEffect(() => {
    if (query !== null) setActive(0);
  }, [query]);
  useEffect(() => {
    if (dismissed !== null && dismissed !== value) setDismissed(null);
  }, [dismissed, value]);
  useEffect(() => {
    if (open && current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const insert = (reply: CannedReply) => {
    setDismissed(null);
    onChange(fill(reply.text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const count = matches.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(value);
    } else if (
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing &&
      event.keyCode !== 229
    ) {
      // Enter picks; with no match it does nothing (a half-typed name is not sent to the visitor).
      event.preventDefault();
      const reply = matches[current];
      if (reply) insert(reply);
    }
  };

  // The agent's own text reads in its own direction, whatever the console's language (an empty
  // box, and its placeholder, in the console's).
  const dir = value ? 'auto' : undefined;
  const inputProps =
    replies.length > 0
      ? {
          dir,
          // A text box with a list of suggestions (a textarea takes no combobox role in HTML):
          // the list it controls while open, and the option the arrows chose.
          'aria-autocomplete': 'list' as const,
          'aria-controls': open ? listId : undefined,
          'aria-activedescendant': open && current >= 0 ? optionId(current) : undefined,
          onKeyDown,
        }
      : { dir };

  return (
    <div className="console-reply">
      {open ? (
        <div className="console-canned-popup">
          {matches.length > 0 ? (
            <div role="listbox" id={listId} aria-label={t('canned.title')} className="console-canned-list">
              {matches.map((reply, index) => (
                // The input keeps focus and the keyboard (aria-activedescendant); a click picks.
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the text box
                <div
                  key={reply.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === current}
                  className="console-canned-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(reply)}
                >
                  <span className="console-canned-option__name" dir="auto">
                    {reply.name}
                  </span>
                  <span className="console-canned-option__text" dir="auto">
                    {reply.text}
                  </span>
                </div>
              ))}
            </div>
          ) : (
            <p id={listId} className="console-canned-none">
              {t('canned.noMatch', { query: query ?? '' })}
            </p>
          )}
          <p className="console-hint console-canned-variables">{cannedVariablesHint(t)}</p>
        </div>
      ) : null}
      <p className="parley-visually-hidden" role="status">
        {open ? t('canned.matches', { count: matches.length }) : ''}
      </p>
      <Composer
        value={value}
        onChange={onChange}
        onTyping={onTyping}
        onSend={onSend}
        onFiles={onFiles}
        placeholder={replies.length > 0 ? t('canned.placeholder') : undefined}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        inputProps={inputProps}
      />
    </div>
  );
}
