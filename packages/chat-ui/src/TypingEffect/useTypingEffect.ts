import { useEffect, useRef, useState } from 'react';

/** Spec section 9: the typing effect reveals `TYPING_EFFECT_STEP` characters every 80 ms ... */
export const TYPING_EFFECT_INTERVAL = 80;
export const TYPING_EFFECT_STEP = 1;
/** ... starting with the first 5 characters already shown. */
export const TYPING_EFFECT_INITIAL_INDEX = 5;

export interface UseTypingEffectOptions {
  /**
   * Milliseconds between steps.
   * @default 80
   */
  interval?: number;
  /**
   * Characters revealed per step.
   * @default 1
   */
  step?: number;
  /**
   * Characters shown at once.
   * @default 5
   */
  initialIndex?: number;
  /** false shows the whole text at once (also what reduced motion does). Default true. */
  enabled?: boolean;
  /** Called once the whole text is showing. */
  onComplete?: () => void;
}

export interface UseTypingEffectResult {
  /** The part of the text revealed so far. */
  visibleText: string;
  /** Whether the whole text is revealed. */
  done: boolean;
}

/**
 * Reveals plain text progressively (80 ms, 1 character, from index 5). When the text grows and
 * starts with what was already shown (streaming), it continues from there instead of restarting.
 * Works on code points, so emoji and surrogate pairs are never split.
 *
 * @example
 * const { visibleText } = useTypingEffect(answer, { onComplete: () => setTyped(true) });
 */
export function useTypingEffect(
  text: string,
  {
    interval = TYPING_EFFECT_INTERVAL,
    step = TYPING_EFFECT_STEP,
    initialIndex = TYPING_EFFECT_INITIAL_INDEX,
    enabled = true,
    onComplete,
  }: UseTypingEffectOptions = {},
): UseTypingEffectResult {
  const characters = Array.from(text);
  const total = characters.length;
  const [state, setState] = useState(() => ({ text, index: enabled ? initialIndex : total }));
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const completedFor = useRef<string | null>(null);

  // A new text that does not continue the shown one restarts the effect (during render, so the
  // old index never shows with the new text).
  let index = state.index;
  if (state.text !== text) {
    const shown = Array.from(state.text).slice(0, state.index).join('');
    index = text.startsWith(shown) ? state.index : initialIndex;
    setState({ text, index });
  }
  if (!enabled) index = total;
  const clamped = Math.min(index, total);
  const done = clamped >= total;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      setState((previous) => ({ ...previous, index: previous.index + step }));
    }, interval);
    return () => clearInterval(timer);
  }, [done, interval, step]);

  useEffect(() => {
    if (done && completedFor.current !== text) {
      completedFor.current = text;
      onCompleteRef.current?.();
    }
  }, [done, text]);

  return { visibleText: characters.slice(0, clamped).join(''), done };
}
