import { forwardRef, type HTMLAttributes, useEffect, useState } from 'react';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { useComposerStatus, useComposerText } from './context.js';

/** Whether a counter is near its limit: the last 10 % (at least 10 characters). */
function nearLimit(count: number, max: number): boolean {
  return max - count <= Math.max(10, Math.ceil(max * 0.1));
}

/** Typing pause before the counter is announced, so a screen reader does not talk over each key. */
export const COMPOSER_COUNTER_ANNOUNCE_DELAY = 500;

/** The share of `maxLength` from which the counter shows by default. */
export const COMPOSER_COUNTER_FROM = 0.8;

/**
 * `count/max` under the input when `maxLength` is set (not in voice mode), once the text nears the
 * limit: from `counterFrom` characters, by default 80 % of `maxLength`. Shown and near the limit
 * (the last 10 %, at least 10 characters), it is announced politely once typing pauses.
 */
export const ComposerCounter = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function ComposerCounter({ className, ...rest }, ref) {
    const { t } = useLocale();
    const { value } = useComposerText('Counter');
    const { maxLength, counterFrom, mode } = useComposerStatus('Counter');
    const count = value.length;
    const shown =
      maxLength !== undefined && count >= (counterFrom ?? Math.ceil(maxLength * COMPOSER_COUNTER_FROM));
    const near = shown && nearLimit(count, maxLength);
    const message = near ? t('composer.counter', { count, max: maxLength }) : '';
    const [announced, setAnnounced] = useState('');
    useEffect(() => {
      if (!message) {
        setAnnounced('');
        return;
      }
      const timer = setTimeout(() => setAnnounced(message), COMPOSER_COUNTER_ANNOUNCE_DELAY);
      return () => clearTimeout(timer);
    }, [message]);
    // Voice mode has no text to count.
    if (maxLength === undefined || mode === 'voice') return null;
    // Hidden, it keeps its live region in the page, so the first announcement is heard.
    return (
      <div
        ref={ref}
        {...rest}
        className={cn(shown ? 'parley-composer__counter' : 'parley-visually-hidden', className)}
        data-slot="composer-counter"
        data-state={!shown ? 'hidden' : count >= maxLength ? 'full' : near ? 'near' : undefined}
      >
        {shown && (
          <span aria-hidden="true">
            {count}/{maxLength}
          </span>
        )}
        <span className="parley-visually-hidden" role="status">
          {announced}
        </span>
      </div>
    );
  },
);
