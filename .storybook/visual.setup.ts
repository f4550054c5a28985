// After every story test (its render, play function and axe check), renders the story again in
// each visual mode (light, dark, right-to-left Arabic), checks it with axe in that mode, and
// compares a screenshot with the committed baseline. `npm run baselines` re-renders baselines.
import axe from 'axe-core';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { VISUAL_MODES, visualModeStore } from './modes.ts';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

// Entrance animations (a toast's fade-in, a dialog's scale) run again when a mode re-renders the
// story; on a loaded machine two frames are shorter than the animation, so wait for every finite
// one to end. Infinite ones (spinners) are frozen by the screenshot options.
async function settleAnimations(): Promise<void> {
  const finite = document
    .getAnimations()
    .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
}

function screenshotName(testName: string, mode: string): string {
  return `${testName.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '')}-${mode}`;
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  const root = document.querySelector<HTMLElement>('[data-parley-story]');
  if (!root) return;
  try {
    for (const mode of VISUAL_MODES) {
      visualModeStore.set(mode);
      await nextFrame();
      await nextFrame();
      await document.fonts.ready;
      await settleAnimations();
      if (mode.name !== 'light') {
        // The story's own test already ran axe in light mode; dark and RTL get their own check.
        const results = await axe.run(root, { resultTypes: ['violations'] });
        const violations = results.violations.map(
          (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`,
        );
        expect(violations, `axe violations in ${mode.name} mode`).toEqual([]);
      }
      // A generous wait: under a full parallel run one screenshot alone can take a second.
      await expect
        .element(page.elementLocator(root), { timeout: 10_000 })
        .toMatchScreenshot(screenshotName(context.task.name, mode.name));
    }
  } finally {
    visualModeStore.set(null);
  }
});
