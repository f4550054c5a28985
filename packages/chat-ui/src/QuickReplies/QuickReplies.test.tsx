import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { QuickReplies, type QuickReplyItem } from './QuickReplies.js';

const many: QuickReplyItem[] = Array.from({ length: 12 }, (_, index) => ({
  name: `Reply number ${index + 1}`,
  code: `r${index + 1}`,
}));

function chips(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
}

describe('QuickReplies', () => {
  it('given items, should render a labelled toolbar of chips and call onClick with item and index', async () => {
    const onClick = vi.fn();
    const screen = await render(<QuickReplies items={many.slice(0, 3)} onClick={onClick} />);
    await expect.element(screen.getByRole('toolbar', { name: 'Quick replies' })).toBeVisible();
    await screen.getByRole('button', { name: 'Reply number 2' }).click();
    expect(onClick).toHaveBeenCalledWith(many[1], 1);
  });

  it('given isNew and isHighlight, should announce "new" and echo the highlight variant', async () => {
    const screen = await render(
      <QuickReplies
        items={[
          { name: 'Refunds', isNew: true },
          { name: 'Track', isHighlight: true },
        ]}
      />,
    );
    await expect.element(screen.getByRole('button', { name: 'Refunds (new)' })).toHaveAttribute('data-new');
    await expect
      .element(screen.getByRole('button', { name: 'Track' }))
      .toHaveAttribute('data-variant', 'highlight');
  });

  it('given keyboard focus, should keep one tab stop and move with arrows, Home and End', async () => {
    const onClick = vi.fn();
    const screen = await render(<QuickReplies items={many.slice(0, 4)} onClick={onClick} />);
    const buttons = chips(screen.container);
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    await userEvent.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(buttons[2]);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, 0, -1]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[3]);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[3]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledWith(many[0], 0);
  });

  it('given a right-to-left container, should mirror the arrow keys', async () => {
    const screen = await render(
      <div dir="rtl">
        <QuickReplies items={many.slice(0, 3)} />
      </div>,
    );
    const buttons = chips(screen.container);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('given a scrolled row, when the items change, should scroll back to the start', async () => {
    function Parent() {
      const [items, setItems] = useState(many);
      return (
        <>
          <div style={{ inlineSize: 240 }}>
            <QuickReplies items={items} />
          </div>
          <button
            type="button"
            onClick={() => setItems(many.map((item) => ({ ...item, name: `${item.name}!` })))}
          >
            replace
          </button>
        </>
      );
    }
    const screen = await render(<Parent />);
    const row = screen.getByRole('toolbar').element() as HTMLElement;
    expect(row.scrollWidth).toBeGreaterThan(row.clientWidth);
    row.scrollLeft = 400;
    await expect.poll(() => row.scrollLeft).toBeGreaterThan(0);
    await screen.getByRole('button', { name: 'replace' }).click();
    await expect.poll(() => row.scrollLeft).toBe(0);
  });

  it('given a re-render with an equal new array, should keep the scroll position', async () => {
    const screen = await render(
      <div style={{ inlineSize: 240 }}>
        <QuickReplies items={many.map((item) => ({ ...item }))} />
      </div>,
    );
    const row = screen.getByRole('toolbar').element() as HTMLElement;
    row.scrollLeft = 300;
    await expect.poll(() => row.scrollLeft).toBeGreaterThan(0);
    const before = row.scrollLeft;
    await screen.rerender(
      <div style={{ inlineSize: 240 }}>
        <QuickReplies items={many.map((item) => ({ ...item }))} />
      </div>,
    );
    expect(row.scrollLeft).toBe(before);
  });

  it('should scroll horizontally and never wrap', async () => {
    const screen = await render(
      <div style={{ inlineSize: 200 }}>
        <QuickReplies items={many.slice(0, 5)} />
      </div>,
    );
    const row = screen.getByRole('toolbar').element() as HTMLElement;
    const style = getComputedStyle(row);
    expect(style.overflowX).toBe('auto');
    expect(style.scrollSnapType).toContain('x');
    const tops = chips(screen.container).map((chip) => chip.getBoundingClientRect().top);
    expect(new Set(tops).size).toBe(1);
  });
});

describe('QuickReplies that overflow', () => {
  const actions: QuickReplyItem[] = [
    { name: 'Talk to a human agent', code: 'transfer' },
    { name: 'Leave a message', code: 'leave' },
    { name: 'Rate this chat', code: 'rate' },
    { name: 'Send a photo', code: 'photo' },
    { name: 'End chat', code: 'end' },
  ];
  const frame = (container: HTMLElement) =>
    container.querySelector('.parley-quick-replies-frame') as HTMLElement;
  const row = (container: HTMLElement) => container.querySelector('[role="toolbar"]') as HTMLElement;
  const edges = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLElement>('.parley-quick-replies__edge')].map(
      (edge) => edge.dataset.side,
    );

  /** Whether a chip is wholly in the row's view and under no fade. */
  function fullyShown(container: HTMLElement, chip: HTMLElement): boolean {
    const box = chip.getBoundingClientRect();
    const view = row(container).getBoundingClientRect();
    const covers = [...container.querySelectorAll<HTMLElement>('.parley-quick-replies__edge')].map((edge) =>
      edge.getBoundingClientRect(),
    );
    const inView = box.left >= view.left - 1 && box.right <= view.right + 1;
    return inView && covers.every((cover) => box.right <= cover.left + 1 || box.left >= cover.right - 1);
  }

  it('given a 320 px row that overflows, should fade the cut end and offer a Next button, then Previous once scrolled', async () => {
    const screen = await render(
      <div style={{ inlineSize: 320 }}>
        <QuickReplies items={actions} />
      </div>,
    );
    await expect.poll(() => frame(screen.container).dataset.overflow).toBe('end');
    expect(edges(screen.container)).toEqual(['end']);
    const fade = screen.container.querySelector<HTMLElement>('.parley-quick-replies__edge') as HTMLElement;
    expect(getComputedStyle(fade).backgroundImage).toContain('linear-gradient');
    expect(screen.getByRole('button', { name: 'Previous quick replies' }).query()).toBeNull();
    const next = screen.getByRole('button', { name: 'Next quick replies' });
    // On the right, over the cut chip; no tab stop (the arrow keys reach every chip).
    expect(next.element().getBoundingClientRect().right).toBeGreaterThan(
      row(screen.container).getBoundingClientRect().right - 40,
    );
    expect((next.element() as HTMLButtonElement).tabIndex).toBe(-1);
    await next.click();
    await expect.poll(() => row(screen.container).scrollLeft).toBeGreaterThan(100);
    await expect.element(screen.getByRole('button', { name: 'Previous quick replies' })).toBeVisible();
    for (let i = 0; i < 5 && frame(screen.container).dataset.overflow !== 'start'; i += 1) {
      await screen.getByRole('button', { name: 'Next quick replies' }).click();
      await new Promise((done) => setTimeout(done, 400));
    }
    await expect.poll(() => frame(screen.container).dataset.overflow).toBe('start');
    expect(screen.getByRole('button', { name: 'Next quick replies' }).query()).toBeNull();
    expect(
      fullyShown(screen.container, screen.getByRole('button', { name: 'End chat' }).element() as HTMLElement),
    ).toBe(true);
    await screen.getByRole('button', { name: 'Previous quick replies' }).click();
    await expect.poll(() => frame(screen.container).dataset.overflow).toBe('both');
  });

  it('given a row that fits, should show no fade and no scroll button', async () => {
    const screen = await render(
      <div style={{ inlineSize: 320 }}>
        <QuickReplies items={[{ name: 'Yes' }, { name: 'No' }]} />
      </div>,
    );
    await expect.poll(() => chips(screen.container).length).toBe(2);
    expect(frame(screen.container).dataset.overflow).toBeUndefined();
    expect(edges(screen.container)).toEqual([]);
  });

  it('given the keyboard, should scroll each chip that takes focus fully into view, clear of the fades', async () => {
    const screen = await render(
      <div style={{ inlineSize: 320 }}>
        <QuickReplies items={actions} />
      </div>,
    );
    await userEvent.tab();
    for (let index = 1; index < actions.length; index += 1) {
      await userEvent.keyboard('{ArrowRight}');
      const chip = chips(screen.container)[index] as HTMLElement;
      expect(document.activeElement).toBe(chip);
      await expect.poll(() => fullyShown(screen.container, chip)).toBe(true);
    }
    await userEvent.keyboard('{Home}');
    await expect.poll(() => row(screen.container).scrollLeft).toBe(0);
    await expect.poll(() => frame(screen.container).dataset.overflow).toBe('end');
  });

  it('given right to left, should put Next on the left and scroll towards it', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl" style={{ inlineSize: 320 }}>
          <QuickReplies items={actions} />
        </div>
      </LocaleProvider>,
    );
    await expect.poll(() => frame(screen.container).dataset.overflow).toBe('end');
    const next = screen.getByRole('button', { name: 'الردود السريعة التالية' });
    const view = row(screen.container).getBoundingClientRect();
    expect(next.element().getBoundingClientRect().left).toBeLessThan(view.left + 40);
    const fade = screen.container.querySelector<HTMLElement>('.parley-quick-replies__edge') as HTMLElement;
    // The fade is opaque at the left (the cut edge) and clear towards the chips.
    expect(getComputedStyle(fade).backgroundImage).toMatch(/^linear-gradient\(to right/);
    await next.click();
    await expect.poll(() => row(screen.container).scrollLeft).toBeLessThan(-100);
    await expect.element(screen.getByRole('button', { name: 'الردود السريعة السابقة' })).toBeVisible();
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{End}');
    const last = chips(screen.container).at(-1) as HTMLElement;
    await expect.poll(() => fullyShown(screen.container, last)).toBe(true);
  });
});
