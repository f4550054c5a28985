import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Thinking } from './Thinking.js';

describe('Thinking', () => {
  it('given thinking in progress, should say Thinking… on an expanded disclosure button', async () => {
    const screen = await render(<Thinking>Checking the order history</Thinking>);
    const button = screen.getByRole('button', { name: 'Thinking…' });
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.element().getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toBe('Checking the order history');
  });

  it('given done without a duration, should say Deep thinking done', async () => {
    const screen = await render(<Thinking done>x</Thinking>);
    await expect.element(screen.getByRole('button', { name: 'Deep thinking done' })).toBeVisible();
  });

  it.each([
    [1, 'Deep thinking done (1 second)'],
    [12, 'Deep thinking done (12 seconds)'],
  ])('given done after %i s, should pluralize the elapsed time', async (seconds, label) => {
    const screen = await render(<Thinking done elapsedSeconds={seconds} />);
    await expect.element(screen.getByRole('button', { name: label })).toBeVisible();
  });

  it('given Arabic, should use the dual form for 2 seconds', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <Thinking done elapsedSeconds={2} />
      </LocaleProvider>,
    );
    await expect.element(screen.getByRole('button', { name: arEG['thinking.doneIn.two'] })).toBeVisible();
  });

  it('given the pointer, when the header is clicked, should collapse and expand the content', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(<Thinking onOpenChange={onOpenChange}>Reasoning</Thinking>);
    const button = screen.getByRole('button');
    await button.click();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByText('Reasoning')).not.toBeVisible();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await button.click();
    await expect.element(screen.getByText('Reasoning')).toBeVisible();
  });

  it('given the keyboard, should toggle with Enter and Space', async () => {
    const screen = await render(<Thinking defaultOpen={false}>Reasoning</Thinking>);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  });

  it('given a controlled open prop, should follow it', async () => {
    const screen = await render(<Thinking open={false}>Reasoning</Thinking>);
    await screen.getByRole('button').click();
    await expect.element(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false');
  });
});
