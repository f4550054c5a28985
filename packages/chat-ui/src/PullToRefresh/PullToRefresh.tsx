import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { IconSpinner } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type UsePullToRefreshOptions, usePullToRefresh } from './usePullToRefresh.js';

export interface PullToRefreshProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'onRefresh'>,
    UsePullToRefreshOptions {
  /** The scrolling content, e.g. the message list. */
  children?: ReactNode;
  /** Show the "Load earlier messages" button. Default true (it serves mouse and keyboard users). */
  showButton?: boolean;
}

/**
 * Pull down at the top to load earlier messages: pending, pull, active (20 px, release to load),
 * loading (held at 30 px until `onRefresh` settles); the content follows the finger at half its
 * travel, up to 60 px. A "Load earlier messages" button does the same for mouse and keyboard
 * users, and loading is announced politely.
 *
 * @example
 * <PullToRefresh onRefresh={() => loadHistory()}>{messages}</PullToRefresh>
 */
export const PullToRefresh = forwardRef<HTMLDivElement, PullToRefreshProps>(function PullToRefresh(
  { onRefresh, disabled, canStart, showButton = true, className, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { state, distance, dragging, refresh, handlers } = usePullToRefresh({
    onRefresh,
    disabled,
    canStart,
  });
  const hint =
    state === 'active'
      ? t('pullToRefresh.release')
      : state === 'loading'
        ? t('pullToRefresh.loading')
        : t('pullToRefresh.pull');
  return (
    <div
      ref={ref}
      {...rest}
      {...handlers}
      data-slot="pull"
      className={cn('parley-pull', className)}
      data-state={state}
      data-dragging={dragging || undefined}
    >
      <div
        data-slot="pull-indicator"
        className="parley-pull__indicator"
        aria-hidden="true"
        style={{ blockSize: `${distance}px` }}
      >
        {state !== 'pending' && (
          <span data-slot="pull-hint" className="parley-pull__hint">
            {state === 'loading' && <IconSpinner className="parley-pull__spinner" />}
            {hint}
          </span>
        )}
      </div>
      <div className="parley-pull__status" role="status">
        {state === 'loading' ? t('pullToRefresh.loading') : ''}
      </div>
      {showButton && (
        <button
          type="button"
          className="parley-pull__button"
          // aria-disabled while loading keeps focus on the button
          disabled={disabled}
          aria-disabled={state === 'loading' || undefined}
          onClick={() => void refresh()}
        >
          {t('pullToRefresh.button')}
        </button>
      )}
      {children}
    </div>
  );
});
