import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Modal } from '../Modal/Modal.js';
import { Toaster } from './Toast.js';
import { createToastStore, TOAST_MIN_DURATION, type ToastStore, toastReadingTime } from './toastStore.js';

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

  it("given a short text with no duration, should stay five seconds, not the spec's two", async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => store.success('Copied'));
    await advance(TOAST_MIN_DURATION - 1);
    expect(visibleText(screen.container)).toContain('Copied');
    await advance(1);
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given a longer text with no duration, should stay as long as it takes to read', async () => {
    const text =
      'Your message was sent. The team answers within two working days, by email or by phone, whichever you gave us.';
    expect(toastReadingTime(text)).toBe(1000 + 20 * 400);
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => store.show(text));
    await advance(toastReadingTime(text) - 1);
    expect(visibleText(screen.container)).toContain('Your message was sent.');
    await advance(1);
    expect(visibleText(screen.container)).toBeNull();
  });

  it('given text without spaces between words or inside elements, should still count its words', () => {
    // Some twenty words with no space between them.
    const chinese = '文件太大了，请换一个小一点的文件再发送。我们的客服会在两个工作日内通过电子邮件回复您。';
    expect(toastReadingTime(chinese)).toBeGreaterThan(TOAST_MIN_DURATION);
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(
      toastReadingTime(
        <>
          <b>one two three</b> four five six seven <i>eight nine ten</i> eleven twelve thirteen fourteen
        </>,
      ),
    ).toBe(toastReadingTime(long));
  });

  it('given an error with no duration, should stay until dismissed, with a dismiss button', async () => {
    const screen = await render(<Toaster store={store} />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await run(() => store.error('Submit failed'));
    await advance(600_000);
    expect(visibleText(screen.container)).toContain('Submit failed');
    vi.useRealTimers();
    await screen.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });

  it('given the same error again while it shows, should keep one and say it again', async () => {
    const screen = await render(<Toaster store={store} />);
    await run(() => store.error('Submit failed'));
    const first = screen.container.querySelector('[data-slot="toast"]');
    await run(() => {
      store.error('Submit failed');
      store.error('Upload failed');
      store.error('Upload failed');
    });
    expect(store.getSnapshot().queue.map((item) => item.content)).toEqual(['Upload failed']);
    const again = screen.container.querySelector('[data-slot="toast"]');
    expect(again).not.toBe(first);
    expect(again?.textContent).toContain('Submit failed');
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
      store.show('first', { duration: 2000 });
      store.show('second', { duration: 3000 });
      store.error('third', { duration: 2000 });
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
      store.show('first', { duration: 2000 });
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
    await run(() => store.success('brief'));
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
      store.show('Read me', { duration: 2000 });
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

describe('Toast and the keyboard focus', () => {
  it('given a toast that would hide the focused control, should move to an edge, clear of it', async () => {
    const store = createToastStore();
    const screen = await render(
      <>
        <button
          type="button"
          style={{
            position: 'fixed',
            insetBlockStart: '50%',
            insetInlineStart: '50%',
            transform: 'translate(-50%, -50%)',
          }}
        >
          Under the toast
        </button>
        <Toaster store={store} />
      </>,
    );
    await act(async () => {
      store.error('Submit failed');
    });
    const shown = screen.container.querySelector('[data-slot="toast"]') as HTMLElement;
    const button = screen.getByRole('button', { name: 'Under the toast' }).element() as HTMLElement;
    const overlaps = () => {
      const a = shown.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      return a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;
    };
    expect(overlaps()).toBe(true);
    button.focus();
    await expect.poll(overlaps).toBe(false);
    await expect.element(screen.getByRole('status')).toHaveAttribute('data-placement', 'start');
    // Its own dismiss button is no reason to move.
    (screen.getByRole('button', { name: 'Dismiss' }).element() as HTMLElement).focus();
    await expect.element(screen.getByRole('status')).toHaveAttribute('data-placement', 'start');
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
