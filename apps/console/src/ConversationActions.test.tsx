import { createFakeAgentServer } from '@parley/agent-core/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderConsole } from './test/renderConsole.js';

// A conversation's status tools: Resolve at hand, the rest (pending, snooze, priority) in one menu
// of the kit's, in place of two native selects.

async function conversation() {
  const server = createFakeAgentServer();
  server.giveChat('s1', 'Vera');
  server.visitorWrites('s1', 'Can you call me tomorrow?');
  const rendered = await renderConsole(server, '/agent/conversations/s1');
  await expect.element(rendered.screen.getByRole('log').getByText('Can you call me tomorrow?')).toBeVisible();
  return { server, ...rendered };
}

describe("a conversation's actions", () => {
  it('given More actions, should snooze for an hour and set a priority, each from the menu', async () => {
    const { server, screen } = await conversation();
    await expect.element(screen.getByRole('button', { name: 'Resolve' })).toBeVisible();
    await screen.getByRole('button', { name: 'More actions' }).click();
    await expect
      .element(screen.getByRole('menuitemradio', { name: 'No priority' }))
      .toHaveAttribute('aria-checked', 'true');
    await screen.getByRole('menuitemradio', { name: 'High' }).click();
    await expect
      .poll(() => server.calls.find((call) => call.name === 'setPriority')?.body)
      .toEqual({ priority: 'high' });
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();

    const before = Date.now();
    await screen.getByRole('button', { name: 'More actions' }).click();
    await screen.getByRole('menuitem', { name: 'For an hour' }).click();
    await expect
      .poll(() => server.calls.find((call) => call.name === 'setStatus')?.body)
      .toMatchObject({ status: 'snoozed' });
    const snoozed = server.calls.find((call) => call.name === 'setStatus')?.body as { snoozedUntil?: number };
    const until = snoozed.snoozedUntil ?? 0;
    expect(until - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('given the s key, should open the menu on its first item, and the arrows move on', async () => {
    const { screen } = await conversation();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('s');
    await expect.element(screen.getByRole('menu', { name: 'More actions' })).toBeVisible();
    await expect.element(screen.getByRole('menuitem', { name: 'Mark pending' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('menuitem', { name: 'For an hour' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('button', { name: 'More actions' })).toHaveFocus();
  });
});
