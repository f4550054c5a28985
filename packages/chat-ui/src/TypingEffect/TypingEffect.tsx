import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';
import { useReducedMotion } from '../internal/useReducedMotion.js';
import { type UseTypingEffectOptions, useTypingEffect } from './useTypingEffect.js';

export interface TypingEffectProps
  extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'>,
    UseTypingEffectOptions {
  /** Plain text to reveal. It is never parsed as markup. */
  text: string;
}

/**
 * Plain text revealed progressively, 1 character every 80 ms from the 5th. Screen readers get the
 * whole text at once (the animated copy is hidden from them); with reduced motion the whole text
 * shows at once. Text only: it never injects HTML.
 *
 * @example
 * <TypingEffect text={answer} onComplete={() => markTyped(message._id)} />
 */
export const TypingEffect = forwardRef<HTMLSpanElement, TypingEffectProps>(function TypingEffect(
  { text, interval, step, initialIndex, enabled = true, onComplete, className, ...rest },
  ref,
) {
  const reduced = useReducedMotion();
  const { visibleText, done } = useTypingEffect(text, {
    interval,
    step,
    initialIndex,
    enabled: enabled && !reduced,
    onComplete,
  });
  return (
    <span
      ref={ref}
      {...rest}
      className={cn('parley-typing-effect', className)}
      data-state={done ? 'done' : 'typing'}
    >
      <span className="parley-visually-hidden">{text}</span>
      <span data-slot="typing-effect-visible" className="parley-typing-effect__visible" aria-hidden="true">
        {visibleText}
      </span>
    </span>
  );
});
