import { useEffect, useState } from 'react';

/**
 * How many CSS pixels of the layout viewport the on-screen keyboard covers, from
 * `window.visualViewport` (0 without it, and on the server). Read inside an effect, so importing
 * or server-rendering touches no browser global.
 *
 * @example
 * const inset = useVisualViewportInset();
 * <div style={{ '--parley-keyboard-inset': `${inset}px` }} />
 */
export function useVisualViewportInset(enabled = true): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    if (!enabled || typeof window === 'undefined') return;
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const covered = window.innerHeight - viewport.height - viewport.offsetTop;
      setInset(Math.max(0, Math.round(covered)));
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [enabled]);
  return inset;
}
