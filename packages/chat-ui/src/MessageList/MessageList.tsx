import {
  forwardRef,
  type HTMLAttributes,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IconArrowDown, IconSpinner } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { prefersReducedMotion } from '../internal/useReducedMotion.js';
import { type LocaleValue, useLocale } from '../LocaleProvider/LocaleProvider.js';
import { Message } from '../Message/Message.js';
import { MESSAGE_GROUP_GAP, type MessageInput, type MessageModel } from '../Message/model.js';
import type { MessageStatusTimers } from '../MessageStatus/useMessageStatus.js';
import { type DerivedRows, deriveRows } from './derive.js';
import { PlainRows, type RowsEngine } from './rows.js';
import type { VirtualRows } from './VirtualRows.js';

/** Spec section 4: the scroll tween to the bottom lasts 300 ms (instant with reduced motion). */
export const MESSAGE_LIST_SCROLL_DURATION = 300;
/** Back-to-bottom shows past this many viewport heights from the bottom ... */
export const MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS = 3;
/** ... and never closer than this many pixels. */
export const MESSAGE_LIST_BACK_TO_BOTTOM_MIN = 600;
/** Older history loads when the reader is this close to the top (px). */
export const MESSAGE_LIST_LOAD_MORE_THRESHOLD = 40;
/**
 * Longer lists are virtualised. The virtualiser (about 10 KB) is downloaded only when a list first
 * grows past this many messages, so a short conversation never pays for it.
 */
export const MESSAGE_LIST_VIRTUALIZE_AFTER = 150;
const AT_BOTTOM_TOLERANCE = 4;

let virtualRows: typeof VirtualRows | undefined;
let virtualRowsLoading: Promise<typeof VirtualRows> | undefined;
function loadVirtualRows(): Promise<typeof VirtualRows> {
  virtualRowsLoading ??= import('./VirtualRows.js').then(
    (module) => {
      virtualRows = module.VirtualRows;
      return module.VirtualRows;
    },
    (error: unknown) => {
      virtualRowsLoading = undefined; // a later long list may try again
      throw error;
    },
  );
  return virtualRowsLoading;
}

/**
 * Downloads the virtualiser long lists use, ahead of need (for an app that opens on a long
 * history). `MessageList` does this by itself otherwise.
 */
export function preloadMessageListVirtualizer(): Promise<void> {
  return loadVirtualRows().then(() => undefined);
}

export interface MessageListHandle {
  /** Scrolls to the newest message: a 300 ms tween, or instant with reduced motion or `smooth: false`. */
  scrollToBottom: (options?: { smooth?: boolean }) => void;
  /** The scrolling element. */
  element: HTMLDivElement | null;
}

export interface MessageListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Messages, oldest first. Give each an `_id` so rows keep their place and measurements. */
  messages: readonly MessageInput[];
  /** Draws one message. Default: `<Message message={message} />`. */
  renderMessage?: (message: MessageModel, index: number) => ReactNode;
  /** Draws `custom` messages in the default renderer. */
  renderContent?: (message: MessageModel) => ReactNode;
  /** Called when the visitor retries one of their messages (default renderer). */
  onRetry?: (message: MessageModel) => void;
  /**
   * Who times a pending message's delivery (default renderer): `spec`, the widget's own 12 s
   * cycle, or `product`, when the app's engine owns timeouts and retries. Default `spec`.
   */
  statusTimers?: MessageStatusTimers;
  /** Loads older history when the reader reaches the top; prepend it to `messages` before resolving. */
  onLoadMore?: () => Promise<unknown>;
  /** Whether older history exists. Default false. */
  hasMore?: boolean;
  /**
   * What screen readers hear for an incoming message. Default: "Message from {name}: {text}" for
   * received text and system messages; return null to stay silent.
   */
  getAnnouncement?: (message: MessageModel) => string | null;
  /** A first guess of a row's height in px before it is measured. Default 72. */
  estimateSize?: number;
  /** The reference moment for relative time labels (default renderer). Default: now. */
  now?: Date | number;
  /**
   * Groups consecutive messages from one sender within `MESSAGE_GROUP_GAP` (3 minutes): one name
   * at the start, one avatar at the end, joined bubbles (each model's `group`). Default true.
   */
  grouping?: boolean;
}

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

const Row = memo(function Row({
  message,
  index,
  render,
}: {
  message: MessageModel;
  index: number;
  render: (message: MessageModel, index: number) => ReactNode;
}) {
  return <>{render(message, index)}</>;
});

/**
 * The conversation. Short lists render in normal flow; past `MESSAGE_LIST_VIRTUALIZE_AFTER`
 * messages the list is virtualised, so 10 000 messages stay smooth (the newest messages show at
 * once while the virtualiser downloads, and a reader scrolled up in a growing list is not moved:
 * the switch waits until they are back at the bottom). It is a focusable `role="log"`;
 * incoming messages (not history, not the visitor's own) are announced politely through a hidden
 * live region, and so is a visitor's message that was not sent (the retry button's name). Reaching
 * the top calls `onLoadMore` and keeps the message in view exactly where it was once history is
 * prepended. New messages keep it at the bottom unless the reader scrolled
 * up; then a back-to-bottom button counts them. The button also shows past 3 viewport heights
 * (at least 600 px) from the bottom. A message that grows at the bottom (typing effect,
 * streaming) keeps the bottom in view. Each row's time label follows the 5-minute rule, decided
 * once per list so times never jump when history is prepended. Consecutive messages from one
 * sender within 3 minutes are grouped (`grouping`): the name once at the start, the avatar once
 * at the end, joined bubbles; a notice or a time label starts a new group.
 *
 * @example
 * const list = useRef<MessageListHandle>(null);
 * <MessageList ref={list} messages={messages} hasMore={hasMore} onLoadMore={loadHistory} />
 */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(
  {
    messages,
    renderMessage,
    renderContent,
    onRetry,
    statusTimers,
    onLoadMore,
    hasMore = false,
    getAnnouncement,
    estimateSize = 72,
    now,
    grouping = true,
    className,
    onScroll,
    ...rest
  },
  ref,
) {
  const { t, plural } = useLocale();
  const scrollerRef = useRef<HTMLDivElement | null>(null);

  // Models and time labels, decided once per message for this list (so prepending never moves
  // a shown time) and reused as the same objects so unchanged rows skip rendering. A change costs
  // what changed: a new message looks at its predecessor only (see deriveRows).
  // Derived from what was last committed, so a render React throws away changes nothing.
  const committed = useRef<DerivedRows | null>(null);
  const groupGap = grouping ? MESSAGE_GROUP_GAP : 0;
  const derived = useMemo(() => deriveRows(committed.current, messages, { groupGap }), [messages, groupGap]);
  const items = derived.items;

  const contentRef = useRef<HTMLDivElement | null>(null);
  const engine = useRef<RowsEngine | null>(null);
  const long = items.length > MESSAGE_LIST_VIRTUALIZE_AFTER;
  const [Virtual, setVirtual] = useState(() => virtualRows);
  const [virtualFailed, setVirtualFailed] = useState(false);
  const [virtualised, setVirtualised] = useState(() => long && virtualRows !== undefined);
  // A long list mounted before the virtualiser is here shows its newest messages only, for the
  // moment the download takes; older ones (and history loading) wait for it.
  const [tailFrom] = useState(() =>
    long && !virtualRows ? items[items.length - MESSAGE_LIST_VIRTUALIZE_AFTER]?._id : undefined,
  );
  const tailStart =
    tailFrom !== undefined && !virtualised && !virtualFailed
      ? Math.max(
          0,
          items.findIndex((message) => message._id === tailFrom),
        )
      : 0;

  useEffect(() => {
    if (!long || Virtual || virtualFailed) return;
    let live = true;
    loadVirtualRows().then(
      (component) => live && setVirtual(() => component),
      () => live && setVirtualFailed(true), // keeps every row in flow: slower, nothing hidden
    );
    return () => {
      live = false;
    };
  }, [long, Virtual, virtualFailed]);

  // The virtualiser takes over a long list when it has arrived and the reader is at the bottom
  // (at once for a list shown in part); a reader scrolled up is never moved by the switch.
  const canVirtualise = useRef(false);
  canVirtualise.current = Virtual !== undefined && long && !virtualised;
  const virtualiseAtBottom = useCallback(() => {
    if (canVirtualise.current) setVirtualised(true);
  }, []);

  const [unread, setUnread] = useState(0);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const [loading, setLoading] = useState(false);
  // Each announcement is a new node, so the same words said twice (two "OK"s) are heard twice.
  const [announcement, setAnnouncementState] = useState({ id: 0, text: '' });
  const setAnnouncement = useCallback(
    (text: string) => setAnnouncementState((last) => ({ id: last.id + 1, text })),
    [],
  );
  const atBottom = useRef(true);
  // Where the list last put the scroll position itself, to tell a reader scrolling up from
  // content growing below them.
  const lastScrollTop = useRef(0);
  const scrollToEnd = useCallback(() => {
    engine.current?.scrollToEnd();
    lastScrollTop.current = scrollerRef.current?.scrollTop ?? 0;
  }, []);
  const tween = useRef<number | null>(null);

  const stopTween = useCallback(() => {
    if (tween.current !== null) cancelAnimationFrame(tween.current);
    tween.current = null;
  }, []);

  const scrollToBottom = useCallback(
    ({ smooth = true }: { smooth?: boolean } = {}) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      stopTween();
      setUnread(0);
      const finish = () => {
        tween.current = null;
        atBottom.current = true;
        scrollToEnd();
        virtualiseAtBottom();
      };
      if (!smooth || prefersReducedMotion()) {
        finish();
        return;
      }
      const from = scroller.scrollTop;
      const started = performance.now();
      const step = (time: number) => {
        const progress = Math.min(1, (time - started) / MESSAGE_LIST_SCROLL_DURATION);
        const eased = 1 - (1 - progress) ** 3;
        // The target is read every frame: rows measured on the way change the height.
        const target = scroller.scrollHeight - scroller.clientHeight;
        scroller.scrollTop = from + (target - from) * eased;
        if (progress < 1) tween.current = requestAnimationFrame(step);
        else finish();
      };
      tween.current = requestAnimationFrame(step);
    },
    [stopTween, virtualiseAtBottom, scrollToEnd],
  );

  useImperativeHandle(
    ref,
    () => ({
      scrollToBottom,
      get element() {
        return scrollerRef.current;
      },
    }),
    [scrollToBottom],
  );

  useEffect(() => stopTween, [stopTween]);

  // Appended messages: follow them when at the bottom (or when the visitor sent one), otherwise
  // count them; announce incoming ones. History (prepended) is neither counted nor announced.
  const previous = useRef<{ first?: string; last?: string; count: number } | null>(null);
  // What the live region said for the latest announced messages, to hear an update to one of them.
  const announced = useRef(new Map<string, string>());
  // The visitor's messages known not to be sent: each is said once until it is sent, not again on
  // every retry (a product may retry with each poll).
  const failed = useRef(new Set<string>());
  useLayoutEffect(() => {
    const speak = (message: MessageModel) =>
      getAnnouncement ? getAnnouncement(message) : defaultAnnouncement(message, t);
    const before = previous.current;
    previous.current = { first: items[0]?._id, last: items.at(-1)?._id, count: items.length };
    // Failures in the first messages, in prepended history or in a list put in place of another
    // are old news: known, not said. Several at once are said once. Only messages made anew in
    // this change (new, or changed in place) can have changed their delivery.
    const { changed, keptFrom } = derived;
    committed.current = derived;
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
    const notSentYet = failure ? [t('messageStatus.retry')] : [];
    if (!before) {
      scrollToEnd();
      return;
    }
    if (!before.last || before.last === items.at(-1)?._id) {
      // A message refreshed in place (the queue position): say its new text, so the live region
      // never keeps the old one.
      const updated = changed
        .map((index) => items[index] as MessageModel)
        .filter((message) => announced.current.has(message._id))
        .map((message) => [message._id, speak(message)] as const)
        .filter(([id, text]) => text && text !== announced.current.get(id));
      for (const [id, text] of updated) announced.current.set(id, text as string);
      const spoken = [...updated.map(([, text]) => text as string), ...notSentYet];
      if (spoken.length > 0) setAnnouncement(spoken.join('\n'));
      return;
    }
    let start = items.length - 1;
    while (start >= 0 && items[start]?._id !== before.last) start -= 1;
    const appended = items.slice(start + 1);
    if (appended.length === 0) return;
    const spoken: string[] = [];
    for (const message of appended) {
      const text = speak(message);
      if (!text) continue;
      spoken.push(text);
      remember(announced.current, message._id, text);
    }
    spoken.push(...notSentYet);
    if (spoken.length > 0) setAnnouncement(spoken.join('\n'));
    const own = appended.some((message) => message.position === 'right');
    if (atBottom.current && tween.current === null) scrollToEnd();
    else if (own) scrollToBottom();
    else setUnread((count) => count + appended.filter((message) => message.position !== 'right').length);
  }, [derived, items, scrollToBottom, scrollToEnd, getAnnouncement, t, setAnnouncement]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the virtualiser arrives or the list becomes long
  useEffect(() => {
    if (canVirtualise.current && (atBottom.current || tailFrom !== undefined)) setVirtualised(true);
  }, [Virtual, long, tailFrom]);

  // While at the bottom, keep the bottom in view as rows are measured or grow.
  const stickToBottom = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !atBottom.current || tween.current !== null) return;
    if (scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop > AT_BOTTOM_TOLERANCE) {
      scroller.scrollTop = scroller.scrollHeight;
      lastScrollTop.current = scroller.scrollTop;
    }
  }, []);

  const loadingRef = useRef(false);
  const handleScroll = (event: React.UIEvent<HTMLDivElement>) => {
    onScroll?.(event);
    const scroller = event.currentTarget;
    const distance = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
    // Content growing below the reader (a row measured or streamed) is not the reader leaving the
    // bottom: only a scroll upwards is.
    const movedUp = scroller.scrollTop < lastScrollTop.current;
    lastScrollTop.current = scroller.scrollTop;
    if (tween.current === null) {
      atBottom.current = distance <= AT_BOTTOM_TOLERANCE || (atBottom.current && !movedUp);
    }
    if (atBottom.current) {
      setUnread(0);
      virtualiseAtBottom();
    }
    setFarFromBottom(
      distance >
        Math.max(
          MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS * scroller.clientHeight,
          MESSAGE_LIST_BACK_TO_BOTTOM_MIN,
        ),
    );
    if (
      hasMore &&
      onLoadMore &&
      tailStart === 0 &&
      !loadingRef.current &&
      scroller.scrollTop <= MESSAGE_LIST_LOAD_MORE_THRESHOLD &&
      scroller.scrollHeight > scroller.clientHeight
    ) {
      loadingRef.current = true;
      setLoading(true);
      onLoadMore()
        .catch(() => undefined)
        .finally(() => {
          loadingRef.current = false;
          setLoading(false);
        });
    }
  };

  // A reader who takes over (wheel, touch, keys) stops a running tween.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) scroller.addEventListener(name, stopTween, { passive: true });
    return () => {
      for (const name of events) scroller.removeEventListener(name, stopTween);
    };
  }, [stopTween]);

  const render = useCallback(
    (message: MessageModel, index: number) =>
      renderMessage ? (
        renderMessage(message, index)
      ) : (
        <Message
          message={message}
          renderContent={renderContent}
          onRetry={onRetry}
          statusTimers={statusTimers}
          now={now}
        />
      ),
    [renderMessage, renderContent, onRetry, statusTimers, now],
  );

  const renderRow = useCallback(
    (message: MessageModel, index: number) => <Row message={message} index={index} render={render} />,
    [render],
  );

  const showBackToBottom = unread > 0 || farFromBottom;
  const rows = {
    estimateSize,
    scrollerRef,
    contentRef,
    engineRef: engine,
    onResize: stickToBottom,
    children: renderRow,
  };
  return (
    <div data-slot="message-list" className={cn('parley-message-list', className)}>
      <div
        {...rest}
        ref={scrollerRef}
        data-slot="message-list-scroller"
        className="parley-message-list__scroller"
        role="log"
        aria-live="off"
        aria-label={rest['aria-label'] ?? t('messageList.label')}
        aria-busy={loading || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls by keyboard
        tabIndex={0}
        onScroll={handleScroll}
      >
        {virtualised && Virtual ? (
          <Virtual items={items} {...rows} />
        ) : (
          <PlainRows items={tailStart > 0 ? items.slice(tailStart) : items} first={tailStart} {...rows} />
        )}
      </div>
      {loading && (
        <div className="parley-message-list__loading" role="status">
          <IconSpinner size="1em" />
          <span>{t('messageList.loadingHistory')}</span>
        </div>
      )}
      <div className="parley-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement.text && <span key={announcement.id}>{announcement.text}</span>}
      </div>
      {showBackToBottom && (
        <button
          type="button"
          data-slot="message-list-back"
          className="parley-message-list__back"
          data-unread={unread > 0 ? unread : undefined}
          onClick={() => scrollToBottom()}
        >
          <IconArrowDown size="1.125em" />
          {unread > 0 ? (
            <>
              <span className="parley-visually-hidden">{t('messageList.backToBottom')}, </span>
              <span className="parley-message-list__unread">{plural('messageList.unread', unread)}</span>
            </>
          ) : (
            <span className="parley-visually-hidden">{t('messageList.backToBottom')}</span>
          )}
        </button>
      )}
    </div>
  );
});
