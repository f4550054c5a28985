import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import {
  MESSAGE_LIST_BACK_TO_BOTTOM_MIN,
  MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS,
  useBackToBottom,
} from './useBackToBottom.js';

/** A scroller `distance` px above its bottom, `viewport` px tall. */
const scrolledUp = (distance: number, viewport: number) =>
  ({ scrollHeight: 10_000, clientHeight: viewport, scrollTop: 10_000 - viewport - distance }) as HTMLElement;

describe('useBackToBottom', () => {
  it('given the spec, should use 3 viewport heights and at least 600 px', () => {
    expect(MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS).toBe(3);
    expect(MESSAGE_LIST_BACK_TO_BOTTOM_MIN).toBe(600);
  });

  it('given messages counted while scrolled up, should show the count until cleared', async () => {
    const { result, act } = await renderHook(() => useBackToBottom());
    expect(result.current).toMatchObject({ unread: 0, visible: false });
    await act(() => result.current.addUnread(2));
    await act(() => result.current.addUnread(1));
    expect(result.current).toMatchObject({ unread: 3, visible: true });
    await act(() => result.current.clearUnread());
    expect(result.current).toMatchObject({ unread: 0, visible: false });
  });

  it('given a 300 px viewport, should show the button only past 900 px from the bottom', async () => {
    const { result, act } = await renderHook(() => useBackToBottom());
    await act(() => result.current.measure(scrolledUp(900, 300)));
    expect(result.current.visible).toBe(false);
    await act(() => result.current.measure(scrolledUp(901, 300)));
    expect(result.current.visible).toBe(true);
    await act(() => result.current.measure(scrolledUp(0, 300)));
    expect(result.current.visible).toBe(false);
  });

  it('given a 150 px viewport, should use the 600 px minimum', async () => {
    const { result, act } = await renderHook(() => useBackToBottom());
    await act(() => result.current.measure(scrolledUp(600, 150)));
    expect(result.current.visible).toBe(false);
    await act(() => result.current.measure(scrolledUp(601, 150)));
    expect(result.current.visible).toBe(true);
  });

  it('given unread messages and the reader back near the bottom, should keep showing the count', async () => {
    const { result, act } = await renderHook(() => useBackToBottom());
    await act(() => result.current.addUnread(1));
    await act(() => result.current.measure(scrolledUp(10, 300)));
    expect(result.current).toMatchObject({ unread: 1, visible: true });
  });
});
