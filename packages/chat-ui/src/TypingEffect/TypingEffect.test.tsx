import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { TypingEffect } from './TypingEffect.js';

const visible = (container: HTMLElement) =>
  container.querySelector('[data-slot="typing-effect-visible"]')?.textContent;

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('TypingEffect', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a text, should show the first 5 characters at once', async () => {
    const screen = await render(<TypingEffect text="Hello there, friend" />);
    expect(visible(screen.container)).toBe('Hello');
  });

  it('given a text, should reveal 1 more character every 80 ms and not sooner', async () => {
    const screen = await render(<TypingEffect text="Hello there, friend" />);
    await advance(79);
    expect(visible(screen.container)).toBe('Hello');
    await advance(1);
    expect(visible(screen.container)).toBe('Hello ');
    await advance(80);
    expect(visible(screen.container)).toBe('Hello t');
  });

  it('given the end of the text, should call onComplete once and stop', async () => {
    const onComplete = vi.fn();
    const screen = await render(<TypingEffect text="Hello!!" onComplete={onComplete} />);
    await advance(160);
    expect(visible(screen.container)).toBe('Hello!!');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(screen.container.querySelector('[data-state="done"]')).not.toBeNull();
    await advance(800);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('given the effect running, should expose the whole text to assistive tech at once', async () => {
    const screen = await render(<TypingEffect text="Your parcel ships tomorrow." />);
    await expect.element(screen.getByText('Your parcel ships tomorrow.')).toBeInTheDocument();
    expect(
      screen.container.querySelector('[data-slot="typing-effect-visible"]')?.getAttribute('aria-hidden'),
    ).toBe('true');
  });

  it('given markup in the text, should show it as text and never create elements', async () => {
    const hostile = '<img src=x onerror="window.__typed=1">';
    const screen = await render(<TypingEffect text={hostile} enabled={false} />);
    expect(visible(screen.container)).toBe(hostile);
    expect(screen.container.querySelector('img')).toBeNull();
    expect((window as { __typed?: number }).__typed).toBeUndefined();
  });

  it('given a streaming text that grows, should continue where it was instead of restarting', async () => {
    const screen = await render(<TypingEffect text="Hello there" />);
    await advance(240);
    expect(visible(screen.container)).toBe('Hello th');
    await screen.rerender(<TypingEffect text="Hello there, how can I help?" />);
    expect(visible(screen.container)).toBe('Hello th');
    await advance(80);
    expect(visible(screen.container)).toBe('Hello the');
  });

  it('given a different text, should restart from the initial index', async () => {
    const screen = await render(<TypingEffect text="Hello there" />);
    await advance(240);
    await screen.rerender(<TypingEffect text="Goodbye now" />);
    expect(visible(screen.container)).toBe('Goodb');
  });

  it('given emoji, should never split a character', async () => {
    const screen = await render(<TypingEffect text="👍👍👍👍👍👍" />);
    expect(visible(screen.container)).toBe('👍👍👍👍👍');
  });
});
