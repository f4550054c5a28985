import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Field } from '../Form/Form.js';
import { StarRating } from './StarRating.js';

/**
 * A star rating with radio-group semantics: one tab stop, arrows move and select (mirrored right
 * to left), Home/End, each star named "4 of 5 stars" or by `labels`. `readOnly` shows a value.
 */
const meta = {
  title: 'Forms/StarRating',
  component: StarRating,
  args: { onValueChange: fn() },
} satisfies Meta<typeof StarRating>;

export default meta;
type Story = StoryObj<typeof meta>;

const labels = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/** Nothing chosen yet. */
export const Empty: Story = {};

/** A value chosen. */
export const Chosen: Story = { args: { defaultValue: 4 } };

/** Labels per star, like the evaluation's star list; the chosen label shows beside the stars. */
export const WithLabels: Story = { args: { labels, defaultValue: 5 } };

/** Read only: one image, "4 of 5 stars". */
export const ReadOnly: Story = { args: { readOnly: true, value: 4 } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 2 } };

/** In a Field with a description and an error. */
export const InFieldWithError: Story = {
  render: (args) => (
    <Field
      label="How did we do?"
      description="Your rating helps us improve."
      error="Choose a rating"
      required
    >
      <StarRating {...args} labels={labels} />
    </Field>
  ),
};

/** Keyboard: Tab in, arrows select, End jumps to the top. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(2);
    await userEvent.keyboard('{End}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(5);
    await expect(canvas.getAllByRole('radio')[4]).toHaveFocus();
  },
};
