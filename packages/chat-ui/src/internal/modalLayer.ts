// The kit's open modal dialogs, topmost last. A modal <dialog> makes everything outside it inert
// (hidden from screen readers too), so surfaces that must stay usable above it (the Toaster)
// render into the topmost one while it is open.
let stack: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly HTMLElement[]) {
  stack = next;
  for (const listener of listeners) listener();
}

export const modalLayer = {
  push(element: HTMLElement): () => void {
    publish([...stack, element]);
    return () => publish(stack.filter((item) => item !== element));
  },
  top: (): HTMLElement | null => stack[stack.length - 1] ?? null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
