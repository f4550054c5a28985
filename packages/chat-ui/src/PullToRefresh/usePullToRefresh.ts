import { type PointerEvent, type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Pull distance (px) at which releasing refreshes. */
export const PULL_TRIGGER = 20;
/** Distance (px) held while loading. */
export const PULL_LOADING = 30;
/** The farthest (px) the content follows the finger. */
export const PULL_MAX = 60;
/** The finger travels this many times the pull distance (resistance). */
export const PULL_RATIO = 2;

/** `pending`: at rest. `pull`: pulled less than the trigger. `active`: release to refresh. `loading`: refreshing. */
export type PullState = 'pending' | 'pull' | 'active' | 'loading';

/** The pull distance for a pointer travel: travel / ratio, between 0 and the maximum. */
export function pullDistance(travel: number): number {
  return Math.min(Math.max(travel, 0) / PULL_RATIO, PULL_MAX);
}

/** The state for a pull distance while the finger is down. */
export function pullStateFor(distance: number): PullState {
  if (distance >= PULL_TRIGGER) return 'active';
  return distance > 0 ? 'pull' : 'pending';
}

export interface UsePullToRefreshOptions {
  /** Loads more (earlier messages). Pulling holds at the loading distance until it settles. */
  onRefresh: () => Promise<unknown> | unknown;
  /** Ignore pulls, e.g. when there is nothing more to load. */
  disabled?: boolean;
  /** Whether the pull may start: default when the element is scrolled to the top. */
  canStart?: (element: HTMLElement) => boolean;
}

/**
 * Pull-to-refresh behaviour for any markup: spread `handlers` on the scrolling element, show
 * `distance` and `state`. Touch and pen pull (pointer events, with touch events where pointer
 * events are cancelled by scrolling); `refresh()` serves a button for mouse and keyboard users.
 */
export function usePullToRefresh({ onRefresh, disabled = false, canStart }: UsePullToRefreshOptions) {
  const [state, setState] = useState<PullState>('pending');
  const [distance, setDistance] = useState(0);
  const start = useRef<number | null>(null);
  const viaTouch = useRef(false);
  const loading = useRef(false);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    setState('loading');
    setDistance(PULL_LOADING);
    try {
      await refreshRef.current();
    } finally {
      loading.current = false;
      if (mounted.current) {
        setState('pending');
        setDistance(0);
      }
    }
  }, []);

  const begin = (element: HTMLElement, y: number) => {
    if (disabled || loading.current) return;
    if (!(canStart ? canStart(element) : element.scrollTop <= 0)) return;
    start.current = y;
  };
  const move = (y: number) => {
    if (start.current === null) return;
    const next = pullDistance(y - start.current);
    setDistance(next);
    setState(pullStateFor(next));
  };
  const end = (cancelled: boolean) => {
    if (start.current === null) return;
    start.current = null;
    setState((current) => {
      if (current === 'active' && !cancelled) {
        queueMicrotask(() => void refresh());
        return current;
      }
      setDistance(0);
      return 'pending';
    });
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || viaTouch.current) return;
      begin(event.currentTarget, event.clientY);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!viaTouch.current) move(event.clientY);
    },
    onPointerUp: () => {
      if (!viaTouch.current) end(false);
    },
    onPointerCancel: () => {
      // Touch scrolling cancels pointer events; touch events carry on then.
      if (!viaTouch.current) end(true);
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      viaTouch.current = true;
      const touch = event.touches[0];
      if (touch) begin(event.currentTarget, touch.clientY);
    },
    onTouchMove: (event: TouchEvent<HTMLElement>) => {
      const touch = event.touches[0];
      if (touch) move(touch.clientY);
    },
    onTouchEnd: () => {
      end(false);
      viaTouch.current = false;
    },
    onTouchCancel: () => {
      end(true);
      viaTouch.current = false;
    },
  };

  return { state, distance, dragging: start.current !== null, refresh, handlers };
}
