import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { MESSAGE_LIST_SCROLL_DURATION, useScrollTween } from './useScrollTween.js';

let scroller: HTMLDivElement;
const distanceFromBottom = () => scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;

beforeEach(() => {
  scroller = document.createElement('div');
  scroller.style.cssText = 'block-size: 300px; overflow: auto';
  scroller.innerHTML = '<div style="block-size: 3000px"></div>';
  document.body.append(scroller);
  scroller.scrollTop = 0;
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  scroller.remove();
});

describe('useScrollTween', () => {
  it('given a start, should ease to the end over 300 ms, then call onFinish once', async () => {
    expect(MESSAGE_LIST_SCROLL_DURATION).toBe(300);
    const { result } = await renderHook(() => useScrollTween({ current: scroller }));
    const onFinish = vi.fn();
    result.current.start(scroller, onFinish);
    expect(result.current.isRunning()).toBe(true);
    vi.advanceTimersByTime(16 * 9); // about half way: an ease-out is past half the distance
    expect(scroller.scrollTop).toBeGreaterThan(2700 / 2);
    expect(distanceFromBottom()).toBeGreaterThan(10);
    expect(onFinish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16 * 11);
    expect(distanceFromBottom()).toBeLessThanOrEqual(1);
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(result.current.isRunning()).toBe(false);
  });

  it('given the end moving during the tween (rows measured), should still arrive at the end', async () => {
    const { result } = await renderHook(() => useScrollTween({ current: scroller }));
    result.current.start(scroller, () => {});
    vi.advanceTimersByTime(16 * 5);
    scroller.append(Object.assign(document.createElement('div'), { style: 'block-size: 500px' }));
    vi.advanceTimersByTime(16 * 15);
    expect(distanceFromBottom()).toBeLessThanOrEqual(1);
  });

  it.each(['wheel', 'touchstart', 'keydown'])(
    'given a %s on the scroller, should stop where it is',
    async (name) => {
      const { result } = await renderHook(() => useScrollTween({ current: scroller }));
      const onFinish = vi.fn();
      result.current.start(scroller, onFinish);
      vi.advanceTimersByTime(16 * 5);
      scroller.dispatchEvent(new Event(name));
      const stoppedAt = scroller.scrollTop;
      expect(result.current.isRunning()).toBe(false);
      vi.advanceTimersByTime(16 * 20);
      expect(scroller.scrollTop).toBe(stoppedAt);
      expect(onFinish).not.toHaveBeenCalled();
    },
  );

  it('given stop or an unmount, should not move any more', async () => {
    const { result, unmount } = await renderHook(() => useScrollTween({ current: scroller }));
    const onFinish = vi.fn();
    result.current.start(scroller, onFinish);
    vi.advanceTimersByTime(16 * 3);
    result.current.stop();
    const stoppedAt = scroller.scrollTop;
    vi.advanceTimersByTime(16 * 20);
    expect(scroller.scrollTop).toBe(stoppedAt);

    result.current.start(scroller, onFinish);
    vi.advanceTimersByTime(16 * 3);
    await unmount();
    const unmountedAt = scroller.scrollTop;
    vi.advanceTimersByTime(16 * 20);
    expect(scroller.scrollTop).toBe(unmountedAt);
    expect(onFinish).not.toHaveBeenCalled();
  });
});
