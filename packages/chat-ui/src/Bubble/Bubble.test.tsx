import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Bubble } from './Bubble.js';

describe('Bubble', () => {
  it('given text, should show it and sit on the left by default', async () => {
    const screen = await render(<Bubble content="Hello, how can I help?" />);
    await expect.element(screen.getByText('Hello, how can I help?')).toBeVisible();
    expect(screen.container.querySelector('[data-slot="bubble"]')?.getAttribute('data-position')).toBe(
      'left',
    );
  });

  it.each(['left', 'right', 'pop'] as const)(
    'given position %s, should expose it for styles and tests',
    async (position) => {
      const screen = await render(<Bubble content="x" position={position} />);
      const bubble = screen.container.querySelector('[data-slot="bubble"]');
      expect(bubble?.getAttribute('data-position')).toBe(position);
      expect(bubble?.classList.contains(`parley-bubble--${position}`)).toBe(true);
    },
  );

  it('given right and left bubbles in a row, should align them to opposite edges', async () => {
    const screen = await render(
      <div style={{ inlineSize: 400, display: 'flex', flexDirection: 'column' }}>
        <Bubble content="left" />
        <Bubble content="right" position="right" />
      </div>,
    );
    const [left, right] = [...screen.container.querySelectorAll('[data-slot="bubble"]')].map((bubble) =>
      bubble.getBoundingClientRect(),
    );
    expect(left?.left).toBeLessThan(right?.left ?? 0);
    expect(Math.round(right?.right ?? 0)).toBe(
      Math.round(screen.container.firstElementChild?.getBoundingClientRect().right ?? -1),
    );
  });

  it('given a URL, should make a link that opens in a new tab without leaking the opener', async () => {
    const screen = await render(<Bubble content="Track it at https://example.com/track?id=7." />);
    const link = screen.getByRole('link', { name: /example\.com/ });
    await expect.element(link).toHaveAttribute('href', 'https://example.com/track?id=7');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect.element(link).toHaveAccessibleName('https://example.com/track?id=7 (opens in a new tab)');
  });

  it('given markup in the text, should show it as text and never create elements', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const screen = await render(<Bubble content={hostile} />);
    await expect.element(screen.getByText(hostile)).toBeVisible();
    expect(screen.container.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('given a javascript: URL, should not make it a link', async () => {
    const screen = await render(<Bubble content="javascript:alert(1)" />);
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it('given the keyboard, should reach the link with Tab', async () => {
    const screen = await render(<Bubble content="Docs: https://example.com" />);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('link')).toHaveFocus();
  });

  it('given an Arabic locale, should announce the new tab in Arabic', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <Bubble content="https://example.com" />
      </LocaleProvider>,
    );
    await expect
      .element(screen.getByRole('link'))
      .toHaveAccessibleName(`https://example.com ${arEG['link.newTab']}`);
  });

  it('given a ref and extra props, should forward them to the bubble element', async () => {
    const ref = createRef<HTMLDivElement>();
    await render(<Bubble ref={ref} content="x" data-testid="b" className="mine" />);
    expect(ref.current?.classList.contains('mine')).toBe(true);
    await expect.element(page.getByTestId('b')).toBeVisible();
  });
});
