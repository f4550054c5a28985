import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Popup } from './Popup.js';

describe('Popup', () => {
  it('given a trigger, when clicked, should open a labelled modal bottom sheet', async () => {
    const screen = await render(
      <Popup title="Choose a topic" trigger={<button type="button">Topics</button>}>
        <button type="button">Billing</button>
      </Popup>,
    );
    await screen.getByRole('button', { name: 'Topics' }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose a topic' });
    await expect.element(sheet).toHaveAttribute('aria-modal', 'true');
    await expect.element(sheet).toHaveAttribute('data-variant', 'popup');
    // Once slid in, it sits on the bottom edge.
    await vi.waitFor(() => {
      const box = (sheet.element() as HTMLElement).getBoundingClientRect();
      expect(Math.round(box.bottom)).toBe(window.innerHeight);
    });
  });

  it('given it is open, when Escape is pressed, should close and return focus to the trigger', async () => {
    const screen = await render(
      <Popup title="Sheet" trigger={<button type="button">Open sheet</button>}>
        <button type="button">Inside</button>
      </Popup>,
    );
    const trigger = screen.getByRole('button', { name: 'Open sheet' });
    await trigger.click();
    await expect.element(page.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});
