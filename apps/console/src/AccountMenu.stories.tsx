import '@parley/chat-ui/styles.css';
import './console.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountMenu, type AccountMenuProps, type Presence } from './AccountMenu.js';
import { ConsoleStrings } from './test/storyConsole.js';

/** The menu with its status and sound kept, as the console keeps them. */
function Account(props: AccountMenuProps) {
  const [presence, setPresence] = useState<Presence>(props.presence);
  const [muted, setMuted] = useState(props.muted);
  return (
    <AccountMenu
      {...props}
      presence={presence}
      onPresenceChange={(next) => {
        setPresence(next);
        props.onPresenceChange(next);
      }}
      muted={muted}
      onMutedChange={(next) => {
        setMuted(next);
        props.onMutedChange(next);
      }}
    />
  );
}

/**
 * The agent's avatar in the console's header: their initial, ringed in their status's colour. Its
 * menu sets their status (online, away: no new chats, offline), mutes the sound, turns desktop
 * notifications on when the browser has not allowed them, and opens the language, the keyboard
 * shortcuts and logging out.
 */
const meta = {
  title: 'Agent console/AccountMenu',
  component: AccountMenu,
  decorators: [
    ConsoleStrings,
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minBlockSize: 400 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    nick: 'Amira',
    presence: 'online',
    onPresenceChange: fn(),
    muted: false,
    onMutedChange: fn(),
    offerNotifications: true,
    onEnableNotifications: fn(),
    onLanguage: fn(),
    onShortcuts: fn(),
    onLogout: fn(),
  },
  render: (args) => <Account {...args} />,
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the avatar of an agent who is online. */
export const Online: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('button', { name: 'Amira: status and settings' });
    await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    await expect(avatar).toHaveTextContent('A');
  },
};

/**
 * Opened from the keyboard on an away agent: Away checked; choosing Offline moves the check,
 * closes the menu and gives focus back to the avatar; reopened, it shows Offline checked.
 */
export const ChooseStatus: Story = {
  args: { presence: 'away' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const avatar = canvas.getByRole('button', { name: 'Amira: status and settings' });
    avatar.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await canvas.findByRole('menu', { name: 'Your account' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'Away' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: 'Offline' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await expect(args.onPresenceChange).toHaveBeenCalledWith('offline');
    await expect(avatar).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(canvas.getByRole('menuitemradio', { name: 'Offline' })).toHaveAttribute('aria-checked', 'true'),
    );
  },
};

/** Notifications already allowed and the sound muted: no offer to turn them on, Mute checked. */
export const MutedWithNotifications: Story = {
  args: { muted: true, offerNotifications: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Amira: status and settings' }));
    const menu = within(await canvas.findByRole('menu', { name: 'Your account' }));
    await expect(menu.getByRole('menuitemcheckbox')).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Language',
      'Keyboard shortcuts?',
      'Log out',
    ]);
  },
};

/** Log out, chosen with the mouse, runs once. */
export const LogOut: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Amira: status and settings' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Log out' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
  },
};
