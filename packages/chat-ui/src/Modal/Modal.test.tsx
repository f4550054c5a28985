import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Confirm } from '../Confirm/Confirm.js';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Modal } from './Modal.js';

function Uncontrolled(props: Partial<React.ComponentProps<typeof Modal>>) {
  return (
    <>
      <button type="button">Before</button>
      <Modal
        title="Leave the chat?"
        description="Your conversation will be saved."
        trigger={<button type="button">Open</button>}
        footer={
          <Modal.Close>
            <button type="button">Stay</button>
          </Modal.Close>
        }
        {...props}
      >
        <input aria-label="Reason" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('given a trigger, when clicked, should open a labelled, described modal dialog', async () => {
    const screen = await render(<Uncontrolled />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await expect.element(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(dialog).toHaveAccessibleName('Leave the chat?');
    await expect.element(dialog).toHaveAccessibleDescription('Your conversation will be saved.');
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('given it opens, should focus inside and keep Tab and Shift+Tab inside', async () => {
    const screen = await render(<Uncontrolled />);
    await screen.getByRole('button', { name: 'Open' }).click();
    const close = page.getByRole('button', { name: 'Close' });
    const input = page.getByRole('textbox', { name: 'Reason' });
    const stay = page.getByRole('button', { name: 'Stay' });
    await expect.element(close).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(input).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(stay).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(close).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(stay).toHaveFocus();
  });

  it('given it is open, when Escape is pressed, should close and return focus to the opener', async () => {
    const screen = await render(<Uncontrolled />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
  });

  it('given the close button or a Close part, when clicked, should close and refocus the opener', async () => {
    const screen = await render(<Uncontrolled />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await trigger.click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
    await trigger.click();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a backdrop click, should close; unless closeOnBackdrop is false', async () => {
    const screen = await render(<Uncontrolled />);
    await screen.getByRole('button', { name: 'Open' }).click();
    await userEvent.click(document.body, { position: { x: 5, y: 5 } });
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();

    await screen.rerender(<Uncontrolled closeOnBackdrop={false} />);
    await screen.getByRole('button', { name: 'Open' }).click();
    await userEvent.click(document.body, { position: { x: 5, y: 5 } });
    await expect.element(page.getByRole('dialog')).toBeVisible();
  });

  it('given a click inside the content, should stay open', async () => {
    const screen = await render(<Uncontrolled />);
    await screen.getByRole('button', { name: 'Open' }).click();
    await page.getByText('Your conversation will be saved.').click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
  });

  it('given it is open, should lock page scroll and restore the body styles exactly after close', async () => {
    document.body.style.color = 'rgb(1, 2, 3)';
    const before = document.body.getAttribute('style');
    const screen = await render(<Uncontrolled />);
    await screen.getByRole('button', { name: 'Open' }).click();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.getAttribute('style')).toBe(before);
    document.body.removeAttribute('style');
  });

  it('given a body without inline styles, should leave no style attribute behind', async () => {
    document.body.removeAttribute('style');
    const screen = await render(<Uncontrolled />);
    await screen.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    expect(document.body.hasAttribute('style')).toBe(false);
  });

  it('given controlled open, should ask onOpenChange and follow the prop', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(
      <Modal open onOpenChange={onOpenChange} title="Controlled">
        body
      </Modal>,
    );
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Still open: the parent decides.
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await screen.rerender(
      <Modal open={false} onOpenChange={onOpenChange} title="Controlled">
        body
      </Modal>,
    );
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a parent that closes it, should return focus to the opener', async () => {
    function Parent() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Show
          </button>
          <Modal open={open} onOpenChange={setOpen} title="Hi" showClose={false}>
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          </Modal>
        </>
      );
    }
    const screen = await render(<Parent />);
    await screen.getByRole('button', { name: 'Show' }).click();
    await expect.element(page.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Show' })).toHaveFocus();
  });

  it('given it is open, should make the page behind inert', async () => {
    const screen = await render(<Uncontrolled defaultOpen />);
    await expect.element(page.getByRole('dialog')).toBeVisible();
    const before = screen.getByRole('button', { name: 'Before', exact: true }).element() as HTMLElement;
    before.focus();
    expect(document.activeElement).not.toBe(before);
    expect(page.getByRole('dialog').element().matches(':modal')).toBe(true);
  });

  it('given an Arabic locale, should lay out right to left and localize the close button', async () => {
    await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <Modal defaultOpen title="مرحبا" />
      </LocaleProvider>,
    );
    await expect.element(page.getByRole('dialog')).toHaveAttribute('dir', 'rtl');
    await expect.element(page.getByRole('button', { name: arEG['dialog.close'] })).toBeVisible();
  });

  it('given compound parts, should build a custom dialog with the same behaviour', async () => {
    await render(
      <Modal.Root defaultOpen>
        <Modal.Content className="parley-dialog">
          <Modal.Title>Custom</Modal.Title>
          <Modal.Description>Made of parts</Modal.Description>
          <Modal.Close>
            <button type="button">Got it</button>
          </Modal.Close>
        </Modal.Content>
      </Modal.Root>,
    );
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toHaveAccessibleName('Custom');
    await expect.element(dialog).toHaveAccessibleDescription('Made of parts');
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('given a user onClick on the trigger that prevents default, should not open', async () => {
    const screen = await render(
      <Modal
        title="x"
        trigger={
          <button type="button" onClick={(event) => event.preventDefault()}>
            Open
          </button>
        }
      />,
    );
    await screen.getByRole('button', { name: 'Open' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a Confirm opened from a Modal, should close only the top one on Escape and restore focus and scroll step by step', async () => {
    const screen = await render(
      <Modal
        title="Outer"
        trigger={<button type="button">Open outer</button>}
        footer={<Confirm title="Inner?" trigger={<button type="button">Open inner</button>} />}
      />,
    );
    await screen.getByRole('button', { name: 'Open outer' }).click();
    await page.getByRole('button', { name: 'Open inner' }).click();
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await expect.element(page.getByRole('dialog', { name: 'Outer' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Open outer' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('Modal in development (StrictMode)', () => {
  it('given a modal that opens at once, should stay open through the double mount', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(
      <StrictMode>
        <Modal defaultOpen title="Rate this conversation" onOpenChange={onOpenChange} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect.element(screen.getByRole('dialog', { name: 'Rate this conversation' })).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
