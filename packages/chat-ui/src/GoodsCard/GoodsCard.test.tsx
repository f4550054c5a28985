import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import zhCN from '../locales/zh-CN.json' with { type: 'json' };
import { formatPrice, GoodsCard } from './GoodsCard.js';

describe('formatPrice', () => {
  it('given a currency and locale, should format with Intl.NumberFormat', () => {
    expect(formatPrice(1234.5, 'en-US', 'USD')).toBe('$1,234.50');
    expect(formatPrice(1234.5, 'fr-FR', 'EUR')).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5),
    );
    expect(formatPrice(1234.5, 'fr-FR', 'EUR')).toMatch(/1\s?234,50\s€/);
  });
  it('given a currency that is not an ISO code, should show it after the plain number', () => {
    expect(formatPrice(12, 'en-US', 'EURO')).toBe('12.00 EURO');
    expect(formatPrice(12, 'en-US', '€')).toBe('12.00 €');
  });

  it('given a malformed locale, should format in en-US rather than throw', () => {
    expect(formatPrice(1234.5, 'not a locale!', 'USD')).toBe('$1,234.50');
    expect(formatPrice(12, 'xx_YY')).toBe('12.00');
  });

  it('given no currency, should show 2 decimals', () => {
    expect(formatPrice(12, 'en-US')).toBe('12.00');
  });
});

describe('GoodsCard', () => {
  it('given prices and a currency, should show them and label the struck-through original price', async () => {
    const screen = await render(<GoodsCard name="Earbuds" price={199} originalPrice={299} currency="USD" />);
    await expect.element(screen.getByRole('heading', { name: 'Earbuds' })).toBeVisible();
    await expect.element(screen.getByText('Price: $199.00')).toBeInTheDocument();
    await expect.element(screen.getByText('Original price: $299.00')).toBeInTheDocument();
    const struck = screen.container.querySelector('s');
    expect(struck?.textContent).toBe('$299.00');
    expect(getComputedStyle(struck as Element).textDecorationLine).toContain('line-through');
  });

  it('given no locale, should format with the kit locale', async () => {
    const screen = await render(
      <LocaleProvider locale="zh-CN" messages={zhCN}>
        <GoodsCard name="耳机" price={199} currency="CNY" />
      </LocaleProvider>,
    );
    await expect.element(screen.getByText('¥199.00', { exact: true })).toBeVisible();
  });

  it('given a locale prop, should use it over the kit locale', async () => {
    const screen = await render(<GoodsCard name="x" price={1234.5} currency="EUR" locale="de-DE" />);
    await expect.element(screen.getByText('1.234,50 €', { exact: true })).toBeVisible();
  });

  it('given tags, count, unit, status and meta, should show each', async () => {
    const screen = await render(
      <GoodsCard
        type="order"
        name="Rice"
        price={12}
        count={2}
        unit="kg"
        status="Shipped"
        meta="Order #1042"
        tags={[{ name: 'Organic' }, { name: 'Local' }]}
      />,
    );
    expect(screen.container.querySelector('[data-variant="order"]')).not.toBeNull();
    await expect.element(screen.getByRole('listitem').first()).toHaveTextContent('Organic');
    await expect.element(screen.getByText('Quantity: 2 kg')).toBeInTheDocument();
    await expect.element(screen.getByText('×2 kg')).toBeVisible();
    await expect.element(screen.getByText('Shipped')).toBeVisible();
    await expect.element(screen.getByText('Order #1042')).toBeVisible();
  });

  it('given type order vs other, should lay the image beside vs above the text', async () => {
    const img = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const screen = await render(
      <>
        <GoodsCard type="order" name="a" img={img} />
        <GoodsCard name="b" img={img} />
      </>,
    );
    const [order, other] = screen.container.querySelectorAll('[data-slot="goods-card"]');
    expect(getComputedStyle(order as Element).flexDirection).toBe('row');
    expect(getComputedStyle(other as Element).flexDirection).toBe('column');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'given the unsafe image URL %j, should show the card without an image',
    async (img) => {
      const screen = await render(<GoodsCard name="Wireless earbuds" img={img} price={199} />);
      await expect.element(screen.getByRole('heading', { name: 'Wireless earbuds' })).toBeVisible();
      expect(screen.container.querySelector('img, [src]')).toBeNull();
    },
  );
});
