import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageModel } from '../Message/model.js';
import type { VirtualRows } from './VirtualRows.js';

/**
 * Longer lists are virtualised. The virtualiser (about 10 KB) is downloaded only when a list first
 * grows past this many messages, so a short conversation never pays for it.
 */
export const MESSAGE_LIST_VIRTUALIZE_AFTER = 150;

let virtualRows: typeof VirtualRows | undefined;
let virtualRowsLoading: Promise<typeof VirtualRows> | undefined;
function loadVirtualRows(): Promise<typeof VirtualRows> {
  virtualRowsLoading ??= import('./VirtualRows.js').then(
    (module) => {
      virtualRows = module.VirtualRows;
      return module.VirtualRows;
    },
    (error: unknown) => {
      virtualRowsLoading = undefined; // a later long list may try again
      throw error;
    },
  );
  return virtualRowsLoading;
}

/**
 * Downloads the virtualiser long lists use, ahead of need (for an app that opens on a long
 * history). `MessageList` does this by itself otherwise.
 */
export function preloadMessageListVirtualizer(): Promise<void> {
  return loadVirtualRows().then(() => undefined);
}

export interface VirtualRowsMode {
  /** The virtualised rows, once they have taken over the list; undefined while rows are in flow. */
  Virtual: typeof VirtualRows | undefined;
  /**
   * The index of the first row shown in flow: above 0 only while a long list mounted before the
   * virtualiser arrived shows its newest messages (older ones, and history loading, wait).
   */
  tailStart: number;
  /** Lets a downloaded virtualiser take over now: call it when the reader is at the bottom. */
  virtualiseAtBottom: () => void;
}

/**
 * Decides how the rows are drawn: in flow up to `MESSAGE_LIST_VIRTUALIZE_AFTER` messages,
 * virtualised past it. The virtualiser is downloaded the first time the list is long, and takes
 * over once it has arrived and the reader is at the bottom (at once for a list shown in part), so
 * a reader scrolled up is never moved by the switch. If the download fails every row stays in
 * flow: slower, nothing hidden.
 */
export function useVirtualRows(items: readonly MessageModel[], isAtBottom: () => boolean): VirtualRowsMode {
  const long = items.length > MESSAGE_LIST_VIRTUALIZE_AFTER;
  const [Virtual, setVirtual] = useState(() => virtualRows);
  const [failed, setFailed] = useState(false);
  const [virtualised, setVirtualised] = useState(() => long && virtualRows !== undefined);
  const [tailFrom] = useState(() =>
    long && !virtualRows ? items[items.length - MESSAGE_LIST_VIRTUALIZE_AFTER]?._id : undefined,
  );
  const tailStart =
    tailFrom !== undefined && !virtualised && !failed
      ? Math.max(
          0,
          items.findIndex((message) => message._id === tailFrom),
        )
      : 0;

  useEffect(() => {
    if (!long || Virtual || failed) return;
    let live = true;
    loadVirtualRows().then(
      (component) => live && setVirtual(() => component),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [long, Virtual, failed]);

  const canVirtualise = useRef(false);
  canVirtualise.current = Virtual !== undefined && long && !virtualised;
  const virtualiseAtBottom = useCallback(() => {
    if (canVirtualise.current) setVirtualised(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the virtualiser arrives or the list becomes long
  useEffect(() => {
    if (canVirtualise.current && (isAtBottom() || tailFrom !== undefined)) setVirtualised(true);
  }, [Virtual, long, tailFrom]);

  return { Virtual: virtualised ? Virtual : undefined, tailStart, virtualiseAtBottom };
}
