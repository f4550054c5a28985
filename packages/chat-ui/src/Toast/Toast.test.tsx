import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Modal } from '../Modal/Modal.js';
import { Toaster } from './Toast.js';
import { createToastStore, TOAST_DEFAULT_DURATION, type ToastStore } from './toastStore.js';

const visibleText = (container: HTMLElement) =>
  container.querySelector('[data-slot="toast-content"]')?.textContent ?? null;

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

// Pointing at a toast holds its countdown: keep the real pointer away from where toasts appear.
async function parkPointer() {
  await userEvent.hover(document.body, { position: { x: 1, y: 1 } });
}

async function run(callback: () => void) {
  await act(async () => callback());
}

describe('Toast', () => {
  let store: ToastStore;
  beforeEach(async () => {
    await parkPointer();
    store = createToastStore();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should default to 2000 ms, as the spec says', () => {
    expect(TOAST_DEFAULT_DURATION).toBe(2000);
  });

  it('given a toast with no duration, should hide it after exactly 2000 ms', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => store.show('Copied'));
    expect(visibleText(screen.container)).toContain('Copied');
    await advance(1999);
    expect(visibleText(screen.container)).toContain('Copied');
    await advance(1);
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given duration -1, should stay until its handle dismisses it', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let handle: ReturnType<ToastStore['show']> | undefined;
    await run(() => {
      handle = store.loading('Reconnecting', { duration: -1 });
    });
    await advance(600_000);
    expect(visibleText(screen.container)).toContain('Reconnecting');
    await run(() => handle?.dismiss());
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given a custom duration, should hide it after that duration', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => store.success('Saved', { duration: 5000 }));
    await advance(4999);
    expect(visibleText(screen.container)).toContain('Saved');
    await advance(1);
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given several toasts, should show them one at a time in order, each for its full duration', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => {
      store.show('first');
      store.show('second', { duration: 3000 });
      store.error('third');
    });
    expect(screen.container.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
    expect(visibleText(screen.container)).toContain('first');
    await advance(2000);
    expect(visibleText(screen.container)).toContain('second');
    await advance(2999);
    expect(visibleText(screen.container)).toContain('second');
    await advance(1);
    expect(visibleText(screen.container)).toContain('third');
    await advance(2000);
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given a queued toast dismissed before its turn, should never show it', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => {
      store.show('first');
      store.show('skipped').dismiss();
      store.show('third');
    });
    await advance(2000);
    expect(visibleText(screen.container)).toContain('third');
  });

  it('given a toast, should sit in a polite status region and name its type for screen readers', async () => {
    const screen = await render(<Toaster store={store} />);
    await run(() => store.error('Submit failed'));
    const status = screen.getByRole('status');
    await expect.element(status).toHaveAttribute('aria-live', 'polite');
    await expect.element(status).toHaveTextContent('Error: Submit failed');
    expect(screen.container.querySelector('[data-slot="toast"]')?.getAttribute('data-type')).toBe('error');
  });

  it('given an empty store, should keep the live region mounted so the first toast is announced', async () => {
    const screen = await render(<Toaster store={store} />);
    await expect.element(screen.getByRole('status')).toBeInTheDocument();
    await expect.element(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });

  it('given a toast that stays, should offer a dismiss button that works with pointer and keyboard', async () => {
    const screen = await render(<Toaster store={store} />);
    await run(() => {
      store.show('one', { duration: -1 });
      store.show('two', { duration: -1 });
    });
    await screen.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Information: two');
    (screen.getByRole('button', { name: 'Dismiss' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });

  it('given a timed toast, should not show a dismiss button', async () => {
    const screen = await render(<Toaster store={store} />);
    await run(() => store.show('brief'));
    expect(screen.container.querySelector('button')).toBeNull();
  });

  it('given an Arabic locale, should name the type in Arabic', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <Toaster store={store} />
      </LocaleProvider>,
    );
    await run(() => store.success('تم'));
    await expect.element(screen.getByRole('status')).toHaveTextContent(`${arEG['toast.success']}: تم`);
  });

  it('given dismiss with no id, should clear the screen and the queue', async () => {
    const screen = await render(<Toaster store={store} />);
    await run(() => {
      store.show('a', { duration: -1 });
      store.show('b');
      store.dismiss();
    });
    expect(store.getSnapshot()).toEqual({ current: null, queue: [] });
    expect(visibleText(screen.container)).toBeNull();
  });
});

describe('Toast countdown hold', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given the pointer on a toast, should hold its countdown and resume with the time left', async () => {
    await parkPointer();
    const store = createToastStore();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await act(async () => {
      store.show('Read me');
    });
    await advance(1500);
    const toastElement = screen.container.querySelector('[data-slot="toast"]') as HTMLElement;
    await act(async () => {
      toastElement.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await advance(10_000);
    expect(visibleText(screen.container)).toContain('Read me');
    await act(async () => {
      toastElement.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    });
    await advance(499);
    expect(visibleText(screen.container)).toContain('Read me');
    await advance(1);
    expect(visibleText(screen.container)).toBeNull();
  });
});

describe('Toast above a modal', () => {
  it('given an open Modal, should show the toast inside it, usable and announced', async () => {
    const store = createToastStore();
    const screen = await render(
      <>
        <Toaster store={store} />
        <Modal defaultOpen title="Rate the service" />
      </>,
    );
    await act(async () => {
      store.error('Submit failed', { duration: -1 });
    });
    const dialog = page.getByRole('dialog');
    await expect.element(dialog.getByRole('status')).toHaveTextContent('Error: Submit failed');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(dialog.getByRole('status')).toHaveAttribute('data-state', 'closed');
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.container.querySelector('[data-slot="toaster"]')).not.toBeNull();
  });
});
