/**
 * Keeps the page's height to what the visitor can see: on phones the on-screen keyboard shrinks
 * the visual viewport but, in iOS Safari, not the layout the page is drawn in, so a full-height
 * chat would put its composer behind the keyboard. Sets `--visitor-viewport-height` on the root
 * element to the visual viewport's height (the page's CSS falls back to 100dvh without it).
 * Returns the function that stops watching.
 */
export function followVisualViewport(win: Pick<Window, 'visualViewport' | 'document'> = window): () => void {
  const viewport = win.visualViewport;
  if (!viewport) return () => {};
  const root = win.document.documentElement;
  const update = () =>
    root.style.setProperty('--visitor-viewport-height', `${Math.round(viewport.height)}px`);
  update();
  viewport.addEventListener('resize', update);
  return () => {
    viewport.removeEventListener('resize', update);
    root.style.removeProperty('--visitor-viewport-height');
  };
}
