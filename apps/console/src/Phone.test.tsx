import { createFakeAgentServer } from '@parley/agent-core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderConsole } from './test/renderConsole.js';
import './console.css';

// The console on a phone (390 x 844 CSS px): one column with a way back, nothing to scroll
// sideways, touch targets of at least 44 px, in both directions.

/** Whether the first element `selector` names is on screen (laid out, not `display: none`). */
const shown = (selector: string) => (document.querySelector(selector)?.getClientRects().length ?? 0) > 0;

const scrollsSideways = () => document.documentElement.scrollWidth > document.documentElement.clientWidth;

/** The visible controls smaller than a finger (WCAG 2.5.5: 44 x 44 CSS px high at least). */
const smallTargets = () =>
  [...document.querySelectorAll<HTMLElement>('button, a[href], select, input:not([type="hidden"])')]
    .filter(
      (element) =>
        element.getClientRects().length > 0 && !element.closest('.console-skip, [data-slot="toaster"]'),
    )
    .filter((element) => element.getBoundingClientRect().height < 44)
    .map(
      (element) =>
        `${element.textContent?.trim() || element.getAttribute('aria-label') || element.getAttribute('placeholder') || element.tagName} (${element.className})`,
    );

describe('the console on a phone', () => {
  afterEach(async () => {
    document.documentElement.dir = 'ltr';
    await page.viewport(1280, 800);
  });

  for (const direction of ['ltr', 'rtl'] as const) {
    it(`given ${direction}, should show the list, then the conversation in its place with a way back and the visitor on demand, never scrolling sideways`, async () => {
      await page.viewport(390, 844);
      document.documentElement.dir = direction;
      const server = createFakeAgentServer();
      server.giveChat('s1', 'Vera');
      server.visitorWrites(
        's1',
        'A long question about a parcel that went missing somewhere between two depots',
      );
      const { screen, path } = await renderConsole(server);

      const list = screen.getByRole('navigation', { name: 'Conversations' });
      await expect.element(list).toBeVisible();
      expect(shown('.console-chat')).toBe(false);
      expect(scrollsSideways()).toBe(false);
      expect(smallTargets()).toEqual([]);

      await screen.getByRole('button', { name: /Vera/ }).click();
      await expect.poll(path).toBe('/agent/conversations/s1');
      await expect.element(screen.getByRole('log')).toBeVisible();
      expect(shown('.console-sidebar')).toBe(false);
      expect(scrollsSideways()).toBe(false);
      expect(smallTargets()).toEqual([]);

      const details = screen.getByRole('button', { name: 'Visitor details' });
      await expect.element(details).toHaveAttribute('aria-expanded', 'false');
      await details.click();
      await expect.element(screen.getByRole('complementary')).toBeVisible();
      expect(shown('.console-conversation')).toBe(false);
      await details.click();
      await expect.element(screen.getByRole('log')).toBeVisible();

      await screen.getByRole('link', { name: /Conversations/ }).click();
      await expect.poll(path).toBe('/agent/');
      await expect.element(list).toBeVisible();
    });
  }
});
