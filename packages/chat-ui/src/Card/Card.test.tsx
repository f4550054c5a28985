import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Card } from './Card.js';

describe('Card', () => {
  it('given title, content, media and actions, should render them in order', async () => {
    const screen = await render(
      <Card
        media={<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Parcel" />}
        title="Returns"
        content="30 days"
        actions={<button type="button">Start</button>}
      />,
    );
    await expect.element(screen.getByRole('heading', { name: 'Returns', level: 3 })).toBeVisible();
    await expect.element(screen.getByText('30 days')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Start' })).toBeVisible();
    const parts = [...(screen.container.querySelector('[data-slot="card"]')?.children ?? [])].map(
      (el) => el.className,
    );
    expect(parts).toEqual([
      'parley-card__media',
      'parley-card__title',
      'parley-card__content',
      'parley-card__actions',
    ]);
  });

  it('given only a title, should render no empty parts', async () => {
    const screen = await render(<Card title="Only" />);
    expect(screen.container.querySelector('[data-slot="card"]')?.children).toHaveLength(1);
  });

  it('given compound parts, should compose them and forward refs', async () => {
    const ref = createRef<HTMLElement>();
    const screen = await render(
      <Card.Root ref={ref} className="mine">
        <Card.Title>Custom</Card.Title>
      </Card.Root>,
    );
    expect(ref.current?.tagName).toBe('ARTICLE');
    expect(ref.current?.classList.contains('mine')).toBe(true);
    await expect.element(screen.getByRole('heading', { name: 'Custom' })).toBeVisible();
  });
});
