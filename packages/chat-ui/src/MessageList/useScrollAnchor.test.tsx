import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { useScrollAnchor } from './useScrollAnchor.js';

function List({ rows }: { rows: string[] }) {
  const contentRef = useRef<HTMLDivElement | null>(null);
  useScrollAnchor(contentRef, rows);
  return (
    <div data-testid="scroller" style={{ blockSize: 200, overflow: 'auto', overflowAnchor: 'none' }}>
      <div ref={contentRef}>
        {rows.map((row) => (
          <p key={row} style={{ blockSize: 40, margin: 0 }}>
            {row}
          </p>
        ))}
      </div>
    </div>
  );
}
const names = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `Row ${from + k}`);

describe('useScrollAnchor', () => {
  it('given rows put above, should keep the rows in view where they were', async () => {
    const screen = await render(<List rows={names(0, 20)} />);
    const scroller = screen.getByTestId('scroller').element() as HTMLElement;
    scroller.scrollTop = 300;
    const row = screen.getByText('Row 10').element();
    const before = row.getBoundingClientRect().top;
    await screen.rerender(<List rows={names(-5, 20)} />);
    expect(row.getBoundingClientRect().top).toBe(before);
    expect(scroller.scrollTop).toBe(500);
  });

  it('given rows added below, should not move the reader', async () => {
    const screen = await render(<List rows={names(0, 20)} />);
    const scroller = screen.getByTestId('scroller').element() as HTMLElement;
    scroller.scrollTop = 300;
    await screen.rerender(<List rows={names(0, 25)} />);
    expect(scroller.scrollTop).toBe(300);
  });
});
