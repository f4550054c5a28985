import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { faq } from './fixtures.js';
import { Tree } from './Tree.js';

/**
 * An FAQ browser (ARIA tree): arrows, Home/End, Enter/Space. Choosing a leaf calls `onSelect`;
 * content and link show while a node is expanded.
 */
const meta = {
  title: 'Conversation/Tree',
  component: Tree,
  args: { nodes: faq, onSelect: fn() },
} satisfies Meta<typeof Tree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed. */
export const Collapsed: Story = {};

/** Expanded to the third level, with content and a link. */
export const Expanded: Story = { args: { defaultExpanded: ['0', '0-0', '0-1', '1'] } };

/** Keyboard: open Orders, go to its first question, choose the leaf below. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{ArrowRight}{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Can I change the address?' }),
    );
    await expect(canvas.getByRole('treeitem', { name: 'Can I change the address?' })).toHaveFocus();
  },
};
