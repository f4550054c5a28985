import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Composer } from './Composer.js';

describe('Composer parts and their contexts', () => {
  it('given a visitor typing, should not render Attach again, and render Send only when it becomes enabled', async () => {
    const renders = { attach: 0, send: 0, counter: 0 };
    const screen = await render(
      <Composer.Root onSend={vi.fn()} onFiles={vi.fn()} maxLength={100}>
        <Composer.Input />
        <Profiler id="attach" onRender={() => renders.attach++}>
          <Composer.Attach />
        </Profiler>
        <Profiler id="send" onRender={() => renders.send++}>
          <Composer.Send />
        </Profiler>
        <Profiler id="counter" onRender={() => renders.counter++}>
          <Composer.Counter />
        </Profiler>
      </Composer.Root>,
    );
    const before = { ...renders };
    await screen.getByRole('textbox', { name: 'Message' }).click();
    await userEvent.keyboard('hello');

    expect(renders.attach - before.attach).toBe(0);
    // Enabled by the first key, then nothing it shows changes.
    expect(renders.send - before.send).toBe(1);
    // The counter shows the text, so it follows every key.
    expect(renders.counter - before.counter).toBeGreaterThanOrEqual(5);
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('given a new onSend on each render of the page, should send through the newest one', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const screen = await render(<Composer onSend={first} />);
    await screen.rerender(<Composer onSend={latest} />);
    await screen.getByRole('textbox', { name: 'Message' }).click();
    await userEvent.keyboard('hi{Enter}');
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledExactlyOnceWith('hi');
  });
});
