import '@parley/chat-ui/styles.css';
import './console.css';
import { type AgentDesk, createAgentDesk } from '@parley/agent-core';
import { createFakeAgentServer } from '@parley/agent-core/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import CommandPalette from './CommandPalette.js';
import { DeskProvider } from './desk.js';
import { ConsoleStrings, StoryRouter } from './test/storyConsole.js';

/** 15:30 UTC on 18 March 2026: the same conversations in every screenshot. */
const now = Date.UTC(2026, 2, 18, 15, 30);

/** A desk on agent-core's fake server: Vera, Walt and Élodie in the inbox, Sam in the queue. */
function stagedDesk(): AgentDesk {
  const server = createFakeAgentServer({ agent: { nick: 'Amira', role: 'admin' }, now: () => now });
  server.giveChat('s-vera', 'Vera');
  server.visitorWrites('s-vera', 'Where is my parcel?');
  server.giveChat('s-walt', 'Walt');
  server.visitorWrites('s-walt', 'I would like a refund for order 77');
  server.giveChat('s-elodie', 'Élodie Martin');
  server.visitorWrites('s-elodie', 'Do you ship to Belgium?');
  server.queueVisitor('s-sam', 'Sam');
  return createAgentDesk({ transport: server.transport, now: () => now });
}

type PaletteProps = Parameters<typeof CommandPalette>[0];

/** The palette over a started desk (its list of conversations loaded), as the console opens it. */
function Palette(props: PaletteProps) {
  const [desk] = useState(stagedDesk);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    desk.start();
    void desk.inbox.show({ view: 'all' }).then(() => setReady(true));
    return () => desk.stop();
  }, [desk]);
  return ready ? (
    <DeskProvider desk={desk}>
      <StoryRouter>
        <CommandPalette {...props} />
      </StoryRouter>
    </DeskProvider>
  ) : null;
}

/**
 * The agent console's command palette (Ctrl+K): go to any view, open any conversation by the
 * visitor's name or the words of its last message (accents and case aside), and act on the one on
 * screen. A combobox over a listbox, grouped: arrows, Home and End move, Enter runs, Escape closes.
 */
const meta = {
  title: 'Agent console/CommandPalette',
  component: CommandPalette,
  decorators: [
    ConsoleStrings,
    // The palette is a modal dialog: the story is the page's height, so its screenshot holds it.
    (Story) => (
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  args: { selected: null, isAdmin: true, onTransfer: fn(), onHelp: fn(), onClose: fn() },
  render: (args) => <Palette {...args} />,
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened: every view first, then every conversation the desk knows, the first one active. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const input = await body.findByRole('combobox', { name: 'Go to or do' });
    await waitFor(() => expect(input).toHaveFocus());
    const list = within(body.getByRole('listbox', { name: 'Go to or do' }));
    await expect(list.getByRole('option', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('option', { name: /Vera/ })).toBeInTheDocument();
    await expect(list.getByRole('option', { name: /Sam/ })).toBeInTheDocument();
  },
};

/** Typed "elo belgium": Élodie's conversation, found without its accent; Enter opens it and closes. */
export const FindAConversation: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const input = await body.findByRole('combobox', { name: 'Go to or do' });
    await userEvent.type(input, 'elo belgium');
    const list = within(body.getByRole('listbox', { name: 'Go to or do' }));
    await waitFor(() => expect(list.getAllByRole('option')).toHaveLength(1));
    await expect(list.getByRole('option', { name: /Élodie Martin/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** Nothing matches what was typed: said so, and no option is offered. */
export const NothingMatches: Story = {
  args: { isAdmin: false },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByRole('combobox', { name: 'Go to or do' }), 'reports');
    await expect(await body.findByText('Nothing matches.')).toBeVisible();
    await expect(body.queryAllByRole('option')).toHaveLength(0);
  },
};
