import { forwardRef, type HTMLAttributes, useEffect, useState } from 'react';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type UseTypingCycleOptions, useTypingCycle } from './useTypingCycle.js';

export interface TypingProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What a screen reader hears, once. Without it, the locale's "Agent is typing". */
  label?: string;
  /** Cycle visible 3-6 s, hidden 1-2 s (spec). Default true; false keeps the dots showing. */
  cycle?: boolean;
  /** A number source in [0, 1) for the phase lengths; inject a fixed one for deterministic output. */
  random?: UseTypingCycleOptions['random'];
}

/**
 * A label is said again only after this long: an indicator that comes and goes (typing, a message,
 * typing again) is said once, not on every appearance.
 */
export const TYPING_ANNOUNCE_QUIET = 5000;

/**
 * How long a new indicator's status stays empty before its label is put in: a live region that
 * appears with its text already inside is not announced by every screen reader.
 */
export const TYPING_ANNOUNCE_DELAY = 100;

/** When each label was last said, across every indicator on the page. */
const lastSaid = new Map<string, number>();

/**
 * The "agent is typing" indicator: three animated dots in a bubble, announced once through a
 * polite status. The dots show for 3-6 s, rest hidden for 1-2 s, and start again; with reduced
 * motion they stay still. Shown again within `TYPING_ANNOUNCE_QUIET` of the last time its label was
 * said (typing, a message, typing again), it is not said again: its status is silent.
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
  const text = label ?? t('typing.label');
  // Decided once per appearance: say the label (put in after a moment), or show it silently.
  const [say] = useState(
    () => Date.now() - (lastSaid.get(text) ?? Number.NEGATIVE_INFINITY) >= TYPING_ANNOUNCE_QUIET,
  );
  const [filled, setFilled] = useState(!say);
  useEffect(() => {
    if (!say) return;
    const timer = setTimeout(() => {
      lastSaid.set(text, Date.now());
      setFilled(true);
    }, TYPING_ANNOUNCE_DELAY);
    return () => clearTimeout(timer);
  }, [say, text]);
  return (
    <div
      ref={ref}
      role="status"
      aria-live={say ? undefined : 'off'}
      {...rest}
      data-slot="typing"
      className={cn('parley-typing', className)}
      data-state={visible ? 'visible' : 'hidden'}
    >
      <span className="parley-visually-hidden">{filled ? text : ''}</span>
      <span data-slot="typing-dots" className="parley-typing__dots" aria-hidden="true">
        <span data-slot="typing-dot" className="parley-typing__dot" />
        <span data-slot="typing-dot" className="parley-typing__dot" />
        <span data-slot="typing-dot" className="parley-typing__dot" />
      </span>
    </div>
  );
});
