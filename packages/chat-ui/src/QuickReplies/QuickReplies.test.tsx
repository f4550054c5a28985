import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { QuickReplies, type QuickReplyItem } from './QuickReplies.js';

const many: QuickReplyItem[] = Array.from({ length: 12 }, (_, index) => ({
  name: `Reply number ${index + 1}`,
  code: `r${index + 1}`,
}));

function chips(container: HTMLElement) {
  return [...container.querySelectorAll('button')];
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
