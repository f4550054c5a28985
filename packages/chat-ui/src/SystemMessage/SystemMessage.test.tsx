import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { SystemMessage } from './SystemMessage.js';

describe('SystemMessage', () => {
  it('given a notice, should show it centred without a button', async () => {
    const screen = await render(
      <div style={{ inlineSize: 600 }}>
        <SystemMessage content="An agent joined the chat" />
      </div>,
    );
    const text = screen.getByText('An agent joined the chat');
    await expect.element(text).toBeVisible();
    expect(screen.container.querySelector('button')).toBeNull();
    const box = text.element().getBoundingClientRect();
    const outer = screen.container.firstElementChild?.getBoundingClientRect();
    expect(Math.abs(box.left - (outer?.left ?? 0) - ((outer?.right ?? 0) - box.right))).toBeLessThan(2);
  });

  it('given an action, should call it on click and on Enter', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <SystemMessage content="The chat has ended." action={{ label: 'Rate the service', onClick }} />,
    );
    await screen.getByRole('button', { name: 'Rate the service' }).click();
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('given markup in the notice, should show it as text', async () => {
    const screen = await render(<SystemMessage content="<b>bold</b>" />);
    expect(screen.container.querySelector('b')).toBeNull();
  });
});
