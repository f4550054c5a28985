import type { ToastHandle } from '@parley/chat-ui/Toast';
import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// The kit's toasts (their store and the Toaster) are only needed once something goes wrong or a
// form is sent, so they load with the first toast instead of with the page.
const loadToast = () => import('@parley/chat-ui/Toast');
// A failed download shows no Toaster rather than breaking the page (showToast then rejects, and
// the caller keeps its notice).
const Toaster = lazy<ComponentType>(() =>
  loadToast().then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * The first toast waits until the Toaster's live region has been on the page this long: a region
 * that appears with its text already inside is not announced by every screen reader.
 */
const REGION_SETTLE_MS = 100;
/** A page without a Toaster does not hold its toasts longer than this. */
const REGION_WAIT_MAX_MS = 1000;

let markRegionReady: () => void = () => {};
const regionReady = new Promise<void>((resolve) => {
  markRegionReady = resolve;
});

/** Mounted with the Toaster (the same Suspense boundary): its live region is on the page. */
function RegionReady() {
  useEffect(() => {
    const timer = setTimeout(markRegionReady, REGION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Shows a toast through the kit, loading it first if needed. An error stays until the visitor
 * dismisses it or the caller does (with the handle, once the problem is resolved); a success stays
 * as long as its text takes to read. Resolves with the toast's handle once it is shown; rejects if
 * the kit's toast code cannot be loaded (a caller can keep the notice and try again).
 */
export async function showToast(type: 'error' | 'success', text: string): Promise<ToastHandle> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await loadToast();
  await Promise.race([regionReady, new Promise((resolve) => setTimeout(resolve, REGION_WAIT_MAX_MS))]);
  return toast[type](text);
}

/**
 * Where the toasts appear: renders the kit's Toaster from the first toast on, which is put in once
 * the Toaster's live region is on the page, so that it is announced.
 */
export function DeferredToaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <RegionReady />
    </Suspense>
  );
}
