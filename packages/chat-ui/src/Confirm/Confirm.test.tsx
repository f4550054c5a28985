import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { Confirm, useConfirm } from './Confirm.js';

describe('Confirm', () => {
  it('given it opens, should be an alertdialog with localized default buttons and focus on confirm', async () => {
    const screen = await render(
      <Confirm
        title="End the chat?"
        description="You can start a new one later."
        trigger={<button type="button">End</button>}
      />,
    );
    await screen.getByRole('button', { name: 'End' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.element(dialog).toHaveAccessibleName('End the chat?');
    await expect.element(dialog).toHaveAccessibleDescription('You can start a new one later.');
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(page.getByRole('button', { name: 'OK' })).toHaveFocus();
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('given confirm is clicked, should call onConfirm only, close, and refocus the trigger', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const screen = await render(
      <Confirm
        title="Send?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        trigger={<button type="button">Go</button>}
      />,
    );
    await screen.getByRole('button', { name: 'Go' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Go' })).toHaveFocus();
  });

  it('given Escape or Cancel, should call onCancel and close', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const screen = await render(
      <Confirm
        title="Send?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        trigger={<button type="button">Go</button>}
      />,
    );
    await screen.getByRole('button', { name: 'Go' }).click();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'Go' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('given a backdrop click, should stay open until answered', async () => {
    await render(<Confirm defaultOpen title="Sure?" />);
    await userEvent.click(document.body, { position: { x: 5, y: 5 } });
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
  });

  it('given a destructive action, should start focus on Cancel and mark confirm as danger', async () => {
    await render(<Confirm defaultOpen destructive title="Delete history?" confirmText="Delete" />);
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect
      .element(page.getByRole('button', { name: 'Delete' }))
      .toHaveAttribute('data-variant', 'danger');
  });

  it('given a French locale, should translate the default labels', async () => {
    await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        <Confirm defaultOpen title="Terminer ?" />
      </LocaleProvider>,
    );
    await expect.element(page.getByRole('button', { name: frFR['confirm.confirm'] })).toBeVisible();
    await expect.element(page.getByRole('button', { name: frFR['confirm.cancel'] })).toBeVisible();
  });

  it('given useConfirm, should resolve true on confirm and false on cancel', async () => {
    const answers: boolean[] = [];
    function Page() {
      const [confirm, element] = useConfirm();
      return (
        <>
          {element}
          <button type="button" onClick={async () => answers.push(await confirm({ title: 'Really?' }))}>
            Ask
          </button>
        </>
      );
    }
    const screen = await render(<Page />);
    await screen.getByRole('button', { name: 'Ask' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'Ask' }).click();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(answers).toEqual([true, false]));
    await expect.element(screen.getByRole('button', { name: 'Ask' })).toHaveFocus();
  });
});
