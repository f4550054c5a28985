import { useCallback, useRef, useState } from 'react';

/** Older history loads when the reader is this close to the top (px). */
export const MESSAGE_LIST_LOAD_MORE_THRESHOLD = 40;

export interface LoadMoreOptions {
  /** Loads older history; the list shows progress until it settles. */
  onLoadMore?: () => Promise<unknown>;
  /** Whether older history exists. */
  hasMore: boolean;
  /** False while older rows already there are hidden (a long list waiting for its virtualiser). Default true. */
  enabled?: boolean;
}

export interface LoadMore {
  /** Whether a load is under way. */
  loading: boolean;
  /** Call on every scroll event: near the top of a scrolling list, starts one load at a time. */
  handleScroll: (scroller: HTMLElement) => void;
}

/**
 * Loads older history when the reader reaches the top, one load at a time. A failed load only
 * ends the progress; the next scroll to the top tries again.
 */
export function useLoadMore({ onLoadMore, hasMore, enabled = true }: LoadMoreOptions): LoadMore {
  const [loading, setLoading] = useState(false);
  const running = useRef(false);
  const handleScroll = useCallback(
    (scroller: HTMLElement) => {
      if (
        !hasMore ||
        !onLoadMore ||
        !enabled ||
        running.current ||
        scroller.scrollTop > MESSAGE_LIST_LOAD_MORE_THRESHOLD ||
        scroller.scrollHeight <= scroller.clientHeight
      ) {
        return;
      }
      running.current = true;
      setLoading(true);
      onLoadMore()
        .catch(() => undefined)
        .finally(() => {
          running.current = false;
          setLoading(false);
        });
    },
    [hasMore, onLoadMore, enabled],
  );
  return { loading, handleScroll };
}
