import { useEffect, useRef, useState } from 'react';

/** Spec section 4: the typing indicator shows for 3-6 s ... */
export const TYPING_VISIBLE_MIN = 3_000;
export const TYPING_VISIBLE_MAX = 6_000;
/** ... then rests hidden for 1-2 s, and starts again. */
export const TYPING_HIDDEN_MIN = 1_000;
export const TYPING_HIDDEN_MAX = 2_000;

export interface UseTypingCycleOptions {
  /** Run the cycle. When false the dots stay visible. Default true. */
  enabled?: boolean;
  /** A number in [0, 1) choosing each phase's length; inject a fixed one for deterministic tests. */
  random?: () => number;
}

/**
 * The typing indicator's rhythm: visible for a random 3-6 s, hidden for a random 1-2 s, repeated.
 * Returns whether the dots are showing now.
 */
export function useTypingCycle({ enabled = true, random = Math.random }: UseTypingCycleOptions = {}) {
  const [visible, setVisible] = useState(true);
  const randomRef = useRef(random);
  randomRef.current = random;

  useEffect(() => {
    setVisible(true);
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout>;
    const phase = (showing: boolean) => {
      setVisible(showing);
      const [min, max] = showing
        ? [TYPING_VISIBLE_MIN, TYPING_VISIBLE_MAX]
        : [TYPING_HIDDEN_MIN, TYPING_HIDDEN_MAX];
      timer = setTimeout(() => phase(!showing), min + randomRef.current() * (max - min));
    };
    phase(true);
    return () => clearTimeout(timer);
  }, [enabled]);

  return visible;
}
