import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RateActions } from './RateActions.js';

describe('RateActions', () => {
  it('given no rating, should show two unpressed buttons in a labelled group', async () => {
    const screen = await render(<RateActions />);
    await expect.element(screen.getByRole('group', { name: 'Rate this answer' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Helpful' }))
      .toHaveAttribute('aria-pressed', 'false');
    await expect
      .element(screen.getByRole('button', { name: 'Not helpful' }))
      .toHaveAttribute('aria-pressed', 'false');
  });

  it('given a click on up, should call onChange once, hide down and lock the choice', async () => {
    const onChange = vi.fn();
    const screen = await render(<RateActions onChange={onChange} />);
    const up = screen.getByRole('button', { name: 'Helpful' });
    await up.click();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('up');
    await expect.element(up).toHaveAttribute('aria-pressed', 'true');
    await expect.element(up).toHaveAttribute('aria-disabled', 'true');
    expect(screen.container.querySelector('[data-rate="down"]')).toBeNull();
    // a locked button is aria-disabled: the pointer still reaches it, nothing happens
    (up.element() as HTMLElement).click();
    expect(onChange).toHaveBeenCalledTimes(1);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Thanks for your feedback');
  });

  it('given the keyboard, should choose down with Tab Tab Space', async () => {
    const onChange = vi.fn();
    const screen = await render(<RateActions onChange={onChange} />);
    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Not helpful' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('down');
    expect(screen.container.querySelector('[data-rate="up"]')).toBeNull();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('given a controlled value, should show it and not change on click', async () => {
    const onChange = vi.fn();
    const screen = await render(<RateActions value="down" onChange={onChange} />);
    (screen.getByRole('button', { name: 'Not helpful' }).element() as HTMLElement).click();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.container.querySelector('[data-slot="rate-actions"]')?.getAttribute('data-state')).toBe(
      'down',
    );
  });
});
