import { toast } from '@parley/chat-ui/Toast';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { DeferredToaster, showToast } from './toasts.js';

describe('deferred toasts', () => {
  // Errors stay until dismissed: none outlives its test.
  afterEach(() => toast.dismiss());

  it('given no toast yet, should render nothing; given one, should load the kit and show it in a live region already on the page', async () => {
    const screen = await render(<DeferredToaster />);
    expect(screen.container.innerHTML).toBe('');
    // What the live region held when it arrived: a region that arrives with its text is not
    // announced by every screen reader.
    const arrived: string[] = [];
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (node instanceof Element && node.matches('[role="status"]'))
            arrived.push(node.textContent ?? '');
    });
    observer.observe(screen.container, { childList: true, subtree: true });
    await showToast('error', 'Submit failed');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Error: Submit failed');
    observer.disconnect();
    expect(arrived).toEqual(['']);
  });

  it('given a success, should show it as well', async () => {
    const screen = await render(<DeferredToaster />);
    await showToast('success', 'Your message was sent');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Success: Your message was sent');
  });
});
