import { forwardRef, type HTMLAttributes, useState } from 'react';
import { IconThumbDown, IconThumbUp } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** A rating of an answer. */
export type Rate = 'up' | 'down';

export interface RateActionsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> {
  /** The chosen rating (controlled). `null` means not rated yet. */
  value?: Rate | null;
  /** The initial rating when uncontrolled, e.g. a rating saved earlier. */
  defaultValue?: Rate | null;
  /** Called once, with the visitor's choice. The choice then locks. */
  onChange?: (value: Rate) => void;
}

/**
 * Thumbs up / thumbs down under an answer. Once one is chosen the other hides and the choice
 * locks: `onChange` fires once. The chosen button stays, pressed and disabled, so the choice
 * remains visible and announced.
 *
 * @example
 * <RateActions onChange={(rate) => sendRating(messageId, rate)} />
 */
export const RateActions = forwardRef<HTMLDivElement, RateActionsProps>(function RateActions(
  { value: valueProp, defaultValue = null, onChange, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const [own, setOwn] = useState<Rate | null>(defaultValue);
  const value = valueProp !== undefined ? valueProp : own;
  const choose = (rate: Rate) => {
    if (value !== null) return;
    setOwn(rate);
    onChange?.(rate);
  };
  const buttons = [
    { rate: 'up' as const, Icon: IconThumbUp, label: t('rateActions.up') },
    { rate: 'down' as const, Icon: IconThumbDown, label: t('rateActions.down') },
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form fieldset
    <div
      ref={ref}
      role="group"
      aria-label={t('rateActions.label')}
      {...rest}
      data-slot="rate-actions"
      className={cn('parley-rate-actions', className)}
      data-state={value ?? 'unrated'}
    >
      {buttons.map(({ rate, Icon, label }) =>
        value !== null && value !== rate ? null : (
          <button
            key={rate}
            type="button"
            className="parley-rate-actions__button"
            data-rate={rate}
            aria-pressed={value === rate}
            aria-disabled={value !== null || undefined}
            aria-label={label}
            title={label}
            onClick={() => choose(rate)}
          >
            <Icon />
          </button>
        ),
      )}
      {value !== null && (
        <span className="parley-rate-actions__thanks" role="status">
          {t('rateActions.thanks')}
        </span>
      )}
    </div>
  );
});
