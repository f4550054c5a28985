// Locks page scrolling while at least one modal surface is open, and restores the body's own
// inline styles exactly when the last one closes: no permanent change to the page.
let locks = 0;
let saved: { overflow: string; paddingInlineEnd: string } | null = null;

export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {};
  const { body, documentElement } = document;
  if (locks === 0) {
    saved = { overflow: body.style.overflow, paddingInlineEnd: body.style.paddingInlineEnd };
    // Keep the layout from shifting where the scrollbar takes space.
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingInlineEnd = saved.paddingInlineEnd;
      if (!body.getAttribute('style')) body.removeAttribute('style');
      saved = null;
    }
  };
}
