import { type DragEvent, type DragEventHandler, useRef, useState } from 'react';
import { composeHandlers } from '../internal/useControllableState.js';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export interface FileDropOptions<T extends Element> {
  /** Whether files are taken at all (a handler exists and the composer is enabled). */
  enabled: boolean;
  /** Called with the dropped files. */
  onFiles: (files: File[]) => void;
  /** The element's own handlers, composed before the drop handling. */
  handlers?: {
    onDragEnter?: DragEventHandler<T>;
    onDragOver?: DragEventHandler<T>;
    onDragLeave?: DragEventHandler<T>;
    onDrop?: DragEventHandler<T>;
  };
}

/**
 * Files dropped on an element: `dragging` while files are over it (nested children counted), and
 * the four handlers to spread on it.
 *
 * @example
 * const { dragging, dropHandlers } = useFileDrop({ enabled: true, onFiles: upload });
 * <div {...dropHandlers} data-dragging={dragging ? '' : undefined} />
 */
export function useFileDrop<T extends Element>({ enabled, onFiles, handlers = {} }: FileDropOptions<T>) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const dropHandlers = {
    onDragEnter: composeHandlers(handlers.onDragEnter, (event: DragEvent<T>) => {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    }),
    onDragOver: composeHandlers(handlers.onDragOver, (event: DragEvent<T>) => {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }),
    onDragLeave: composeHandlers(handlers.onDragLeave, () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    }),
    onDrop: composeHandlers(handlers.onDrop, (event: DragEvent<T>) => {
      depth.current = 0;
      setDragging(false);
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      onFiles(Array.from(event.dataTransfer.files));
    }),
  };
  return { dragging, dropHandlers };
}
