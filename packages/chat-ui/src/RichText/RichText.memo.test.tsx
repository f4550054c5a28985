import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { RichText } from './RichText.js';

// Counts what react-markdown is asked to render, to see which blocks a new token re-renders.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('react-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-markdown')>();
  const Markdown = original.default;
  return {
    ...original,
    default: (props: Parameters<typeof Markdown>[0]) => {
      rendered.push(String(props.children));
      return Markdown(props);
    },
  };
});

describe('RichText streaming, block memoisation', () => {
  beforeEach(() => {
    rendered.length = 0;
  });

  it('given tokens after a completed block, should not render that block again', async () => {
    const heading = '# Returns\n\n';
    const paragraph = 'You can return an item within **30 days**.\n\n';
    let content = `${heading}${paragraph}- Pack it\n- Pr`;
    const screen = await render(<RichText streaming content={content} />);
    expect(rendered).toEqual([heading, paragraph, '- Pack it\n- Pr']);
    rendered.length = 0;
    for (const token of ['int the **lab', 'el**', '\n- Drop']) {
      content += token;
      await screen.rerender(<RichText streaming content={content} />);
    }
    // Only the open list, once per token; the heading and the paragraph never again.
    expect(rendered).toEqual([
      '- Pack it\n- Print the **lab**',
      '- Pack it\n- Print the **label**',
      '- Pack it\n- Print the **label**\n- Drop',
    ]);
    expect(screen.container.querySelectorAll('li')).toHaveLength(3);
  });

  it('given the same props again (a parent re-rendering), should render no block', async () => {
    const content = '# Returns\n\nWithin 30 days.\n\nAsk us.';
    const screen = await render(<RichText streaming content={content} />);
    rendered.length = 0;
    await screen.rerender(<RichText streaming content={content} />);
    expect(rendered).toEqual([]);
  });

  it('given streaming turns false, should keep the blocks and render only the last one, unhealed', async () => {
    const screen = await render(<RichText streaming content={'# Returns\n\nYou can:\nreturn **30 da'} />);
    expect(rendered).toEqual(['# Returns\n\n', 'You can:\nreturn **30 da**']);
    rendered.length = 0;
    await screen.rerender(<RichText content={'# Returns\n\nYou can:\nreturn **30 days**.'} />);
    expect(rendered).toEqual(['You can:\nreturn **30 days**.']);
  });

  it('given a streamed text that defines a reference link, should render it whole once it ends', async () => {
    const content = 'See [the policy][returns].\n\n[returns]: https://example.com/returns\n\nThanks.';
    const screen = await render(<RichText streaming content={content} />);
    expect(screen.container.querySelector('a')).toBeNull();
    rendered.length = 0;
    await screen.rerender(<RichText content={content} />);
    expect(rendered).toEqual([content]);
    expect(screen.container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/returns');
  });
});
