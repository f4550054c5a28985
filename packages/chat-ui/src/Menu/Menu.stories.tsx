import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconCopy, IconUser } from '../Icon/icons.js';
import { Menu, MenuGroup, MenuItem, MenuRadioGroup, MenuRadioItem, MenuSeparator } from './Menu.js';

/**
 * A menu button: Enter, Space or ArrowDown open it on its first item (ArrowUp on its last), a
 * click with focus on the menu itself; arrows, Home, End and typeahead move, choosing an item or
 * Escape closes it and focus returns to the button. It flips, shifts and lines up with the
 * button's start edge, mirrored in right to left.
 */
const meta = {
  title: 'Overlays/Menu',
  component: Menu,
  args: {
    label: 'Conversation actions',
    trigger: <button type="button">More actions</button>,
    children: (
      <>
        <MenuItem icon={<IconUser />}>Transfer</MenuItem>
        <MenuItem shortcut="S">Snooze</MenuItem>
        <MenuItem icon={<IconCopy />}>Copy transcript</MenuItem>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: 300 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open below its button (opened without the keyboard, so the menu itself has focus). */
export const Open: Story = { args: { defaultOpen: true } };

function StatusMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const [status, setStatus] = useState('online');
  const [language, setLanguage] = useState('en-US');
  return (
    <Menu
      label="Account"
      defaultOpen={defaultOpen}
      trigger={
        <button type="button" aria-label="Account: Amira">
          <IconUser />
        </button>
      }
    >
      <MenuGroup label="Status">
        <MenuRadioGroup value={status} onValueChange={setStatus}>
          <MenuRadioItem value="online">Online</MenuRadioItem>
          <MenuRadioItem value="away">Away</MenuRadioItem>
          <MenuRadioItem value="offline">Offline</MenuRadioItem>
        </MenuRadioGroup>
      </MenuGroup>
      <MenuSeparator />
      <MenuGroup label="Language">
        <MenuRadioGroup value={language} onValueChange={setLanguage}>
          <MenuRadioItem value="en-US" lang="en-US">
            English
          </MenuRadioItem>
          <MenuRadioItem value="fr-FR" lang="fr-FR">
            Français
          </MenuRadioItem>
        </MenuRadioGroup>
      </MenuGroup>
      <MenuSeparator />
      <MenuItem>Log out</MenuItem>
    </Menu>
  );
}

/** Room for the avatar menu's eight rows in the screenshot. */
const tall: NonNullable<Story['decorators']> = (Story) => (
  <div style={{ minBlockSize: 380 }}>
    <Story />
  </div>
);

/** The agent's avatar menu: the status and the language as radio items, then log out. */
export const Status: Story = {
  render: () => <StatusMenu defaultOpen />,
  decorators: [tall],
};

/** Choosing a status moves the check and closes the menu; reopened, the new status is checked. */
export const ChooseStatus: Story = {
  render: () => <StatusMenu />,
  decorators: [tall],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Account: Amira' });
    await userEvent.click(trigger);
    await userEvent.click(await canvas.findByRole('menuitemradio', { name: 'Away' }));
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(canvas.getByRole('menuitemradio', { name: 'Away' })).toHaveAttribute('aria-checked', 'true'),
    );
    await expect(canvas.getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  },
};

const conversationActions = (
  <>
    <MenuItem icon={<IconUser />}>Transfer</MenuItem>
    <MenuItem shortcut="S">Snooze</MenuItem>
    <MenuItem disabled>Priority…</MenuItem>
    <MenuSeparator />
    <MenuItem variant="danger">Refuse</MenuItem>
  </>
);

/** A conversation's actions: a disabled item the arrows skip, and a separator before Refuse. */
export const DisabledAndSeparators: Story = {
  args: { defaultOpen: true, children: conversationActions },
};

/** Closed: ArrowDown opens on the first item, the arrows skip the disabled one, Escape closes. */
export const KeyboardAndEscape: Story = {
  args: { children: conversationActions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'More actions' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Transfer' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Refuse' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Right to left: the menu lines up with the button's right edge, its items read from the right. */
export const RightToLeft: Story = {
  args: { defaultOpen: true },
  decorators: [
    (Story) => (
      <div dir="rtl" style={{ display: 'flex', justifyContent: 'center' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'More actions' });
    await waitFor(() => {
      const menu = canvas.getByRole('menu').getBoundingClientRect();
      expect(Math.abs(menu.right - trigger.getBoundingClientRect().right)).toBeLessThan(1);
    });
  },
};

/** On the dark palette, whatever the page's theme. */
export const Dark: Story = {
  args: { defaultOpen: true },
  decorators: [
    (Story) => (
      <div
        data-parley-theme="dark"
        style={{ padding: 8, minBlockSize: 280, background: 'var(--parley-color-background)' }}
      >
        <Story />
      </div>
    ),
  ],
};
