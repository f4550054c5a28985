import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { TipCard } from './TipCard.js';

describe('TipCard', () => {
  it('given a title and content, should show them in a region named by the title', async () => {
    const screen = await render(<TipCard title="Opening hours" content="9:00 to 18:00" />);
    await expect.element(screen.getByRole('complementary', { name: 'Opening hours' })).toBeVisible();
    await expect.element(screen.getByText('9:00 to 18:00')).toBeVisible();
  });

  it('given a link, should open it in a new tab without leaking the opener', async () => {
    const screen = await render(<TipCard title="t" link={{ text: 'Help', url: 'https://example.com/h' }} />);
    const link = screen.getByRole('link', { name: 'Help (opens in a new tab)' });
    await expect.element(link).toHaveAttribute('href', 'https://example.com/h');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('given a link, should give it a target of at least 24 px high (WCAG 2.5.8: it stands alone)', async () => {
    const screen = await render(<TipCard title="t" link={{ text: 'Help', url: 'https://example.com/h' }} />);
    const link = screen.getByRole('link', { name: 'Help (opens in a new tab)' }).element();
    expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', ' vbscript:x'])(
    'given an unsafe link %j, should not render it',
    async (url) => {
      const screen = await render(<TipCard title="t" link={{ text: 'Help', url }} />);
      expect(screen.container.querySelector('a')).toBeNull();
    },
  );

  it('given an action, should render it and let the keyboard use it', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <TipCard
        content="c"
        action={
          <button type="button" onClick={onClick}>
            Leave a message
          </button>
        }
      />,
    );
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Leave a message' })).toHaveFocus();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
