import {
  forwardRef,
  type HTMLAttributes,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { IconAlert, IconCheck, IconClose, IconInfo, IconSpinner } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { modalLayer } from '../internal/modalLayer.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type ToastSnapshot, type ToastStore, type ToastType, toast } from './toastStore.js';

const icons: Record<ToastType, typeof IconInfo> = {
  info: IconInfo,
  success: IconCheck,
  error: IconAlert,
  loading: IconSpinner,
};

// Server renders never show toasts: a module-level store would leak them between requests.
const serverSnapshot: ToastSnapshot = { current: null, queue: [] };
const getServerSnapshot = () => serverSnapshot;

/** The toast on screen and the queue, from a store (the shared `toast` by default). */
export function useToasts(store: ToastStore = toast): ToastSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
}

/** Where the toaster may sit: the middle of the screen first, then its top or bottom edge. */
const PLACEMENTS = ['center', 'start', 'end'] as const;

const overlap = (a: DOMRect, b: DOMRect) =>
  a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;

/**
 * Keeps the toast off the control that has the keyboard focus (WCAG 2.4.11): a toast that stays
 * until dismissed must not hide where the visitor is typing. When the toast would cover the
 * focused control, the toaster moves to the first placement where it does not.
 */
function useClearOfFocus(region: HTMLElement | null, toastId: number | undefined) {
  useEffect(() => {
    if (!region) return;
    region.dataset.placement = 'center';
    if (toastId === undefined) return;
    const document = region.ownerDocument;
    const place = () => {
      const focused = document.activeElement;
      const shown = region.querySelector('[data-slot="toast"]');
      if (!focused || !shown || focused === document.body || shown.contains(focused)) return;
      const target = focused.getBoundingClientRect();
      if (!overlap(shown.getBoundingClientRect(), target)) return;
      const before = region.dataset.placement;
      const clear = PLACEMENTS.find((placement) => {
        region.dataset.placement = placement;
        return !overlap(shown.getBoundingClientRect(), target);
      });
      region.dataset.placement = clear ?? before;
    };
    place();
    document.addEventListener('focusin', place);
    return () => document.removeEventListener('focusin', place);
  }, [region, toastId]);
}

export interface ToasterProps extends HTMLAttributes<HTMLDivElement> {
  /** The store to show. Default: the kit's shared `toast`. */
  store?: ToastStore;
}

/**
 * Shows the toasts of a store, one at a time, in a polite live region (`role="status"`). Mount it
 * once, inside your LocaleProvider and themed container; then call `toast.show()` from anywhere.
 * A toast that stays until dismissed (errors and loading by default, or `duration: -1`) gets a
 * dismiss button; the others stay as long as their text takes to read, and pointing at or focusing
 * one holds its countdown. The toast sits in the middle of the screen, or at an edge when it would
 * hide the control that has the keyboard focus. While a Modal, Popup or Confirm is open,
 * toasts show inside it (the page behind a modal dialog is inert and hidden from screen readers).
 *
 * @example
 * <Toaster />
 * // anywhere:
 * toast.success('Thanks for your rating');
 * toast.show('Reconnecting…', { type: 'loading', duration: -1 });
 */
export const Toaster = forwardRef<HTMLDivElement, ToasterProps>(function Toaster(
  { store = toast, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { current } = useToasts(store);
  const Icon = current ? icons[current.type] : null;
  // The region itself (it moves into an open modal and back), for useClearOfFocus.
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      setRegion(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  useClearOfFocus(region, current?.id);
  // While a kit modal is open the rest of the page is inert, so the toasts move into it.
  const layer = useSyncExternalStore(modalLayer.subscribe, modalLayer.top, () => null);
  const live = (
    <div
      ref={setRefs}
      role="status"
      aria-live="polite"
      {...rest}
      data-slot="toaster"
      className={cn('parley-toaster', className)}
      data-state={current ? 'open' : 'closed'}
    >
      {current && Icon && (
        // Pointer and focus only hold the countdown; they are not an interaction of their own.
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: see above
        <div
          key={current.id}
          data-slot="toast"
          className="parley-toast"
          data-type={current.type}
          data-toast-id={current.id}
          onPointerEnter={store.pause}
          onPointerLeave={store.resume}
          onFocus={store.pause}
          onBlur={store.resume}
        >
          <Icon className="parley-toast__icon" />
          <p data-slot="toast-content" className="parley-toast__content">
            <span className="parley-visually-hidden">{t(`toast.${current.type}`)}: </span>
            {current.content}
          </p>
          {current.duration < 0 && (
            <button
              type="button"
              className="parley-toast__dismiss"
              aria-label={t('toast.dismiss')}
              onClick={() => store.dismiss(current.id)}
            >
              <IconClose />
            </button>
          )}
        </div>
      )}
    </div>
  );
  return layer ? createPortal(live, layer) : live;
});
