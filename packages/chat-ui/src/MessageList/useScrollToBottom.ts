import { type RefObject, useCallback, useRef } from 'react';
import { prefersReducedMotion } from '../internal/useReducedMotion.js';
import { useScrollTween } from './useScrollTween.js';

/** How far from the end (px) still counts as at the bottom. */
const AT_BOTTOM_TOLERANCE = 4;

export interface ScrollToBottomOptions {
  scrollerRef: RefObject<HTMLElement | null>;
  /**
   * Puts the end in view at once. Default: the scroller's `scrollTop` set to its `scrollHeight`.
   * A virtualiser, which knows where its end is before measuring, passes its own.
   */
  scrollToEnd?: () => void;
  /** Called when the reader is at the bottom: after a scroll that ends there, and after `scrollToBottom`. */
  onBottom?: () => void;
}

export interface ScrollToBottom {
  /** Scrolls to the end: a 300 ms tween, or instant with reduced motion or `smooth: false`. */
  scrollToBottom: (options?: { smooth?: boolean }) => void;
  /** Puts the end in view at once (new content while following, the first render). */
  jumpToEnd: () => void;
  /** Whether the reader is at the bottom (or on the way there). */
  isAtBottom: () => boolean;
  /** Whether new content should be followed at once: at the bottom, with no tween running. */
  isFollowing: () => boolean;
  /** Keeps the end in view while at the bottom, for content that grew (rows measured, streamed). */
  stickToBottom: () => void;
  /** Call on every scroll event of the scroller; returns whether the reader is at the bottom. */
  handleScroll: (scroller: HTMLElement) => boolean;
}

/**
 * Tracks whether the reader is at the bottom of a scroller and keeps them there. Content growing
 * below the reader (a row measured or streamed) is not the reader leaving the bottom: only a
 * scroll upwards is. The reader starts at the bottom: call `jumpToEnd` once the content is there.
 * A wheel, touch or key on the scroller stops a running tween where it is. The functions keep
 * their identity while `scrollToEnd` and `onBottom` do.
 *
 * @example
 * const scrollerRef = useRef<HTMLDivElement>(null);
 * const { scrollToBottom, jumpToEnd, isFollowing, stickToBottom, handleScroll } = useScrollToBottom({ scrollerRef });
 * useLayoutEffect(() => { if (isFollowing()) jumpToEnd(); }, [messages, isFollowing, jumpToEnd]);
 * // call stickToBottom from a ResizeObserver on the content, so rows that grow keep the end in view
 * <div ref={scrollerRef} onScroll={(event) => handleScroll(event.currentTarget)}>{rows}</div>
 * <button type="button" onClick={() => scrollToBottom()}>Latest</button>
 */
export function useScrollToBottom({
  scrollerRef,
  scrollToEnd,
  onBottom,
}: ScrollToBottomOptions): ScrollToBottom {
  const { start, stop, isRunning } = useScrollTween(scrollerRef);
  const atBottom = useRef(true);
  // Where the list last put the scroll position itself, to tell a reader scrolling up from
  // content growing below them.
  const lastScrollTop = useRef(0);

  const jumpToEnd = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scrollToEnd) scrollToEnd();
    else if (scroller) scroller.scrollTop = scroller.scrollHeight;
    lastScrollTop.current = scroller?.scrollTop ?? 0;
  }, [scrollerRef, scrollToEnd]);

  const scrollToBottom = useCallback(
    ({ smooth = true }: { smooth?: boolean } = {}) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      stop();
      const finish = () => {
        atBottom.current = true;
        jumpToEnd();
        onBottom?.();
      };
      if (!smooth || prefersReducedMotion()) finish();
      else start(scroller, finish);
    },
    [scrollerRef, start, stop, jumpToEnd, onBottom],
  );

  const isAtBottom = useCallback(() => atBottom.current, []);
  const isFollowing = useCallback(() => atBottom.current && !isRunning(), [isRunning]);

  const stickToBottom = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !atBottom.current || isRunning()) return;
    if (scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop > AT_BOTTOM_TOLERANCE) {
      scroller.scrollTop = scroller.scrollHeight;
      lastScrollTop.current = scroller.scrollTop;
    }
  }, [scrollerRef, isRunning]);

  const handleScroll = useCallback(
    (scroller: HTMLElement) => {
      const distance = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
      const movedUp = scroller.scrollTop < lastScrollTop.current;
      lastScrollTop.current = scroller.scrollTop;
      if (!isRunning()) {
        atBottom.current = distance <= AT_BOTTOM_TOLERANCE || (atBottom.current && !movedUp);
      }
      if (atBottom.current) onBottom?.();
      return atBottom.current;
    },
    [isRunning, onBottom],
  );

  return { scrollToBottom, jumpToEnd, isAtBottom, isFollowing, stickToBottom, handleScroll };
}
