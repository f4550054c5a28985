import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { brokenImage, sampleImage, sampleThumbnail } from './fixtures.js';
import { Image } from './Image.js';

describe('Image', () => {
  it('given an image, should show a lazily loaded thumbnail with its alt text', async () => {
    const screen = await render(
      <Image src={sampleImage} thumbnail={sampleThumbnail} alt="Receipt" width={160} />,
    );
    const img = screen.getByRole('img', { name: 'Receipt' });
    await expect.element(img).toHaveAttribute('loading', 'lazy');
    await expect.element(img).toHaveAttribute('src', sampleThumbnail);
  });

  it('given a click on the thumbnail, should open a modal preview with the full image and move focus in', async () => {
    const screen = await render(<Image src={sampleImage} thumbnail={sampleThumbnail} alt="Receipt" />);
    await screen.getByRole('button', { name: 'View full size: Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(dialog.getByRole('img', { name: 'Receipt' })).toHaveAttribute('src', sampleImage);
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('given the preview opened with the keyboard, Escape should close it and return focus', async () => {
    const screen = await render(<Image src={sampleImage} alt="Receipt" />);
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'View full size: Receipt' })).toHaveFocus();
  });

  it('given a click on the backdrop, should close the preview', async () => {
    const onOpenChange = vi.fn();
    await render(<Image src={sampleImage} alt="Receipt" defaultOpen onOpenChange={onOpenChange} />);
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toBeVisible();
    // Outside the dialog's box: the ::backdrop, whose clicks target the <dialog> itself.
    await userEvent.click(dialog, { position: { x: -20, y: -20 } });
    await expect.element(dialog).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('given an image that fails to load, should show a labelled fallback and call onError', async () => {
    const onError = vi.fn();
    const screen = await render(<Image src={brokenImage} alt="Receipt" onError={onError} />);
    await expect.element(screen.getByRole('img', { name: 'Receipt (Image unavailable)' })).toBeVisible();
    expect(screen.container.querySelector('button')).toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });

  it.each(['javascript:alert(1)', ' data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'given the unsafe source %j, should load nothing and show the labelled fallback',
    async (src) => {
      const screen = await render(<Image src={src} alt="Receipt" />);
      await expect.element(screen.getByRole('img', { name: 'Receipt (Image unavailable)' })).toBeVisible();
      expect(screen.container.querySelector('img, [src], button')).toBeNull();
    },
  );

  it('given an unsafe thumbnail and a safe source, should show the source as the thumbnail', async () => {
    const screen = await render(<Image src={sampleImage} thumbnail="javascript:alert(1)" alt="Receipt" />);
    await expect.element(screen.getByRole('img', { name: 'Receipt' })).toHaveAttribute('src', sampleImage);
  });

  it('given a blob: URL (a file the page holds), should show it', async () => {
    // The smallest valid PNG (1x1).
    const png = Uint8Array.from(
      '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D49444154789C6360000002000154A24F5D0000000049454E44AE426082'.match(
        /../g,
      ) ?? [],
      (byte) => Number.parseInt(byte, 16),
    );
    const url = URL.createObjectURL(new Blob([png], { type: 'image/png' }));
    const screen = await render(<Image src={url} alt="Receipt" />);
    await expect.element(screen.getByRole('button', { name: 'View full size: Receipt' })).toBeVisible();
    expect(screen.container.querySelector('img')?.getAttribute('src')).toBe(url);
    URL.revokeObjectURL(url);
  });
});
