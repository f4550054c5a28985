import { type RefObject, useEffect, useLayoutEffect } from 'react';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Fits the textarea's height to its text, up to `maxRows` lines; beyond that it scrolls. */
export function autosize(input: HTMLTextAreaElement, maxRows: number) {
  const style = getComputedStyle(input);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
  const borders = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
  const limit =
    lineHeight * maxRows +
    Number.parseFloat(style.paddingTop) +
    Number.parseFloat(style.paddingBottom) +
    borders;
  input.style.height = 'auto';
  const needed = input.scrollHeight + borders;
  input.style.height = `${Math.min(needed, limit)}px`;
  input.style.overflowY = needed > limit + 1 ? 'auto' : 'hidden';
}

/**
 * Keeps a textarea as tall as its text (up to `maxRows`), when the text changes and when its
 * width does (rotation, a resized panel).
 *
 * @example
 * useAutosize(inputRef, value, 5);
 */
export function useAutosize(inputRef: RefObject<HTMLTextAreaElement | null>, value: string, maxRows: number) {
  // Runs again whenever the text changes: its height follows it.
  useIsomorphicLayoutEffect(() => {
    const input = inputRef.current;
    if (input) autosize(input, maxRows);
  }, [value, maxRows, inputRef]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input || typeof ResizeObserver === 'undefined') return;
    let width = input.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (input.clientWidth === width) return;
      width = input.clientWidth;
      // Next frame: resizing the observed element inside its own callback loops the observer.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => autosize(input, maxRows));
    });
    observer.observe(input);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [maxRows, inputRef]);
}
