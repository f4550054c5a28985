import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as icons from './icons.js';

/**
 * The kit's icons: 24x24 outlines in `currentColor`, bundled with the kit (no sprite, no CDN).
 * Each is its own export, so only the icons a product uses end up in its bundle. Decorative by
 * default (`aria-hidden`); pass `title` to give one an accessible name.
 */
const meta = {
  title: 'Foundations/Icons',
  component: icons.IconSend,
  args: { size: 24 },
} satisfies Meta<typeof icons.IconSend>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon of the kit, by export name. */
export const Gallery: Story = {
  render: (args) => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, 1fr)',
        gap: 12,
        padding: 0,
        margin: 0,
        listStyle: 'none',
      }}
    >
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 11 }}>
          <Icon {...args} />
          <span>{name}</span>
        </li>
      ))}
    </ul>
  ),
};

/** With a title the icon is an image with an accessible name. */
export const Labelled: Story = {
  args: { title: 'Send' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Send' })).toBeVisible();
  },
};
