import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: pending shows loading after this delay. */
export const MESSAGE_STATUS_DELAY = 800;
/** Spec section 9: pending turns to fail after this long. */
export const MESSAGE_STATUS_MAX_DELAY = 12_000;
/** Spec section 9: while pending, the retry callback fires this often. */
export const MESSAGE_STATUS_RETRY_INTERVAL = 5_000;

/**
 * A message's delivery status as the product knows it (spec: pending, sent, fail), and `read`:
 * the visitor's message was read by the other side (an agent opened it). `read` is treated as
 * `sent` by the timers.
 */
export type DeliveryStatus = 'pending' | 'sent' | 'read' | 'fail';
/**
 * What the widget shows: nothing yet (`idle`), a spinner (`loading`), a retry button (`fail`),
 * "Seen" (`read`).
 */
export type MessageStatusState = 'idle' | 'loading' | 'fail' | 'read';

/** What a settled (not pending) status shows. */
function settled(status: DeliveryStatus | undefined): MessageStatusState {
  return status === 'fail' ? 'fail' : status === 'read' ? 'read' : 'idle';
}

/**
 * Who times the delivery: `spec` (default) runs the spec's generic widget cycle (fail after
 * 12 000 ms, retry every 5 000 ms); `product` leaves both to the product that sends the message
 * (its own request timeouts and retries) and shows only what it is told, with the spinner after
 * 800 ms. A product whose sends can take longer than 12 s (uploads on a slow network) wants
 * `product`, or the widget says "Not sent" while the upload still runs.
 */
export type MessageStatusTimers = 'spec' | 'product';
export interface UseMessageStatusOptions {
  /**
   * The delivery status. `sent` clears everything; `read` shows "Seen"; `fail` shows the retry
   * button at once.
   */
  status?: DeliveryStatus;
  /** Called every 5 000 ms while pending, and when the reader presses retry. */
  onRetry?: () => void;
  /** Called when the status turns to fail after 12 000 ms without an answer (`timers: 'spec'`). */
  onTimeout?: () => void;
  /**
   * Who times the delivery.
   * @default spec
   */
  timers?: MessageStatusTimers;
}

export interface UseMessageStatusResult {
  state: MessageStatusState;
  /** Restarts the pending cycle and calls `onRetry`. */
  retry: () => void;
}

/**
 * The delivery-status cycle without markup: pending -> loading after 800 ms -> fail after
 * 12 000 ms, a retry callback every 5 000 ms while pending; `retry()` restarts the cycle.
 *
 * @example
 * const { state, retry } = useMessageStatus({ status: message.status, onRetry: resend });
 */
export function useMessageStatus({
  status,
  onRetry,
  onTimeout,
  timers = 'spec',
}: UseMessageStatusOptions): UseMessageStatusResult {
  const [state, setState] = useState<MessageStatusState>(() =>
    status === 'pending' ? 'idle' : settled(status),
  );
  const [cycle, setCycle] = useState(0);
  // A retry restarts the pending cycle locally, even when the product still says `fail`, until
  // the product reports a new status.
  const [retriedStatus, setRetriedStatus] = useState<DeliveryStatus | undefined | null>(null);
  const effective = retriedStatus !== null && retriedStatus === status ? 'pending' : status;
  const callbacks = useRef({ onRetry, onTimeout });
  callbacks.current = { onRetry, onTimeout };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `cycle` restarts the timers on retry
  useEffect(() => {
    if (effective !== 'pending') {
      setState(settled(effective));
      return;
    }
    setState('idle');
    const loading = setTimeout(() => setState('loading'), MESSAGE_STATUS_DELAY);
    if (timers === 'product') return () => clearTimeout(loading);
    const retrying = setInterval(() => callbacks.current.onRetry?.(), MESSAGE_STATUS_RETRY_INTERVAL);
    const failing = setTimeout(() => {
      clearInterval(retrying);
      setState('fail');
      callbacks.current.onTimeout?.();
    }, MESSAGE_STATUS_MAX_DELAY);
    return () => {
      clearTimeout(loading);
      clearTimeout(failing);
      clearInterval(retrying);
    };
  }, [effective, cycle, timers]);

  const retry = useCallback(() => {
    callbacks.current.onRetry?.();
    setRetriedStatus(status);
    setCycle((value) => value + 1);
  }, [status]);

  return { state, retry };
}
