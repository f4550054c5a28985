import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageStatus } from './MessageStatus.js';

function stateOf(container: HTMLElement) {
  return container.querySelector('[data-slot="message-status"]')?.getAttribute('data-state');
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('MessageStatus', () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    vi.useRealTimers();
  });

  it('given a pending message, should show nothing before 800 ms and a spinner from 800 ms', async () => {
    const screen = await render(<MessageStatus status="pending" />);
    await advance(799);
    expect(stateOf(screen.container)).toBe('idle');
    expect(screen.container.textContent).toBe('');
    await advance(1);
    expect(stateOf(screen.container)).toBe('loading');
    expect(screen.container.textContent).toBe('Sending…');
  });

  it('given a pending message, should fail at 12 000 ms and not before, showing a named retry button', async () => {
    const onTimeout = vi.fn();
    const screen = await render(<MessageStatus status="pending" onTimeout={onTimeout} />);
    await advance(11_999);
    expect(stateOf(screen.container)).toBe('loading');
    expect(screen.container.querySelector('button')).toBeNull();
    await advance(1);
    expect(stateOf(screen.container)).toBe('fail');
    expect(onTimeout).toHaveBeenCalledTimes(1);
    await expect.element(screen.getByRole('button', { name: 'Not sent. Retry' })).toBeVisible();
  });

  it('given read, should show "Seen" as plain text, announced by no live region, and run no timer', async () => {
    const onRetry = vi.fn();
    const onTimeout = vi.fn();
    const screen = await render(<MessageStatus status="read" onRetry={onRetry} onTimeout={onTimeout} />);
    expect(stateOf(screen.container)).toBe('read');
    expect(screen.container.textContent).toBe('Seen');
    await advance(30_000);
    expect(stateOf(screen.container)).toBe('read');
    expect(onRetry).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.container.querySelector('[aria-live], [role="status"], [role="alert"]')).toBeNull();
  });

  it('given a pending message read by the other side, should stop its timers and show "Seen"', async () => {
    const onTimeout = vi.fn();
    const screen = await render(<MessageStatus status="pending" onTimeout={onTimeout} />);
    await advance(1_000);
    expect(stateOf(screen.container)).toBe('loading');
    await screen.rerender(<MessageStatus status="read" onTimeout={onTimeout} />);
    expect(stateOf(screen.container)).toBe('read');
    await advance(20_000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.container.textContent).toBe('Seen');
  });

  it('given a pending message, should call onRetry every 5 000 ms until it fails', async () => {
    const onRetry = vi.fn();
    await render(<MessageStatus status="pending" onRetry={onRetry} />);
    await advance(4_999);
    expect(onRetry).not.toHaveBeenCalled();
    await advance(1);
    expect(onRetry).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(onRetry).toHaveBeenCalledTimes(2);
    await advance(30_000);
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('given a failed message, when the reader clicks retry, should call onRetry and restart the cycle', async () => {
    const onRetry = vi.fn();
    const screen = await render(<MessageStatus status="pending" onRetry={onRetry} />);
    await advance(12_000);
    onRetry.mockClear();
    await act(async () => {
      (screen.container.querySelector('button') as HTMLButtonElement).click();
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(stateOf(screen.container)).toBe('idle');
    await advance(800);
    expect(stateOf(screen.container)).toBe('loading');
    await advance(4_200);
    expect(onRetry).toHaveBeenCalledTimes(2);
    await advance(7_000);
    expect(stateOf(screen.container)).toBe('fail');
  });

  it('given a failed message, when the reader presses Enter on retry, should restart the cycle', async () => {
    const onRetry = vi.fn();
    const screen = await render(<MessageStatus status="fail" onRetry={onRetry} />);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(stateOf(screen.container)).toBe('idle');
    await advance(800);
    expect(stateOf(screen.container)).toBe('loading');
  });

  it('given a status that turns to sent, should clear the status and stop retrying', async () => {
    const onRetry = vi.fn();
    const screen = await render(<MessageStatus status="pending" onRetry={onRetry} />);
    await advance(1_000);
    expect(stateOf(screen.container)).toBe('loading');
    await screen.rerender(<MessageStatus status="sent" onRetry={onRetry} />);
    expect(stateOf(screen.container)).toBe('idle');
    expect(screen.container.textContent).toBe('');
    await advance(20_000);
    expect(onRetry).not.toHaveBeenCalled();
    expect(stateOf(screen.container)).toBe('idle');
  });

  it('given a fail status from the product, should show the retry button at once', async () => {
    const screen = await render(<MessageStatus status="fail" />);
    await expect.element(screen.getByRole('button', { name: 'Not sent. Retry' })).toBeVisible();
  });

  it('given the product owns delivery, should show a spinner after 800 ms and neither fail nor retry by itself', async () => {
    const onRetry = vi.fn();
    const onTimeout = vi.fn();
    const screen = await render(
      <MessageStatus status="pending" timers="product" onRetry={onRetry} onTimeout={onTimeout} />,
    );
    await advance(800);
    expect(stateOf(screen.container)).toBe('loading');
    // A voice note on slow 4G takes about 21 s: still sending, not "Not sent".
    await advance(25_000);
    expect(stateOf(screen.container)).toBe('loading');
    expect(onRetry).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    await screen.rerender(<MessageStatus status="fail" timers="product" onRetry={onRetry} />);
    expect(stateOf(screen.container)).toBe('fail');
  });
});
