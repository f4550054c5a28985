import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Popover } from './Popover.js';

function Example(props: Partial<React.ComponentProps<typeof Popover>>) {
  return (
    <div style={{ padding: 40 }}>
      <Popover
        title="Order #1042"
        content={
          <>
            <p>Shipped on 3 March.</p>
            <button type="button">Track</button>
          </>
        }
        {...props}
      >
        <button type="button">Details</button>
      </Popover>
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('Popover', () => {
  it('given a click on the trigger, should open a labelled dialog and move focus into it', async () => {
    const screen = await render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    const popover = page.getByRole('dialog', { name: 'Order #1042' });
    await expect.element(popover).toBeVisible();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByRole('button', { name: 'Track' })).toHaveFocus();
  });

  it('given it is open, when Escape is pressed, should close and return focus to the trigger', async () => {
    const screen = await render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
  });

  it('given an outside click or a second click on the trigger, should close', async () => {
    const screen = await render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    await trigger.click();
    await screen.getByRole('button', { name: 'Elsewhere' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await trigger.click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await trigger.click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('given showClose, should close from its localized close button', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(<Example showClose onOpenChange={onOpenChange} />);
    await screen.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('given it opens, should sit below the trigger', async () => {
    const screen = await render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Details' });
    await trigger.click();
    await vi.waitFor(() => {
      const popover = page.getByRole('dialog').element().getBoundingClientRect();
      const anchor = trigger.element().getBoundingClientRect();
      expect(popover.top).toBeGreaterThanOrEqual(anchor.bottom);
    });
  });
});
