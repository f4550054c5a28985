import { type KeyboardEvent, type RefObject, useCallback } from 'react';

/** What marks a row of the list (each one focusable by script, `tabIndex={-1}`). */
export const ROW_SELECTOR = '[data-slot="message-list-item"]';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function rowsIn(scroller: HTMLElement): HTMLElement[] {
  return [...scroller.querySelectorAll<HTMLElement>(ROW_SELECTOR)];
}

const byIndex = (rows: HTMLElement[], index: number) =>
  rows.find((row) => Number(row.dataset.index) === index);

function focusRow(row: HTMLElement | undefined) {
  if (!row) return;
  row.focus({ preventScroll: true });
  row.scrollIntoView({ block: 'nearest' });
}

/**
 * Moves keyboard focus between the rows of a conversation, so a keyboard or screen-reader user can
 * read message by message (and see each one's time): ArrowUp and ArrowDown go to the previous and
 * next message (from the list itself, to the last and the first message in view), Home and End to
 * the oldest loaded and the newest. Keys pressed inside a message (a link, a form) are left alone.
 * A virtualised list that does not draw the row asked for yet scrolls there first, then focuses it.
 */
export function useRowFocus({
  scrollerRef,
  count,
  toEnd,
}: {
  scrollerRef: RefObject<HTMLElement | null>;
  /** How many rows the conversation has (drawn or not). */
  count: number;
  /** Puts the newest message in view at once (and follows new ones again). */
  toEnd: () => void;
}) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const scroller = scrollerRef.current;
      const target = event.target as HTMLElement;
      if (
        !scroller ||
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey
      ) {
        return;
      }
      const onList = target === scroller;
      if (!onList && !(target.matches(ROW_SELECTOR) && scroller.contains(target))) return;
      const rows = rowsIn(scroller);
      if (rows.length === 0) return;
      let row: HTMLElement | undefined;
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        const up = event.key === 'ArrowUp';
        if (onList) {
          const view = scroller.getBoundingClientRect();
          const inView = rows.filter((candidate) => {
            const box = candidate.getBoundingClientRect();
            return box.bottom > view.top + 1 && box.top < view.bottom - 1;
          });
          row = up ? inView.at(-1) : inView[0];
        } else {
          // By index, not by place among the drawn rows: a virtualised list keeps the focused row
          // drawn when it scrolls far away, so its neighbours may not be drawn beside it.
          const wanted = Number(target.dataset.index) + (up ? -1 : 1);
          if (wanted < 0 || wanted >= count) return;
          row = byIndex(rows, wanted);
          if (!row) {
            event.preventDefault();
            target.scrollIntoView({ block: 'nearest' });
            void nextFrame()
              .then(nextFrame)
              .then(() => focusRow(byIndex(rowsIn(scroller), wanted)));
            return;
          }
        }
        // Past the first or the last message the key scrolls as it would (to older history, say).
        if (!row) return;
        event.preventDefault();
        focusRow(row);
        return;
      }
      if (event.key !== 'Home' && event.key !== 'End') return;
      event.preventDefault();
      const toFirst = event.key === 'Home';
      const pick = () => {
        const found = rowsIn(scroller);
        return toFirst ? found[0] : found.at(-1);
      };
      const edge = pick();
      if (toFirst) scroller.scrollTop = 0;
      else toEnd();
      if (Number(edge?.dataset.index) === (toFirst ? 0 : count - 1)) {
        focusRow(edge);
        return;
      }
      // A virtualised list draws only the rows near the view: focus the end once it is drawn.
      void nextFrame()
        .then(nextFrame)
        .then(() => focusRow(pick()));
    },
    [scrollerRef, toEnd, count],
  );
}
