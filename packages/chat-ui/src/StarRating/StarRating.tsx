import {
  forwardRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import { IconStar } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { fieldControlProps, joinIds, useFieldContext } from '../internal/field.js';
import { composeHandlers, useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface StarRatingProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue' | 'children'> {
  /** Controlled value: 0 (none) to `max`. */
  value?: number;
  /** Initial value when uncontrolled. Default 0 (none). */
  defaultValue?: number;
  /** Called with the newly chosen value. */
  onValueChange?: (value: number) => void;
  /** Number of stars. Without it, the number of `labels`, or 5. */
  max?: number;
  /**
   * A label per star, lowest first (e.g. the evaluation's star list: 'Very poor' ... 'Excellent').
   * Each star is named by it, and the chosen (or hovered) one is shown beside the stars.
   */
  labels?: readonly string[];
  /** Shows the value without letting it change; read as one image ("4 of 5 stars"). */
  readOnly?: boolean;
  /** No star can be chosen or focused. Inside a Field, the Field's `disabled` applies when absent. */
  disabled?: boolean;
  /**
   * Marks the rating required (`aria-required`). Inside a Field, the Field's `required` applies
   * when absent.
   */
  required?: boolean;
  /** Accessible name when not inside a Field. Without it, the locale's "Rating". */
  'aria-label'?: string;
  /** Content after the stars, e.g. your own caption. */
  children?: ReactNode;
}

/**
 * A star rating with radio-group semantics: each star is a radio named "4 of 5 stars" (or by
 * `labels`), one tab stop, arrow keys move and select (mirrored right to left), Home and End jump
 * to the ends. `readOnly` shows a value as a single image. Inside a Field it is labelled,
 * described and marked invalid by it.
 *
 * @example
 * <Field label="How did we do?" required>
 *   <StarRating labels={['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']} onValueChange={setStars} />
 * </Field>
 */
export const StarRating = forwardRef<HTMLDivElement, StarRatingProps>(function StarRating(
  {
    value: valueProp,
    defaultValue = 0,
    onValueChange,
    max: maxProp,
    labels,
    readOnly = false,
    disabled,
    required,
    className,
    onKeyDown,
    children,
    ...rest
  },
  ref,
) {
  const { t, dir } = useLocale();
  const field = useFieldContext();
  const captionId = useId();
  const max = maxProp ?? labels?.length ?? 5;
  const [value, setValue] = useControllableState(valueProp, defaultValue, onValueChange);
  const [hovered, setHovered] = useState(0);
  const starRefs = useRef<Array<HTMLSpanElement | null>>([]);
  const wired = fieldControlProps(field, { ...rest, disabled, required });
  const isDisabled = Boolean(wired.disabled);
  const starName = (star: number) => labels?.[star - 1] ?? t('starRating.star', { value: star, max });
  const shown = hovered || value;
  const caption = labels && shown > 0 ? labels[shown - 1] : undefined;
  const classes = cn('parley-star-rating', className);

  if (readOnly) {
    return (
      <div
        ref={ref}
        role="img"
        aria-label={value > 0 ? starName(value) : t('starRating.star', { value: 0, max })}
        {...rest}
        className={classes}
        data-readonly=""
      >
        {Array.from({ length: max }, (_, index) => index + 1).map((star) => (
          <span key={star} className="parley-star-rating__star" data-state={star <= value ? 'on' : 'off'}>
            <IconStar />
          </span>
        ))}
        {caption && (
          <span data-slot="star-rating-caption" className="parley-star-rating__caption" aria-hidden="true">
            {caption}
          </span>
        )}
        {children}
      </div>
    );
  }

  const choose = (star: number) => {
    if (isDisabled) return;
    setValue(star);
    starRefs.current[star - 1]?.focus();
  };

  const handleKeyDown = composeHandlers(onKeyDown, (event: KeyboardEvent<HTMLDivElement>) => {
    const current = value || 0;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward || event.key === 'ArrowUp') next = Math.min(max, current + 1);
    else if (event.key === backward || event.key === 'ArrowDown') next = Math.max(1, current - 1);
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = max;
    else if (event.key === ' ' || event.key === 'Enter') {
      const focused = starRefs.current.indexOf(document.activeElement as HTMLSpanElement);
      if (focused >= 0) next = focused + 1;
    }
    if (next === null) return;
    event.preventDefault();
    choose(next);
  });

  // One tab stop: the chosen star, or the first when none is chosen.
  const tabStop = value > 0 ? value : 1;

  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-label={rest['aria-labelledby'] || field ? undefined : t('starRating.label')}
      aria-labelledby={field?.labelId}
      aria-required={wired.required || undefined}
      {...rest}
      id={wired.id}
      aria-describedby={joinIds(wired['aria-describedby'], caption && captionId)}
      aria-invalid={wired['aria-invalid']}
      aria-errormessage={wired['aria-errormessage']}
      aria-disabled={isDisabled || undefined}
      className={classes}
      data-disabled={isDisabled || undefined}
      onKeyDown={handleKeyDown}
      onPointerLeave={() => setHovered(0)}
    >
      {Array.from({ length: max }, (_, index) => index + 1).map((star) => (
        // The group handles the keys (roving focus); a native radio cannot draw a star or mirror
        // its arrow keys, so each star is a span with the radio role.
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the radiogroup
        // biome-ignore lint/a11y/useSemanticElements: see above
        <span
          key={star}
          ref={(node) => {
            starRefs.current[star - 1] = node;
          }}
          role="radio"
          aria-checked={value === star}
          aria-label={starName(star)}
          tabIndex={isDisabled ? -1 : star === tabStop ? 0 : -1}
          className="parley-star-rating__star"
          data-state={star <= shown ? 'on' : 'off'}
          onClick={() => choose(star)}
          onPointerEnter={() => !isDisabled && setHovered(star)}
        >
          <IconStar />
        </span>
      ))}
      {caption && (
        <span
          id={captionId}
          data-slot="star-rating-caption"
          className="parley-star-rating__caption"
          aria-hidden="true"
        >
          {caption}
        </span>
      )}
      {children}
    </div>
  );
});
