// After every story test (its render, play function and axe check), renders the story again in
// each visual mode (light, dark, right-to-left Arabic), checks it with axe in that mode, and
// compares a screenshot with the committed baseline. `npm run baselines` re-renders baselines.
import axe from 'axe-core';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { VISUAL_MODES, visualModeStore } from './modes.ts';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

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
      if (mode.name !== 'light') {
        // The story's own test already ran axe in light mode; dark and RTL get their own check.
        const results = await axe.run(root, { resultTypes: ['violations'] });
        const violations = results.violations.map(
          (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`,
        );
        expect(violations, `axe violations in ${mode.name} mode`).toEqual([]);
      }
      await expect
        .element(page.elementLocator(root))
        .toMatchScreenshot(screenshotName(context.task.name, mode.name));
    }
  } finally {
    visualModeStore.set(null);
  }
});
