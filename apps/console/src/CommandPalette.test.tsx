import { createFakeAgentServer } from '@parley/agent-core/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type Command, matching } from './CommandPalette.js';
import { renderConsole } from './test/renderConsole.js';

// The command palette (Ctrl+K): go anywhere, open any conversation, act on the open one, all from
// the keyboard, in the console against agent-core's fake server.

const command = (label: string, words = ''): Command => ({
  id: label,
  group: 'go',
  label,
  words,
  run: () => {},
});

describe('what the palette finds', () => {
  it('given words, should keep the commands holding every one of them, in any case and without accents', () => {
    const all = [
      command('Élodie Martin', 'where is my parcel'),
      command('Reports'),
      command('Vera', 'refund'),
    ];
    expect(matching(all, 'elo PARCEL').map((one) => one.label)).toEqual(['Élodie Martin']);
    expect(matching(all, 're').map((one) => one.label)).toEqual(['Élodie Martin', 'Reports', 'Vera']);
    expect(matching(all, 'vera parcel')).toEqual([]);
    expect(matching(all, '   ')).toHaveLength(3);
  });
});

describe('the command palette', () => {
  it("given Ctrl+K and a visitor's name, should open their conversation on Enter, with its URL", async () => {
    const server = createFakeAgentServer();
    server.giveChat('s1', 'Vera');
    server.giveChat('s2', 'Walt');
    server.visitorWrites('s2', 'My order never came');
    const { screen, path } = await renderConsole(server);
    await expect.element(screen.getByRole('heading', { name: 'Your day' })).toBeVisible();
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = screen.getByRole('combobox', { name: 'Go to or do' });
    await expect.element(input).toHaveFocus();
    await input.fill('order came');
    await expect
      .element(screen.getByRole('option', { name: /Walt/ }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await expect.poll(path).toBe('/agent/conversations/s2');
    await expect.element(screen.getByRole('combobox', { name: 'Go to or do' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('log').getByText('My order never came')).toBeVisible();
  });

  it('given an open conversation, should offer its actions first and run the chosen one', async () => {
    const server = createFakeAgentServer();
    server.giveChat('s1', 'Vera');
    server.visitorWrites('s1', 'Thanks, all good');
    const { screen } = await renderConsole(server, '/agent/conversations/s1');
    await expect.element(screen.getByRole('log').getByText('Thanks, all good')).toBeVisible();
    await userEvent.keyboard('{Control>}k{/Control}');
    await expect.element(screen.getByRole('group', { name: 'Actions' })).toBeVisible();
    await screen.getByRole('combobox', { name: 'Go to or do' }).fill('resolve');
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => server.calls.find((call) => call.name === 'setStatus')?.body)
      .toEqual({ status: 'resolved' });
  });

  it('given arrows, Home and End, should move the active option; Escape should close and give focus back', async () => {
    const server = createFakeAgentServer({ agent: { role: 'admin' } });
    const { screen } = await renderConsole(server);
    await expect.element(screen.getByRole('heading', { name: 'Your day' })).toBeVisible();
    const opener = screen.getByRole('button', { name: 'Ada: status and settings' });
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = screen.getByRole('combobox', { name: 'Go to or do' });
    const active = () => {
      const id = input.element().getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent : null;
    };
    await expect.poll(active).toBe('Inbox');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Mentions');
    await userEvent.keyboard('{End}');
    expect(active()).toBe('Administration: Changes');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Inbox');
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('combobox', { name: 'Go to or do' })).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  it("given an agent who is not an administrator, should offer no administrator's view and say when nothing matches", async () => {
    const server = createFakeAgentServer({ agent: { role: 'agent' } });
    const { screen } = await renderConsole(server);
    await expect.element(screen.getByRole('heading', { name: 'Your day' })).toBeVisible();
    await userEvent.keyboard('{Control>}k{/Control}');
    await screen.getByRole('combobox', { name: 'Go to or do' }).fill('reports');
    await expect.element(screen.getByText('Nothing matches.')).toBeVisible();
    expect(screen.getByRole('listbox', { name: 'Go to or do' }).getByRole('option').elements()).toHaveLength(
      0,
    );
  });
});
