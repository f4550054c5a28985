import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Welcome } from './Welcome.js';

// A small local avatar (no network in stories).
const photo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#2e7d5b"/><circle cx="18" cy="14" r="6" fill="#fff"/><path d="M6 34a12 12 0 0 1 24 0" fill="#fff"/></svg>',
)}`;

const team = [
  { name: 'Camille Martin', avatar: photo },
  { name: 'Ahmed Khan' },
  { name: 'Li Wei' },
  { name: 'Sara López' },
];

/**
 * The first screen of a conversation, which sets expectations: who answers, the greeting, the
 * usual reply time or the working hours with a labelled status, and the first actions. A centred
 * card at the top of an empty conversation, from a 320 px phone to a desktop panel.
 */
const meta = {
  title: 'Conversation/Welcome',
  component: Welcome,
  args: { title: "Hi, we're Acme support" },
  decorators: [
    (Story) => (
      <div style={{ maxInlineSize: 400, border: '1px solid var(--parley-color-border)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Welcome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Agents are online: the team's avatars, the usual reply time, one action. */
export const OnlineTeam: Story = {
  args: {
    avatars: team,
    text: 'Ask us anything about your order, a delivery or a refund.',
    expectation: 'Usually replies in under 5 minutes',
    status: 'online',
    children: <Welcome.Action onClick={fn()}>Start a conversation</Welcome.Action>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /Camille Martin/ })).toBeVisible();
  },
};

/** The robot answers first, on a 320 px phone; a human is one tap away. */
export const RobotFirst: Story = {
  args: {
    title: 'Ask our assistant',
    avatars: [{ name: 'Parley Assistant', bot: true }],
    text: 'I answer at once, day and night. Need a person? Just ask.',
    expectation: 'Instant answers',
    status: 'online',
    children: (
      <>
        <Welcome.Action onClick={fn()}>Ask a question</Welcome.Action>
        <Welcome.Action variant="secondary" onClick={fn()}>
          Talk to a human agent
        </Welcome.Action>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ inlineSize: 320 }}>
        <Story />
      </div>
    ),
  ],
};

/** Outside working hours: when the team is back, and a way to leave a message. */
export const OutsideHours: Story = {
  args: {
    avatars: team.slice(0, 2),
    text: 'Leave us a message and we will answer by email.',
    expectation: "We're back at 9:00",
    status: 'offline',
    children: <Welcome.Action onClick={fn()}>Leave a message</Welcome.Action>,
  },
};
