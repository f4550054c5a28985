import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { type LoadMoreOptions, MESSAGE_LIST_LOAD_MORE_THRESHOLD, useLoadMore } from './useLoadMore.js';

/** A scrolling list `top` px from its top. */
const at = (top: number, scrollHeight = 2000) =>
  ({ scrollTop: top, scrollHeight, clientHeight: 300 }) as HTMLElement;

function deferred() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = { resolve() {}, reject() {} };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

async function renderLoadMore(options: LoadMoreOptions) {
  return renderHook(() => useLoadMore(options));
}

describe('useLoadMore', () => {
  it('given the reader near the top, should load once at a time and show progress until it settles', async () => {
    const page = deferred();
    const onLoadMore = vi.fn(() => page.promise);
    const { result, act } = await renderLoadMore({ onLoadMore, hasMore: true });
    await act(() => result.current.handleScroll(at(MESSAGE_LIST_LOAD_MORE_THRESHOLD)));
    await act(() => result.current.handleScroll(at(0)));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(result.current.loading).toBe(true);
    page.resolve();
    await expect.poll(() => result.current.loading).toBe(false);
    await act(() => result.current.handleScroll(at(0)));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('given a failed load, should end the progress and try again on the next scroll to the top', async () => {
    const page = deferred();
    const onLoadMore = vi.fn(() => page.promise);
    const { result, act } = await renderLoadMore({ onLoadMore, hasMore: true });
    await act(() => result.current.handleScroll(at(0)));
    page.reject(new Error('offline'));
    await expect.poll(() => result.current.loading).toBe(false);
    await act(() => result.current.handleScroll(at(0)));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it.each([
    { when: 'the reader is further than the threshold from the top', options: {}, top: 41, height: 2000 },
    { when: 'there is no more history', options: { hasMore: false }, top: 0, height: 2000 },
    { when: 'it is not enabled', options: { enabled: false }, top: 0, height: 2000 },
    { when: 'the list does not scroll', options: {}, top: 0, height: 300 },
  ])('given $when, should not load', async ({ options, top, height }) => {
    const onLoadMore = vi.fn(async () => {});
    const { result, act } = await renderLoadMore({ onLoadMore, hasMore: true, ...options });
    await act(() => result.current.handleScroll(at(top, height)));
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
  });
});
