import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { DeferredToaster, showToast } from './toasts.js';

describe('deferred toasts', () => {
  it('given no toast yet, should render nothing; given one, should load the kit and show it', async () => {
    const screen = await render(<DeferredToaster />);
    expect(screen.container.innerHTML).toBe('');
    await showToast('error', 'Submit failed');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Error: Submit failed');
  });

  it('given a success, should show it as well', async () => {
    const screen = await render(<DeferredToaster />);
    await showToast('success', 'Your message was sent');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Success: Your message was sent');
  });
});
