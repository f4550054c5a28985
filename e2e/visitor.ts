import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** The visitor's conversation log. */
export const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** Types a message in the composer and sends it with Enter. */
export async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: /message/i }).fill(text);
  await page.keyboard.press('Enter');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds on the page, once motion has settled: `id (count)` per rule broken. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours mid-transition (a dialog fading in) are not what the visitor reads: let motion settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  // Evaluated through the debugging protocol: the page's strict CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page above
    const results = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (violation: { id: string; nodes: unknown[] }) => `${violation.id} (${violation.nodes.length})`,
    );
  });
}
