/**
 * The visual-regression run renders each story in several modes (light, dark, right-to-left)
 * without remounting it, so a play function's end state is kept. The decorator reads the
 * override from this tiny store; outside that run it stays null and the toolbar decides.
 */
export interface VisualMode {
  name: string;
  theme: 'light' | 'dark';
  locale: string;
  dir: 'ltr' | 'rtl';
}

export const VISUAL_MODES: readonly VisualMode[] = [
  { name: 'light', theme: 'light', locale: 'en-US', dir: 'ltr' },
  { name: 'dark', theme: 'dark', locale: 'en-US', dir: 'ltr' },
  { name: 'rtl', theme: 'light', locale: 'ar-EG', dir: 'rtl' },
];

let current: VisualMode | null = null;
const listeners = new Set<() => void>();

export const visualModeStore = {
  get: (): VisualMode | null => current,
  set(mode: VisualMode | null): void {
    current = mode;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
