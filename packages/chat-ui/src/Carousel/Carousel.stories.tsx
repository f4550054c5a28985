import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { GoodsCard } from '../GoodsCard/GoodsCard.js';
import { sampleImage } from '../Image/fixtures.js';
import { Carousel } from './Carousel.js';

const products = [
  { name: 'Wireless earbuds', price: 199, originalPrice: 299 },
  { name: 'Charging case', price: 59 },
  { name: 'Ear tips, 3 sizes', price: 19 },
];

/**
 * Cards or images in a carousel: 300 ms transitions, drag threshold 20 px, a click counts if the
 * pointer moved under 10 px, autoplay every 4000 ms (paused on hover, focus and reduced motion),
 * loop and dots on by default, arrow keys mirrored right to left. While it plays by itself, a pause
 * button stops it until pressed again (WCAG 2.2.2). `LazyCarousel` loads embla on first use.
 * Stories turn autoplay off, or pause it, so screenshots stay still.
 */
const meta = {
  title: 'Conversation/Carousel',
  component: Carousel,
  args: {
    autoplay: false,
    'aria-label': 'Recommended products',
    children: products.map((product) => (
      <GoodsCard key={product.name} {...product} img={sampleImage} currency="CNY" />
    )),
  },
} satisfies Meta<typeof Carousel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three product cards with dots and arrows. */
export const Products: Story = {};

/** Without loop the ends clamp: Previous is disabled on the first slide. */
export const NoLoop: Story = {
  args: { loop: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Previous slide' })).toBeDisabled();
  },
};

/** Moving with the dots: the current dot has aria-current. */
export const WithDots: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Go to slide 2' }));
    await expect(canvas.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

/** Without dots or arrows: swipe, drag or arrow keys. */
export const Bare: Story = { args: { dots: false, arrows: false } };

/** Autoplay with its pause button, pressed here: it now offers to play again. */
export const Autoplay: Story = {
  args: { autoplay: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause slideshow' }));
    await expect(canvas.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  },
};
