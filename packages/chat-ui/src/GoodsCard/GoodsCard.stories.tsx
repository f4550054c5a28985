import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleImage } from '../Image/fixtures.js';
import { GoodsCard } from './GoodsCard.js';

/**
 * A product (`type="other"`) or an order line (`type="order"`). Prices use Intl.NumberFormat with
 * `currency` and `locale` (default the kit's locale); the original price is struck through and
 * announced as such.
 */
const meta = {
  title: 'Conversation/GoodsCard',
  component: GoodsCard,
  args: {
    name: 'Wireless earbuds, noise cancelling',
    desc: 'Up to 30 hours of battery with the case.',
    img: sampleImage,
    price: 199,
    originalPrice: 299,
    currency: 'CNY',
    tags: [{ name: 'New' }, { name: 'Free shipping' }],
  },
  argTypes: { type: { control: 'inline-radio', options: ['other', 'order'] } },
} satisfies Meta<typeof GoodsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A product. */
export const Product: Story = {};

/** An order line with count, unit, status and meta. */
export const Order: Story = {
  args: {
    type: 'order',
    count: 2,
    unit: 'pcs',
    status: 'Shipped',
    meta: 'Order #1042 · 2026-11-20',
    originalPrice: undefined,
    tags: undefined,
    desc: undefined,
  },
};

/** Euros formatted for France, whatever the kit's locale. */
export const EuroInFrench: Story = {
  args: { currency: 'EUR', locale: 'fr-FR', price: 1234.5, originalPrice: 1499 },
};

/** Without image or currency. */
export const Minimal: Story = {
  args: {
    img: undefined,
    currency: undefined,
    originalPrice: undefined,
    tags: undefined,
    price: 12,
    unit: 'kg',
  },
};
