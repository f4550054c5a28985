import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Audio, formatDuration } from './Audio.js';
import { silentWav } from './fixtures.js';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [59.6, '1:00'],
    [3600, '60:00'],
    [Number.NaN, '0:00'],
    [-3, '0:00'],
  ])('given %d s, should show %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('Audio', () => {
  it('given a duration prop, should show it as m:ss before the file loads', async () => {
    const screen = await render(<Audio src="data:audio/wav;base64," duration={75} />);
    await expect.element(screen.getByText('1:15')).toBeVisible();
  });

  it('given a file, should show the duration from its metadata', async () => {
    const screen = await render(<Audio src={silentWav(3)} duration={99} />);
    await expect.element(screen.getByText('0:03')).toBeVisible();
  });

  it('given a click, should play (pressed) and a second click should pause', async () => {
    const onPlayingChange = vi.fn();
    const screen = await render(<Audio src={silentWav(3)} onPlayingChange={onPlayingChange} />);
    const toggle = screen.getByRole('button', { name: 'Play voice message' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(onPlayingChange).toHaveBeenLastCalledWith(true);
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(onPlayingChange).toHaveBeenLastCalledWith(false);
  });

  it('given the keyboard, Space should toggle playback', async () => {
    const screen = await render(<Audio src={silentWav(3)} />);
    await userEvent.keyboard('{Tab} ');
    await expect.element(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'false');
  });

  it('given playback, should show progress in a labelled progress bar', async () => {
    const screen = await render(<Audio src={silentWav(1)} />);
    const bar = screen.getByRole('progressbar', { name: 'Playback position' });
    await screen.getByRole('button').click();
    await expect
      .poll(() => Number((bar.element() as HTMLProgressElement).value), { timeout: 3000 })
      .toBeGreaterThan(0);
  });

  it('given an unsafe source, should load nothing and keep the duration it was given', async () => {
    const screen = await render(<Audio src="javascript:alert(1)" duration={75} />);
    await expect.element(screen.getByText('1:15')).toBeVisible();
    expect(screen.container.querySelector('audio')?.hasAttribute('src')).toBe(false);
  });
});
