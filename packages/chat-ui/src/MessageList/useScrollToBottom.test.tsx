import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { type ScrollToBottomOptions, useScrollToBottom } from './useScrollToBottom.js';

let scroller: HTMLDivElement;
let content: HTMLDivElement;
const distanceFromBottom = () => scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;

beforeEach(() => {
  scroller = document.createElement('div');
  scroller.style.cssText = 'block-size: 300px; overflow: auto';
  content = document.createElement('div');
  content.style.blockSize = '3000px';
  scroller.append(content);
  document.body.append(scroller);
});
afterEach(() => {
  vi.useRealTimers();
  scroller.remove();
});

async function renderScroll(options: Partial<ScrollToBottomOptions> = {}) {
  const hook = await renderHook(() => useScrollToBottom({ scrollerRef: { current: scroller }, ...options }));
  return hook.result;
}

/** The reader moves the scroller; the scroll event reaches the hook. */
function readerScrollsTo(result: Awaited<ReturnType<typeof renderScroll>>, top: number) {
  scroller.scrollTop = top;
  return result.current.handleScroll(scroller);
}

describe('useScrollToBottom', () => {
  it('given a jump to the end, should put the end in view, by default or with the given scrollToEnd', async () => {
    const result = await renderScroll();
    result.current.jumpToEnd();
    expect(distanceFromBottom()).toBe(0);

    scroller.scrollTop = 0;
    const scrollToEnd = vi.fn(() => {
      scroller.scrollTop = 1000;
    });
    const custom = await renderScroll({ scrollToEnd });
    custom.current.jumpToEnd();
    expect(scrollToEnd).toHaveBeenCalledTimes(1);
    expect(scroller.scrollTop).toBe(1000);
  });

  it('given the reader scrolling up, should no longer be at the bottom; back down, should be again and say so', async () => {
    const onBottom = vi.fn();
    const result = await renderScroll({ onBottom });
    result.current.jumpToEnd();
    expect(result.current.isAtBottom()).toBe(true);
    expect(readerScrollsTo(result, 2000)).toBe(false);
    expect(result.current.isAtBottom()).toBe(false);
    expect(result.current.isFollowing()).toBe(false);
    expect(onBottom).not.toHaveBeenCalled();
    expect(readerScrollsTo(result, 2700)).toBe(true);
    expect(result.current.isFollowing()).toBe(true);
    expect(onBottom).toHaveBeenCalledTimes(1);
  });

  it('given content growing below the reader at the bottom, should keep them at the bottom and bring the end back into view', async () => {
    const result = await renderScroll();
    result.current.jumpToEnd();
    content.style.blockSize = '3400px';
    // The scroll position did not move up: the reader did not leave.
    expect(result.current.handleScroll(scroller)).toBe(true);
    expect(distanceFromBottom()).toBe(400);
    result.current.stickToBottom();
    expect(distanceFromBottom()).toBe(0);
  });

  it('given the reader scrolled up, should not move them when content grows', async () => {
    const result = await renderScroll();
    result.current.jumpToEnd();
    readerScrollsTo(result, 1000);
    content.style.blockSize = '3400px';
    result.current.stickToBottom();
    expect(scroller.scrollTop).toBe(1000);
  });

  it('given scrollToBottom without smoothness, should arrive at once and say the reader is at the bottom', async () => {
    const onBottom = vi.fn();
    const result = await renderScroll({ onBottom });
    result.current.jumpToEnd();
    readerScrollsTo(result, 0);
    result.current.scrollToBottom({ smooth: false });
    expect(distanceFromBottom()).toBe(0);
    expect(result.current.isAtBottom()).toBe(true);
    expect(onBottom).toHaveBeenCalledTimes(1);
  });

  it('given scrollToBottom, should tween there, not following new content on the way', async () => {
    const onBottom = vi.fn();
    const result = await renderScroll({ onBottom });
    result.current.jumpToEnd();
    readerScrollsTo(result, 0);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    result.current.scrollToBottom();
    vi.advanceTimersByTime(16 * 9);
    // The tween's own scroll events neither end nor decide anything.
    expect(result.current.handleScroll(scroller)).toBe(false);
    expect(result.current.isFollowing()).toBe(false);
    expect(distanceFromBottom()).toBeGreaterThan(10);
    expect(onBottom).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16 * 11);
    expect(distanceFromBottom()).toBe(0);
    expect(result.current.isFollowing()).toBe(true);
    expect(onBottom).toHaveBeenCalledTimes(1);
  });
});
