import type { Meta, StoryObj } from '@storybook/react-vite';
import { Time } from './Time.js';

const now = new Date(2026, 2, 18, 15, 30, 0);

/** A message time: HH:mm:ss, or relative (today, Yesterday, weekday, full date), in the kit locale. */
const meta = {
  title: 'Conversation/Time',
  component: Time,
  args: { date: new Date(2026, 2, 18, 14, 5, 9), now, variant: 'clock' },
  argTypes: { variant: { control: 'inline-radio', options: ['clock', 'relative'] } },
} satisfies Meta<typeof Time>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The visible message time, HH:mm:ss. */
export const Clock: Story = {};

/** Relative, earlier today: the time. */
export const Today: Story = { args: { variant: 'relative' } };

/** Relative, the day before. */
export const Yesterday: Story = { args: { variant: 'relative', date: new Date(2026, 2, 17, 20, 0, 0) } };

/** Relative, within a week: the weekday. */
export const ThisWeek: Story = { args: { variant: 'relative', date: new Date(2026, 2, 14, 10, 0, 0) } };

/** Relative, older: the full date. */
export const Older: Story = { args: { variant: 'relative', date: new Date(2025, 11, 25, 10, 0, 0) } };
