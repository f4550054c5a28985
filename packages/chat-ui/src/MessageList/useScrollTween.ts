import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** Spec section 4: the scroll tween to the bottom lasts 300 ms (instant with reduced motion). */
export const MESSAGE_LIST_SCROLL_DURATION = 300;

export interface ScrollTween {
  /**
   * Scrolls `scroller` to its end over `MESSAGE_LIST_SCROLL_DURATION`, easing out, then calls
   * `onFinish`. A tween already running is stopped first.
   */
  start: (scroller: HTMLElement, onFinish: () => void) => void;
  /** Stops a running tween where it is (`onFinish` is not called). */
  stop: () => void;
  /** Whether a tween is running. */
  isRunning: () => boolean;
}

/**
 * The scroll tween to the end of a scroller. A reader who takes over (wheel, touch, keys on the
 * scroller) stops it, and so does unmounting. The functions keep their identity across renders.
 */
export function useScrollTween(scrollerRef: RefObject<HTMLElement | null>): ScrollTween {
  const frame = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);

  const start = useCallback(
    (scroller: HTMLElement, onFinish: () => void) => {
      stop();
      const from = scroller.scrollTop;
      const started = performance.now();
      const step = (time: number) => {
        const progress = Math.min(1, (time - started) / MESSAGE_LIST_SCROLL_DURATION);
        const eased = 1 - (1 - progress) ** 3;
        // The target is read every frame: rows measured on the way change the height.
        const target = scroller.scrollHeight - scroller.clientHeight;
        scroller.scrollTop = from + (target - from) * eased;
        if (progress < 1) {
          frame.current = requestAnimationFrame(step);
        } else {
          frame.current = null;
          onFinish();
        }
      };
      frame.current = requestAnimationFrame(step);
    },
    [stop],
  );

  const isRunning = useCallback(() => frame.current !== null, []);

  useEffect(() => stop, [stop]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) scroller.addEventListener(name, stop, { passive: true });
    return () => {
      for (const name of events) scroller.removeEventListener(name, stop);
    };
  }, [scrollerRef, stop]);

  return { start, stop, isRunning };
}
