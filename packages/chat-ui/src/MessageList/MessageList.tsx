import {
  forwardRef,
  type HTMLAttributes,
  memo,
  type ReactNode,
  useCallback,
  useImperativeHandle,
  useRef,
} from 'react';
import { IconArrowDown, IconSpinner } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { Message } from '../Message/Message.js';
import type { MessageInput, MessageModel } from '../Message/model.js';
import type { MessageStatusTimers } from '../MessageStatus/useMessageStatus.js';
import { PlainRows, type RowsEngine } from './rows.js';
import { useBackToBottom } from './useBackToBottom.js';
import { useFollowNewMessages } from './useFollowNewMessages.js';
import { useLoadMore } from './useLoadMore.js';
import { useMessageAnnouncements } from './useMessageAnnouncements.js';
import { useMessageListState } from './useMessageListState.js';
import { useRowFocus } from './useRowFocus.js';
import { useScrollToBottom } from './useScrollToBottom.js';
import { useVirtualRows } from './useVirtualRows.js';

export { MESSAGE_LIST_BACK_TO_BOTTOM_MIN, MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS } from './useBackToBottom.js';
export { MESSAGE_LIST_LOAD_MORE_THRESHOLD } from './useLoadMore.js';
export { MESSAGE_LIST_SCROLL_DURATION } from './useScrollTween.js';
export { MESSAGE_LIST_VIRTUALIZE_AFTER, preloadMessageListVirtualizer } from './useVirtualRows.js';

export interface MessageListHandle {
  /** Scrolls to the newest message: a 300 ms tween, or instant with reduced motion or `smooth: false`. */
  scrollToBottom: (options?: { smooth?: boolean }) => void;
  /** The scrolling element. */
  element: HTMLDivElement | null;
}

export interface MessageListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Messages, oldest first. Give each an `_id` so rows keep their place and measurements. */
  messages: readonly MessageInput[];
  /**
   * Draws one message. Without it, a `<Message>` with `renderContent`, `onRetry`, `statusTimers`,
   * `now`. A message's status is drawn as given: mark `read` the one message that should say
   * "Seen" (the product's engine knows the read mark; chat-core keeps it on one message).
   */
  renderMessage?: (message: MessageModel, index: number) => ReactNode;
  /** Draws `custom` messages in the default renderer. */
  renderContent?: (message: MessageModel) => ReactNode;
  /** Called when the visitor retries one of their messages (default renderer). */
  onRetry?: (message: MessageModel) => void;
  /**
   * Who times a pending message's delivery (default renderer): `spec`, the widget's own 12 s
   * cycle, or `product`, when the app's engine owns timeouts and retries.
   * @default spec
   */
  statusTimers?: MessageStatusTimers;
  /** Loads older history when the reader reaches the top; prepend it to `messages` before resolving. */
  onLoadMore?: () => Promise<unknown>;
  /** Whether older history exists. Default false. */
  hasMore?: boolean;
  /**
   * What screen readers hear for an incoming message; return null to stay silent. Without it,
   * "Message from {name}: {text}" for received text and system messages.
   */
  getAnnouncement?: (message: MessageModel) => string | null;
  /** A first guess of a row's height in px before it is measured. Default 72. */
  estimateSize?: number;
  /**
   * The reference moment for relative time labels (default renderer).
   * @default Date.now()
   */
  now?: Date | number;
  /**
   * Groups consecutive messages from one sender within `MESSAGE_GROUP_GAP` (3 minutes): one name
   * at the start, one avatar at the end, joined bubbles (each model's `group`). Default true.
   */
  grouping?: boolean;
  /**
   * Each message's own time (default renderer, Message's `showTimeOnHover`): `hover` shows it
   * beside the message on hover and keyboard focus, and screen readers read it with the message;
   * `off` leaves only the 5-minute time labels. Default `hover`.
   */
  messageTimes?: 'hover' | 'off';
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
 * at the end, joined bubbles; a notice or a time label starts a new group. Each message shows its
 * own time on hover and keyboard focus (`messageTimes`). The list stays one tab stop; from it,
 * ArrowUp and ArrowDown move focus from message to message (so screen readers read each with its
 * time), Home and End go to the oldest loaded and the newest.
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
    messageTimes = 'hover',
    className,
    onScroll,
    onKeyDown,
    ...rest
  },
  ref,
) {
  const { t, plural } = useLocale();
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const engine = useRef<RowsEngine | null>(null);

  const state = useMessageListState({ messages, grouping });
  const { items } = state;
  // The rows' mode asks where the reader is only from an effect, once useScrollToBottom below has run.
  const { Virtual, tailStart, virtualiseAtBottom } = useVirtualRows(items, () => isAtBottom());
  const scrollToEnd = useCallback(() => engine.current?.scrollToEnd(), []);
  const {
    scrollToBottom: scrollDown,
    jumpToEnd,
    isAtBottom,
    isFollowing,
    stickToBottom,
    handleScroll: trackBottom,
  } = useScrollToBottom({ scrollerRef, scrollToEnd, onBottom: virtualiseAtBottom });
  const { unread, visible: showBackToBottom, addUnread, clearUnread, measure } = useBackToBottom();
  const { loading, handleScroll: loadMoreNearTop } = useLoadMore({
    onLoadMore,
    hasMore,
    enabled: tailStart === 0,
  });

  const scrollToBottom = useCallback(
    (options?: { smooth?: boolean }) => {
      clearUnread();
      scrollDown(options);
    },
    [clearUnread, scrollDown],
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

  const announcement = useMessageAnnouncements({ ...state, getAnnouncement });
  useFollowNewMessages(items, { isFollowing, jumpToEnd, scrollToBottom, addUnread });

  const jumpToNewest = useCallback(() => scrollToBottom({ smooth: false }), [scrollToBottom]);
  const moveRowFocus = useRowFocus({ scrollerRef, count: items.length, toEnd: jumpToNewest });

  const handleScroll = (event: React.UIEvent<HTMLDivElement>) => {
    onScroll?.(event);
    const scroller = event.currentTarget;
    if (trackBottom(scroller)) clearUnread();
    measure(scroller);
    loadMoreNearTop(scroller);
  };

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
          showTimeOnHover={messageTimes !== 'off'}
        />
      ),
    [renderMessage, renderContent, onRetry, statusTimers, now, messageTimes],
  );

  const renderRow = useCallback(
    (message: MessageModel, index: number) => <Row message={message} index={index} render={render} />,
    [render],
  );

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
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: the arrow keys move focus between the log's messages */}
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
        onKeyDown={composeHandlers(onKeyDown, moveRowFocus)}
      >
        {Virtual ? (
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
