import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type UseTypingCycleOptions, useTypingCycle } from './useTypingCycle.js';

export interface TypingProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What a screen reader hears, once. Default: the locale's "Agent is typing". */
  label?: string;
  /** Cycle visible 3-6 s, hidden 1-2 s (spec). Default true; false keeps the dots showing. */
  cycle?: boolean;
  /** A number source in [0, 1) for the phase lengths; inject a fixed one for deterministic output. */
  random?: UseTypingCycleOptions['random'];
}

/**
 * The "agent is typing" indicator: three animated dots in a bubble, announced once through a
 * polite status. The dots show for 3-6 s, rest hidden for 1-2 s, and start again; with reduced
 * motion they stay still.
 *
 * @example
 * {agentIsTyping && <Typing />}
 */
export const Typing = forwardRef<HTMLDivElement, TypingProps>(function Typing(
  { label, cycle = true, random, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const visible = useTypingCycle({ enabled: cycle, random });
  return (
    <div
      ref={ref}
      role="status"
      {...rest}
      data-slot="typing"
      className={cn('parley-typing', className)}
      data-state={visible ? 'visible' : 'hidden'}
    >
      <span className="parley-visually-hidden">{label ?? t('typing.label')}</span>
      <span data-slot="typing-dots" className="parley-typing__dots" aria-hidden="true">
        <span data-slot="typing-dot" className="parley-typing__dot" />
        <span data-slot="typing-dot" className="parley-typing__dot" />
        <span data-slot="typing-dot" className="parley-typing__dot" />
      </span>
    </div>
  );
});
