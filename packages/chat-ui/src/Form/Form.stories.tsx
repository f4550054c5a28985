import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox, Radio, RadioGroup } from './Choices.js';
import { Field, Input, Select, Textarea } from './Form.js';

/**
 * Form controls for the visitor's forms (user form, evaluation, leave a message): Field labels a
 * control and wires its description and error message (`aria-describedby`, `aria-invalid`,
 * `aria-errormessage`); Input, Textarea, Select, RadioGroup/Radio and Checkbox read it.
 */
const meta = {
  title: 'Forms/Form controls',
  component: Field,
  args: { label: 'Email', children: null },
  decorators: [
    (Story) => (
      <div style={{ display: 'grid', gap: 16, maxInlineSize: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

const topics = [
  { value: 'orders', label: 'Orders and delivery' },
  { value: 'refunds', label: 'Returns and refunds' },
  { value: 'other', label: 'Something else' },
];

/** Every control in its default state. */
export const Default: Story = {
  render: () => (
    <>
      <Field label="Name" required>
        <Input autoComplete="name" />
      </Field>
      <Field label="Email" description="We only use it to reply to you.">
        <Input type="email" placeholder="you@example.com" />
      </Field>
      <Field label="Topic">
        <Select placeholder="Choose a topic" defaultValue="" options={topics} />
      </Field>
      <Field label="Message">
        <Textarea placeholder="How can we help?" />
      </Field>
      <Field label="Contact me by">
        <RadioGroup defaultValue="email" orientation="horizontal">
          <Radio value="email" label="Email" />
          <Radio value="phone" label="Phone" />
        </RadioGroup>
      </Field>
      <Checkbox label="Send me a transcript of this chat" />
    </>
  ),
};

/** Errors: each control is marked invalid and points to its message. */
export const WithErrors: Story = {
  render: () => (
    <>
      <Field
        label="Phone"
        required
        description="11 digits, starting with 1."
        error="Enter a valid phone number"
      >
        <Input defaultValue="12345" inputMode="tel" />
      </Field>
      <Field label="Email" error="Enter a valid email address">
        <Input type="email" defaultValue="not-an-email" />
      </Field>
      <Field label="Topic" required error="Choose a topic">
        <Select placeholder="Choose a topic" defaultValue="" options={topics} />
      </Field>
      <Field label="Contact me by" required error="Pick one">
        <RadioGroup>
          <Radio value="email" label="Email" />
          <Radio value="phone" label="Phone" />
        </RadioGroup>
      </Field>
      <Checkbox label="I agree to the privacy notice" required error="Please agree to continue" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const input of canvas.getAllByRole('textbox')) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
  },
};

/** Disabled controls. */
export const Disabled: Story = {
  render: () => (
    <>
      <Field label="Name" disabled>
        <Input defaultValue="Visitor 42" />
      </Field>
      <Field label="Topic" disabled>
        <Select defaultValue="orders" options={topics} />
      </Field>
      <Field label="Message" disabled>
        <Textarea defaultValue="Sent already." />
      </Field>
      <Field label="Contact me by">
        <RadioGroup defaultValue="email" disabled>
          <Radio value="email" label="Email" />
          <Radio value="phone" label="Phone" />
        </RadioGroup>
      </Field>
      <Checkbox label="Send me a transcript" disabled defaultChecked />
    </>
  ),
};

/** Keyboard: Tab through the fields, arrows within the radio group, Space on the checkbox. */
export const Keyboard: Story = {
  render: () => (
    <>
      <Field label="Name">
        <Input />
      </Field>
      <Field label="Contact me by">
        <RadioGroup defaultValue="email">
          <Radio value="email" label="Email" />
          <Radio value="phone" label="Phone" description="During working hours" />
        </RadioGroup>
      </Field>
      <Checkbox label="Send me a transcript" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox'));
    await userEvent.keyboard('Ada');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getAllByRole('radio')[1]).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox')).toBeChecked();
  },
};
