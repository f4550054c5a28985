import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GoodsCard } from '../GoodsCard/GoodsCard.js';
import { sampleImage } from '../Image/fixtures.js';
import { ComponentsProvider, LazyComponent } from './ComponentLoader.js';

/**
 * Renders a component registered under a code: at hand, imported on first use, or from a module's
 * address. A code that cannot render shows the fallback (or nothing) and is reported with its
 * spec code: `NO_CODE`, `NO_HANDLER`, `ERR_IMPORT_SCRIPT`.
 */
const components = {
  'goods-card': { component: GoodsCard },
  'order-card': { load: async () => ({ default: GoodsCard }), name: 'OrderCard' },
  broken: { url: 'http://127.0.0.1:9/cards/broken.js' },
};

const meta = {
  title: 'Conversation/ComponentLoader',
  component: LazyComponent,
  args: { code: 'goods-card' },
  render: (args) => (
    <ComponentsProvider components={components}>
      <LazyComponent {...args} />
    </ComponentsProvider>
  ),
} satisfies Meta<typeof LazyComponent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A registered card, as a robot or agent message of a custom type would show it. */
export const RegisteredCard: Story = {
  args: {
    code: 'goods-card',
    props: { name: 'Wireless earbuds', price: 199, currency: 'CNY', img: sampleImage },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Wireless earbuds')).toBeVisible();
  },
};

/** A code imported on first use (a code-split card). */
export const ImportedCard: Story = {
  args: {
    code: 'order-card',
    props: { type: 'order', name: 'Order #1042', price: 398, currency: 'CNY', count: 2, status: 'Shipped' },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Order #1042')).toBeVisible();
  },
};

/** `NO_CODE` and `ERR_IMPORT_SCRIPT`: the fallback shows instead. */
export const Fallback: Story = {
  args: { code: 'broken', fallback: <p>This card cannot be shown.</p> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This card cannot be shown.')).toBeVisible();
  },
};
