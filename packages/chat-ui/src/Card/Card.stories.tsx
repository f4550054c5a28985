import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleImage } from '../Image/fixtures.js';
import { Card } from './Card.js';

/** A generic card: media, title, content, actions; compound parts for other layouts. */
const meta = {
  title: 'Conversation/Card',
  component: Card,
  args: {
    title: 'Return policy',
    content: 'Return any item within 30 days. We pick it up for free.',
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Title and content. */
export const Basic: Story = {};

/** With media and actions. */
export const WithMediaAndActions: Story = {
  args: {
    media: <img src={sampleImage} alt="Parcel at the door" />,
    actions: (
      <>
        <a className="parley-tip-card__link" href="#returns">
          Start a return
        </a>
      </>
    ),
  },
};

/** Built from the compound parts. */
export const Parts: Story = {
  render: () => (
    <Card.Root aria-labelledby="card-parts-title">
      <Card.Title id="card-parts-title">Delivery times</Card.Title>
      <Card.Content>Standard: 3-5 days. Express: next day before 12:00.</Card.Content>
    </Card.Root>
  ),
};
