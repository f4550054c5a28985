import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type LocaleValue, useLocale } from '../LocaleProvider/LocaleProvider.js';
import type { MessageModel } from '../Message/model.js';
import { appendedAfter } from './appended.js';
import type { MessageListState } from './useMessageListState.js';

/** How many announced messages are watched for an update in place. */
const ANNOUNCED_KEPT = 20;

/** Records what was said for a message, keeping only the latest few. */
function remember(announced: Map<string, string>, id: string, text: string) {
  announced.delete(id);
  announced.set(id, text);
  if (announced.size > ANNOUNCED_KEPT) {
    const oldest = announced.keys().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
}

/** The visitor's own message that was not sent (its row offers a retry). */
const notSent = (message: MessageModel) => message.position === 'right' && message.status === 'fail';

function defaultAnnouncement(message: MessageModel, t: LocaleValue['t']): string | null {
  if (message.position === 'right') return null;
  if (message.type !== 'text' && message.type !== 'system') return null;
  const text = String(message.content ?? '');
  const name = message.user?.name;
  return name ? t('messageList.incoming', { name, text }) : text;
}

export interface MessageAnnouncementsOptions extends MessageListState {
  /** What is said for an incoming message; null stays silent. Default: "Message from {name}: {text}". */
  getAnnouncement?: (message: MessageModel) => string | null;
}

/**
 * One announcement for a polite live region. `id` is new for each one: render the text in a node
 * keyed by it, so the same words said twice (two "OK"s) are heard twice.
 */
export interface MessageAnnouncement {
  id: number;
  text: string;
}

/**
 * What the list's live region says after each change: messages appended at the end (not history,
 * not the visitor's own by default; a `streaming` one once, whole, when its stream ends), the new text of an announced message refreshed in place (the
 * queue position), and "Not sent. Retry" once for a visitor's message that failed, not again on
 * every retry until it is sent. Failures already there when the list is shown, in prepended history
 * or in a list put in place of another are old news: known, not said. Strings come from the kit's
 * locale (`LocaleProvider`).
 *
 * @example
 * const state = useMessageListState({ messages });
 * const announcement = useMessageAnnouncements(state);
 * <div className="visually-hidden" aria-live="polite" aria-atomic="true">
 *   {announcement.text && <span key={announcement.id}>{announcement.text}</span>}
 * </div>
 */
export function useMessageAnnouncements({
  items,
  changed,
  keptFrom,
  getAnnouncement,
}: MessageAnnouncementsOptions): MessageAnnouncement {
  const { t } = useLocale();
  const [announcement, setAnnouncementState] = useState<MessageAnnouncement>({ id: 0, text: '' });
  const setAnnouncement = useCallback(
    (text: string) => setAnnouncementState((last) => ({ id: last.id + 1, text })),
    [],
  );
  // The last message before this change; null before the first pass.
  const previousLast = useRef<{ id?: string } | null>(null);
  // What the live region said for the latest announced messages, to hear an update to one of them.
  const announced = useRef(new Map<string, string>());
  // The visitor's messages known not to be sent: each is said once until it is sent, not again on
  // every retry (a product may retry with each poll).
  const failed = useRef(new Set<string>());
  // Messages still streaming: said once, whole, when their stream ends.
  const streaming = useRef(new Set<string>());

  useLayoutEffect(() => {
    const speak = (message: MessageModel) =>
      getAnnouncement ? getAnnouncement(message) : defaultAnnouncement(message, t);
    const before = previousLast.current;
    previousLast.current = { id: items.at(-1)?._id };
    // Only messages made anew in this change (new, or changed in place) can have changed their
    // delivery. Several failures at once are said once.
    let failure = false;
    for (const index of changed) {
      const message = items[index] as MessageModel;
      if (!notSent(message)) {
        if (message.status !== 'pending') failed.current.delete(message._id);
      } else if (!failed.current.has(message._id)) {
        failed.current.add(message._id);
        if (keptFrom >= 0 && index >= keptFrom) failure = true;
      }
    }
    if (!before) return;
    const notSentYet = failure ? [t('messageStatus.retry')] : [];
    // Streams that ended in this change: their whole text, once.
    const finished: string[] = [];
    for (const index of changed) {
      const message = items[index] as MessageModel;
      if (message.streaming || !streaming.current.has(message._id)) continue;
      streaming.current.delete(message._id);
      const text = speak(message);
      if (!text) continue;
      finished.push(text);
      remember(announced.current, message._id, text);
    }
    const appended = appendedAfter(items, before.id);
    if (!appended) {
      // A message refreshed in place (the queue position): say its new text, so the live region
      // never keeps the old one.
      const updated = changed
        .map((index) => items[index] as MessageModel)
        .filter((message) => announced.current.has(message._id) && !message.streaming)
        .map((message) => [message._id, speak(message)] as const)
        .filter(([id, text]) => text && text !== announced.current.get(id));
      for (const [id, text] of updated) announced.current.set(id, text as string);
      const spoken = [...finished, ...updated.map(([, text]) => text as string), ...notSentYet];
      if (spoken.length > 0) setAnnouncement(spoken.join('\n'));
      return;
    }
    const spoken: string[] = [...finished];
    for (const message of appended) {
      if (message.streaming) {
        streaming.current.add(message._id);
        continue;
      }
      const text = speak(message);
      if (!text) continue;
      spoken.push(text);
      remember(announced.current, message._id, text);
    }
    spoken.push(...notSentYet);
    if (spoken.length > 0) setAnnouncement(spoken.join('\n'));
  }, [items, changed, keptFrom, getAnnouncement, t, setAnnouncement]);

  return announcement;
}
