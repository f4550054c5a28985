// After every story test (its render, play function and axe check), renders the story again in
// each visual mode (light, dark, right-to-left Arabic), checks it with axe in that mode, and
// compares a screenshot with the committed baseline. `npm run baselines` re-renders baselines.
// Then, in light mode under emulated forced colors (Windows high contrast), checks that every
// interactive control can still be seen (no screenshot: forced colors have no baselines).
import axe from 'axe-core';
import { afterEach, expect } from 'vitest';
import { cdp, page } from 'vitest/browser';
import { controlsUnseenInForcedColors } from './forcedColors.ts';
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

/** The media features the page is emulated with now, to put back after forced colors. */
function emulatedFeatures(): { name: string; value: string }[] {
  const matched = (feature: string, values: string[]) =>
    values.find((value) => matchMedia(`(${feature}: ${value})`).matches) ?? '';
  return [
    { name: 'prefers-color-scheme', value: matched('prefers-color-scheme', ['dark', 'light']) },
    { name: 'prefers-reduced-motion', value: matched('prefers-reduced-motion', ['reduce', 'no-preference']) },
    { name: 'prefers-contrast', value: matched('prefers-contrast', ['more', 'less', 'custom']) },
    { name: 'forced-colors', value: '' },
  ];
}

/** Renders the story in light mode under emulated forced colors and checks every control is seen. */
async function checkForcedColors(root: HTMLElement): Promise<void> {
  const session = cdp();
  const before = emulatedFeatures();
  visualModeStore.set(VISUAL_MODES[0] ?? null);
  await session.send('Emulation.setEmulatedMedia', {
    features: [
      ...before.filter((feature) => feature.name !== 'forced-colors'),
      { name: 'forced-colors', value: 'active' },
    ],
  });
  try {
    await nextFrame();
    await nextFrame();
    await settleAnimations();
    expect(controlsUnseenInForcedColors(root), 'controls not seen in forced colors').toEqual([]);
  } finally {
    await session.send('Emulation.setEmulatedMedia', { features: before });
  }
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
    await checkForcedColors(root);
  } finally {
    visualModeStore.set(null);
  }
});
