import { forwardRef, type HTMLAttributes } from 'react';
import { IconRetry, IconSpinner } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type UseMessageStatusOptions, useMessageStatus } from './useMessageStatus.js';

export interface MessageStatusProps
  extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'>,
    UseMessageStatusOptions {}

/**
 * The delivery status beside a visitor's message: nothing at first, a spinner after 800 ms, and
 * after 12 000 ms a retry button (an icon button named "Not sent. Retry"). While pending,
 * `onRetry` fires every 5 000 ms; pressing retry calls it and restarts the cycle. `sent` clears it;
 * `read` shows a small "Seen". "Seen" is not announced when it appears (a read receipt is not worth
 * interrupting a screen reader for): it is plain text, met when the reader reaches the message.
 * When the spec's retry of a failed send is wired by the product, `onRetry` is the place.
 *
 * @example
 * <MessageStatus status={message.status} onRetry={() => resend(message)} />
 */
export const MessageStatus = forwardRef<HTMLSpanElement, MessageStatusProps>(function MessageStatus(
  { status, onRetry, onTimeout, timers, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { state, retry } = useMessageStatus({ status, onRetry, onTimeout, timers });
  return (
    <span
      ref={ref}
      {...rest}
      data-slot="message-status"
      className={cn('parley-message-status', className)}
      data-state={state}
    >
      {state === 'loading' && (
        <span className="parley-message-status__loading">
          <IconSpinner size="1em" />
          <span className="parley-visually-hidden">{t('messageStatus.sending')}</span>
        </span>
      )}
      {state === 'read' && <span className="parley-message-status__read">{t('messageStatus.read')}</span>}
      {state === 'fail' && (
        <button
          type="button"
          className="parley-message-status__retry"
          aria-label={t('messageStatus.retry')}
          onClick={retry}
        >
          <IconRetry size="1em" />
        </button>
      )}
    </span>
  );
});
