import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AvatarGroup } from '../Avatar/Avatar.js';
import { IconClose, IconUser } from '../Icon/icons.js';
import { Navbar } from './Navbar.js';

/**
 * The chat screen's header: back button or leading slot, title heading (level configurable), a
 * sound toggle (`aria-pressed`) and an actions slot. Mirrored right to left.
 */
const meta = {
  title: 'Layout/Navbar',
  component: Navbar,
  args: { title: 'Customer support' },
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Title only. */
export const TitleOnly: Story = {};

/** Back button, sound on, and an action. */
export const Full: Story = {
  args: {
    onBack: fn(),
    defaultSound: true,
    actions: (
      <button type="button" className="parley-navbar__button" aria-label="End chat">
        <IconClose />
      </button>
    ),
  },
};

/** Sound muted: the toggle is not pressed and shows a muted speaker. */
export const SoundOff: Story = {
  args: { sound: false, onSoundChange: fn() },
};

/** The sound toggle flips with a click; `aria-pressed` follows. */
export const ToggleSound: Story = {
  args: { defaultSound: true, onSoundChange: fn() },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('button', { pressed: true });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(args.onSoundChange).toHaveBeenCalledWith(false);
  },
};

/** A leading slot (an avatar) instead of the back button, and a long title that truncates. */
export const LeadingAndLongTitle: Story = {
  args: {
    title: 'A very long channel name that does not fit on a phone screen at all',
    leading: <IconUser title="Agent" />,
    defaultSound: true,
  },
};

const team = [
  { name: 'Camille Martin' },
  { name: 'Ahmed Khan' },
  { name: 'Parley Assistant', bot: true },
  { name: 'Li Wei' },
];

/**
 * The one header of a chat embedded in a panel: the team's avatars, the title with a subtitle
 * that sets expectations, the sound toggle and a close button, so the page needs no bar of its own.
 */
export const Embedded: Story = {
  args: {
    title: 'Acme support',
    subtitle: 'Usually replies in a few minutes',
    titleLevel: 2,
    leading: <AvatarGroup avatars={team} size={32} />,
    defaultSound: true,
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxInlineSize: 380 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /Camille Martin/ })).toBeVisible();
  },
};
