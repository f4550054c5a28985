import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar, AvatarGroup } from './Avatar.js';

// Small local images (no network in stories).
const photo = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="${fill}"/><circle cx="18" cy="14" r="6" fill="#fff"/><path d="M6 34a12 12 0 0 1 24 0" fill="#fff"/></svg>`,
  )}`;

const team = [
  { name: 'Camille Martin', avatar: photo('#2e7d5b') },
  { name: 'Ahmed Khan' },
  { name: 'Parley Assistant', bot: true },
  { name: 'Li Wei' },
  { name: 'Sara López' },
];

const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 } as const;

/**
 * A round avatar: the image, or the initials on a colour picked from the name (7 hues, each at
 * 4.5:1 or more in light and dark), or the robot for a `bot`. `AvatarGroup` stacks several, then
 * counts the rest.
 */
const meta = {
  title: 'Conversation/Avatar',
  component: Avatar,
  args: { name: 'Camille Martin' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Initials: each name keeps its colour everywhere; one image; the robot; a person with no name. */
export const Kinds: Story = {
  render: () => (
    <div style={row}>
      {[
        'Camille Martin',
        'Ahmed Khan',
        'Li Wei',
        'Sara López',
        'Yuki Tanaka',
        'Olu Adebayo',
        'Alice Moreau',
      ].map((name) => (
        <Avatar key={name} name={name} />
      ))}
      <Avatar name="Noor Haddad" src={photo('#6a4c93')} />
      <Avatar name="Parley Assistant" bot />
      <Avatar />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Avatar of Parley Assistant' })).toHaveAttribute(
      'data-variant',
      'bot',
    );
  },
};

/** Sizes by `size`: pixels or any CSS length. */
export const Sizes: Story = {
  render: () => (
    <div style={row}>
      <Avatar name="Camille Martin" size={24} />
      <Avatar name="Camille Martin" />
      <Avatar name="Camille Martin" size={48} />
      <Avatar name="Parley Assistant" bot size="4rem" />
    </div>
  ),
};

/** A team: three avatars, then "+2"; screen readers hear every name. */
export const Group: Story = {
  render: () => (
    <div style={{ ...row, flexDirection: 'column', alignItems: 'flex-start' }}>
      <AvatarGroup avatars={team} />
      <AvatarGroup avatars={team} max={2} size={28} />
      <AvatarGroup avatars={team.slice(0, 2)} size={48} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const groups = within(canvasElement).getAllByRole('img', { name: /Camille Martin/ });
    await expect(groups[0]).toHaveTextContent('+2');
  },
};
