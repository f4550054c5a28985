import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IconImage } from '../Icon/icons.js';
import { Composer } from './Composer.js';

function input(): HTMLTextAreaElement {
  return page.getByRole('textbox', { name: 'Message' }).element() as HTMLTextAreaElement;
}

function dispatchEnter(target: HTMLElement, init: KeyboardEventInit & { keyCode?: number }) {
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, 'keyCode', { value: init.keyCode });
  target.dispatchEvent(event);
  return event;
}

describe('Composer text mode', () => {
  it('given text, when Enter is pressed, should send the trimmed text and clear the input', async () => {
    const onSend = vi.fn();
    const screen = await render(<Composer onSend={onSend} />);
    await screen.getByRole('textbox', { name: 'Message' }).click();
    await userEvent.keyboard('  hello  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('hello');
    expect(input().value).toBe('');
  });

  it('given Shift+Enter, should insert a newline and not send', async () => {
    const onSend = vi.fn();
    await render(<Composer onSend={onSend} />);
    await userEvent.click(input());
    await userEvent.keyboard('one{Shift>}{Enter}{/Shift}two');
    expect(input().value).toBe('one\ntwo');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given an input method composing, when Enter is pressed, should never send', async () => {
    const onSend = vi.fn();
    await render(<Composer defaultValue="ni hao" onSend={onSend} />);
    const textarea = input();
    textarea.focus();
    const composing = dispatchEnter(textarea, { isComposing: true });
    const keyCode229 = dispatchEnter(textarea, { keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    expect(composing.defaultPrevented).toBe(false);
    expect(keyCode229.defaultPrevented).toBe(false);
    dispatchEnter(textarea, {});
    expect(onSend).toHaveBeenCalledWith('ni hao');
  });

  it('given blank text, should keep Send disabled and never send on Enter', async () => {
    const onSend = vi.fn();
    const screen = await render(<Composer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' });
    await expect.element(send).toBeDisabled();
    await userEvent.click(input());
    await userEvent.keyboard('   {Enter}');
    await expect.element(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('x');
    await expect.element(send).toBeEnabled();
    await send.click();
    expect(onSend).toHaveBeenCalledExactlyOnceWith('x');
    await expect.element(send).toBeDisabled();
    expect(document.activeElement).toBe(input());
  });

  it('given a controlled value, should follow the parent and report changes and typing', async () => {
    const onTyping = vi.fn();
    function Parent() {
      const [text, setText] = useState('draft');
      return (
        <>
          <Composer value={text} onChange={setText} onTyping={onTyping} onSend={() => setText('')} />
          <output>{`[${text}]`}</output>
        </>
      );
    }
    const screen = await render(<Parent />);
    expect(input().value).toBe('draft');
    await userEvent.click(input());
    await userEvent.keyboard('!');
    await expect.element(screen.getByText('[draft!]')).toBeVisible();
    expect(onTyping).toHaveBeenLastCalledWith('draft!');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('[]')).toBeVisible();
  });

  it('given maxRows, should grow with each line and stop growing at the limit', async () => {
    await render(<Composer maxRows={3} />);
    const textarea = input();
    await userEvent.click(textarea);
    const heights = [textarea.getBoundingClientRect().height];
    for (let line = 0; line < 5; line += 1) {
      await userEvent.keyboard('{Shift>}{Enter}{/Shift}x');
      heights.push(textarea.getBoundingClientRect().height);
    }
    const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight);
    const first = heights[0] ?? 0;
    expect(Math.abs((heights[1] ?? 0) - (first + lineHeight))).toBeLessThanOrEqual(1);
    expect(Math.abs((heights[2] ?? 0) - (first + 2 * lineHeight))).toBeLessThanOrEqual(1);
    expect(heights[3]).toBe(heights[2]);
    expect(heights[5]).toBe(heights[2]);
    expect(getComputedStyle(textarea).overflowY).toBe('auto');
  });

  it('given a narrower input, should grow to fit the text that now wraps', async () => {
    const screen = await render(
      <div style={{ inlineSize: 600 }} data-testid="frame">
        <Composer defaultValue="a sentence long enough to wrap once the composer gets narrow" />
      </div>,
    );
    const textarea = input();
    const wide = textarea.getBoundingClientRect().height;
    (screen.getByTestId('frame').element() as HTMLElement).style.inlineSize = '220px';
    await expect.poll(() => textarea.getBoundingClientRect().height).toBeGreaterThan(wide);
  });

  it('given no maxRows, should stop growing at 5 rows', async () => {
    await render(<Composer defaultValue={'1\n2\n3\n4\n5\n6\n7\n8'} />);
    const textarea = input();
    const style = getComputedStyle(textarea);
    const frame =
      Number.parseFloat(style.paddingTop) +
      Number.parseFloat(style.paddingBottom) +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.borderBottomWidth);
    const fiveRows = 5 * Number.parseFloat(style.lineHeight) + frame;
    expect(Math.abs(textarea.getBoundingClientRect().height - fiveRows)).toBeLessThanOrEqual(1);
  });

  it('given maxLength, should truncate typing and paste, and show the counter only near the limit', async () => {
    const onChange = vi.fn();
    const screen = await render(<Composer maxLength={20} onChange={onChange} />);
    await userEvent.click(input());
    await userEvent.keyboard('abc');
    // 80 % of 20 is 16: below it, no counter to see or hear.
    expect(screen.container.textContent).not.toContain('/20');
    expect(screen.getByRole('status').element().textContent).toBe('');
    await userEvent.keyboard('defghijklmno');
    expect(screen.container.textContent).not.toContain('/20');
    await userEvent.keyboard('p');
    await expect.element(screen.getByText('16/20')).toBeVisible();
    await expect.element(screen.getByRole('status')).toHaveTextContent('16 of 20 characters');
    // A paste that bypasses the native limit (set by script, as some keyboards do) is cut too.
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setValue?.call(input(), `${input().value}${'z'.repeat(30)}`);
    input().dispatchEvent(new Event('input', { bubbles: true }));
    await expect.element(screen.getByText('20/20')).toBeVisible();
    expect(input().value).toBe(`abcdefghijklmnop${'z'.repeat(4)}`);
    await userEvent.fill(screen.getByRole('textbox'), 'x'.repeat(30));
    expect(input().value).toBe('x'.repeat(20));
    expect(onChange).toHaveBeenLastCalledWith('x'.repeat(20));
  });

  it('given counterFrom, should show the counter from that many characters; by default from 80 % of maxLength', async () => {
    const screen = await render(<Composer maxLength={1000} defaultValue={'a'.repeat(799)} />);
    const counter = () => screen.container.querySelector('[data-slot="composer-counter"]');
    expect(counter()?.getAttribute('data-state')).toBe('hidden');
    expect(screen.container.textContent).not.toContain('799');
    await userEvent.click(input());
    await userEvent.keyboard('{End}a');
    await expect.element(screen.getByText('800/1000')).toBeVisible();
    await screen.rerender(<Composer maxLength={1000} counterFrom={0} defaultValue="" />);
    await expect.element(screen.getByText('800/1000')).toBeVisible();
    await userEvent.fill(screen.getByRole('textbox'), '');
    await expect.element(screen.getByText('0/1000')).toBeVisible();
    await screen.rerender(<Composer maxLength={1000} counterFrom={5} />);
    expect(counter()?.getAttribute('data-state')).toBe('hidden');
    await userEvent.keyboard('abcde');
    await expect.element(screen.getByText('5/1000')).toBeVisible();
  });

  it('given voice mode, should show no character counter, and show it again back in text mode', async () => {
    const screen = await render(
      <Composer maxLength={20} defaultValue={'a'.repeat(17)} onSendVoice={() => {}} />,
    );
    await expect.element(screen.getByText('17/20')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Voice input' }));
    await expect.element(screen.getByRole('button', { name: 'Hold to talk' })).toBeVisible();
    expect(screen.container.textContent).not.toContain('17/20');
    await userEvent.click(screen.getByRole('button', { name: 'Voice input' }));
    await expect.element(screen.getByText('17/20')).toBeVisible();
  });

  it('given typing near the limit, should announce the count only after a 500 ms pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const screen = await render(<Composer maxLength={20} defaultValue={'a'.repeat(14)} />);
      const status = screen.getByRole('status').element();
      await userEvent.click(input());
      // Near the limit but not shown yet (under 16 characters): nothing is said.
      await userEvent.keyboard('{End}b');
      vi.advanceTimersByTime(1000);
      expect(status.textContent).toBe('');
      await userEvent.keyboard('b');
      vi.advanceTimersByTime(499);
      expect(status.textContent).toBe('');
      vi.advanceTimersByTime(1);
      await expect.element(screen.getByRole('status')).toHaveTextContent('16 of 20 characters');
      await userEvent.keyboard('c');
      vi.advanceTimersByTime(400);
      await userEvent.keyboard('d');
      vi.advanceTimersByTime(400);
      expect(status.textContent).toBe('16 of 20 characters');
      vi.advanceTimersByTime(100);
      await expect.element(screen.getByRole('status')).toHaveTextContent('18 of 20 characters');
    } finally {
      vi.useRealTimers();
    }
  });

  it('given a controlled value longer than maxLength, should show it truncated', async () => {
    await render(<Composer value={'y'.repeat(12)} maxLength={10} onChange={() => {}} />);
    expect(input().value).toBe('y'.repeat(10));
  });

  it('given onFocus and onBlur, should call them and close the accessory panel on focus', async () => {
    const onInputFocus = vi.fn();
    const onInputBlur = vi.fn();
    const screen = await render(
      <Composer
        onFocus={onInputFocus}
        onBlur={onInputBlur}
        toolbar={[{ type: 'image', title: 'Photo', icon: <IconImage /> }]}
      />,
    );
    await screen.getByRole('button', { name: 'More actions' }).click();
    await expect.element(screen.getByRole('button', { name: 'Photo' })).toBeVisible();
    await userEvent.click(input());
    expect(onInputFocus).toHaveBeenCalledOnce();
    await expect.element(screen.getByRole('button', { name: 'Photo' })).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'More actions' }).click();
    expect(onInputBlur).toHaveBeenCalledOnce();
  });
});
