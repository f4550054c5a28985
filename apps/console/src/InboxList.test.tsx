import { type AgentTransport, createAgentApi } from '@parley/agent-core';
import { createFakeAgentServer } from '@parley/agent-core/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderConsole } from './test/renderConsole.js';

// The inbox's filters (status, label, order): each a button that says its choice and opens the
// kit's menu of choices, picked from the keyboard; the choice goes into the URL and the list follows.

/** Two conversations: Vera's open, Walt's resolved and labelled "refund"; the labels call answered. */
async function inbox() {
  const server = createFakeAgentServer();
  server.giveChat('s1', 'Vera');
  server.visitorWrites('s1', 'Where is my parcel?');
  server.giveChat('s2', 'Walt');
  server.visitorWrites('s2', 'I want my money back');
  const call = createAgentApi(server.transport);
  await call('setLabels', { params: { sessionId: 's2' }, body: { labels: ['refund'] } });
  await call('setStatus', { params: { sessionId: 's2' }, body: { status: 'resolved' } });
  // The fake server knows no labels to filter by: these are the inbox's.
  const transport: AgentTransport = {
    request: (method, path, body, signal) =>
      method === 'GET' && path.startsWith('/api/agent/labels')
        ? Promise.resolve({ code: 200, data: [{ label: 'refund', count: 1 }], message: 'ok' })
        : server.transport.request(method, path, body, signal),
  };
  const rendered = await renderConsole({ transport });
  const rows = rendered.screen.getByRole('region', { name: 'Conversations' }).getByRole('listitem');
  await expect
    .poll(() => rows.elements().map((row) => row.textContent))
    .toEqual([expect.stringContaining('Vera')]);
  return { server, rows, ...rendered };
}

/** Focuses a filter's button, opens its menu with `key` and moves to `choice` with the arrows. */
async function pick(screen: Awaited<ReturnType<typeof inbox>>['screen'], button: string, key: string) {
  const trigger = screen.getByRole('button', { name: button });
  (trigger.element() as HTMLElement).focus();
  await userEvent.keyboard(key);
  await expect.element(screen.getByRole('menu')).toBeVisible();
  return trigger;
}

const names = (rows: Awaited<ReturnType<typeof inbox>>['rows']) =>
  rows.elements().map((row) => row.querySelector('.console-inbox-row__name')?.textContent);

describe("the inbox's filters", () => {
  it('given the status button, should open on Enter with the current choice checked, and pick Resolved with the arrows', async () => {
    const { screen, path, rows } = await inbox();
    const trigger = await pick(screen, 'Status: All but resolved', '{Enter}');
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect
      .element(screen.getByRole('menuitemradio', { name: 'All but resolved' }))
      .toHaveAttribute('aria-checked', 'true');
    await expect.element(screen.getByRole('menuitemradio', { name: 'All but resolved' })).toHaveFocus();
    // All but resolved, Open, Pending, Snoozed, Resolved.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect.element(screen.getByRole('menuitemradio', { name: 'Resolved' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(path).toBe('/agent/?status=resolved');
    await expect.poll(() => names(rows)).toEqual(['Walt']);
    await expect.element(screen.getByRole('button', { name: 'Status: Resolved' })).toHaveFocus();
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
  });

  it('given the label button, should open on Space and pick a label, then Any label again', async () => {
    const { screen, path, rows } = await inbox();
    await pick(screen, 'Status: All but resolved', '{ArrowUp}');
    await expect.element(screen.getByRole('menuitemradio', { name: 'Resolved' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(path).toBe('/agent/?status=resolved');

    await pick(screen, 'Label: Any label', ' ');
    await expect.element(screen.getByRole('menuitemradio', { name: 'Any label' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('menuitemradio', { name: 'refund (1)' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.poll(path).toBe('/agent/?status=resolved&label=refund');
    await expect.poll(() => names(rows)).toEqual(['Walt']);
    await expect.element(screen.getByRole('button', { name: 'Label: refund' })).toHaveFocus();

    await pick(screen, 'Label: refund', '{ArrowDown}');
    await expect
      .element(screen.getByRole('menuitemradio', { name: 'refund (1)' }))
      .toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Home}{Enter}');
    await expect.poll(path).toBe('/agent/?status=resolved');
  });

  it('given the order button, should open on ArrowDown, close on Escape with focus back, and sort by waiting time', async () => {
    const { screen, path, server } = await inbox();
    const trigger = await pick(screen, 'Order: Latest activity first', '{ArrowDown}');
    await expect.element(screen.getByRole('menuitemradio', { name: 'Latest activity first' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
    expect(path()).toBe('/agent/');

    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect.poll(path).toBe('/agent/?sort=waiting');
    await expect
      .poll(() => server.calls.filter((call) => call.name === 'inbox').at(-1)?.query)
      .toMatchObject({ sort: 'waiting' });
    await expect.element(screen.getByRole('button', { name: 'Order: Longest waiting first' })).toHaveFocus();
  });

  it('given a URL with filters, should say them on the buttons', async () => {
    const server = createFakeAgentServer();
    const { screen } = await renderConsole(server, '/agent/?status=pending&label=vip&sort=waiting');
    await expect.element(screen.getByRole('button', { name: 'Status: Pending' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Label: vip' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Order: Longest waiting first' })).toBeVisible();
  });
});
