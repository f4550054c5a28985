import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { TOOLTIP_OPEN_DELAY, Tooltip } from './Tooltip.js';

function Example(props: Partial<React.ComponentProps<typeof Tooltip>>) {
  return (
    <div style={{ padding: 80 }}>
      <button type="button">Before</button>
      <Tooltip content="Attach a photo or a file" {...props}>
        <button type="button" aria-label="Attach">
          +
        </button>
      </Tooltip>
    </div>
  );
}

describe('Tooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given keyboard focus, should show at once and describe the trigger', async () => {
    const screen = await render(<Example />);
    (screen.getByRole('button', { name: 'Before' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Tab}');
    const tooltip = page.getByRole('tooltip');
    await expect.element(tooltip).toHaveTextContent('Attach a photo or a file');
    await expect
      .element(screen.getByRole('button', { name: 'Attach' }))
      .toHaveAccessibleDescription('Attach a photo or a file');
  });

  it('given it is shown, when Escape is pressed, should hide', async () => {
    const screen = await render(<Example />);
    (screen.getByRole('button', { name: 'Before' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('tooltip')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('tooltip')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Attach' })).toHaveFocus();
  });

  it('given a hover, should show only after the open delay', async () => {
    expect(TOOLTIP_OPEN_DELAY).toBe(400);
    const screen = await render(<Example />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const trigger = screen.getByRole('button', { name: 'Attach' }).element() as HTMLElement;
    await act(async () => {
      trigger.dispatchEvent(new PointerEvent('pointerenter', { bubbles: false, pointerType: 'mouse' }));
      trigger.dispatchEvent(new MouseEvent('mouseenter', { bubbles: false }));
      trigger.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    });
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY - 1);
    });
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe('Attach a photo or a file');
  });

  it('given a real pointer hover and leave, should show and then hide', async () => {
    const screen = await render(<Example delay={0} />);
    await screen.getByRole('button', { name: 'Attach' }).hover();
    await expect.element(page.getByRole('tooltip')).toBeVisible();
    await screen.getByRole('button', { name: 'Before' }).hover();
    await expect.element(page.getByRole('tooltip')).not.toBeInTheDocument();
  });

  it('given the trigger has its own handlers, should still call them', async () => {
    const onFocus = vi.fn();
    const onClick = vi.fn();
    const screen = await render(
      <Tooltip content="Send">
        <button type="button" onFocus={onFocus} onClick={onClick}>
          Go
        </button>
      </Tooltip>,
    );
    await screen.getByRole('button', { name: 'Go' }).click();
    expect(onClick).toHaveBeenCalledOnce();
    expect(onFocus).toHaveBeenCalled();
  });
});
