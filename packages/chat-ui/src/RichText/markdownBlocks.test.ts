import { describe, expect, it } from 'vitest';
import { type MarkdownBlocks, splitMarkdownBlocks } from './markdownBlocks.js';

/** Feeds `text` in pieces of `size` characters, as a stream would. */
function stream(text: string, size: number): MarkdownBlocks {
  let blocks: MarkdownBlocks | undefined;
  for (let end = size; end < text.length + size; end += size) {
    blocks = splitMarkdownBlocks(text.slice(0, end), blocks);
  }
  return blocks as MarkdownBlocks;
}

const answer = [
  '# Returns',
  '',
  'You can return an item within **30 days**.',
  '',
  '- Pack it',
  '- Print the label',
  '',
  '- Drop it off',
  '',
  '```js',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '> Refunds take',
  'three days.',
  '',
  '| Size | Chest |',
  '| --- | --- |',
  '| S | 88 cm |',
  '',
  'Questions? [Ask us](https://example.com/help).',
].join('\n');

describe('splitMarkdownBlocks', () => {
  it('given a whole answer, should cut it into its top-level blocks, the last one open', () => {
    const blocks = splitMarkdownBlocks(`${answer}\n`);
    expect(blocks.complete).toEqual([
      '# Returns\n\n',
      'You can return an item within **30 days**.\n\n',
      // One loose list, blank lines between its items included.
      '- Pack it\n- Print the label\n\n- Drop it off\n\n',
      // A blank line inside a fence does not end it.
      '```js\nconst a = 1;\n\nconst b = 2;\n```\n\n',
      // A lazy continuation line stays in its quote.
      '> Refunds take\nthree days.\n\n',
      '| Size | Chest |\n| --- | --- |\n| S | 88 cm |\n\n',
    ]);
    expect(blocks.rest).toBe('Questions? [Ask us](https://example.com/help).\n');
    expect(blocks.complete.join('') + blocks.rest).toBe(`${answer}\n`);
    expect(blocks.completeLength).toBe(answer.length + 1 - blocks.rest.length);
  });

  it('given a line still arriving, should not let it close the block before it', () => {
    // `3` alone would be a paragraph after the list; it is the start of `3. Drop it off`.
    const blocks = splitMarkdownBlocks('1. Pack it\n2. Print the label\n\n3');
    expect(blocks.complete).toEqual([]);
    const next = splitMarkdownBlocks(
      '1. Pack it\n2. Print the label\n\n3. Drop it off\n\nDone.\nMore',
      blocks,
    );
    expect(next.complete).toEqual(['1. Pack it\n2. Print the label\n\n3. Drop it off\n\n']);
  });

  it.each([1, 2, 3, 7, 50])(
    'given the answer streamed %i characters at a time, should end with the same blocks as read whole',
    (size) => {
      const streamed = stream(answer, size);
      expect(streamed.complete).toEqual(splitMarkdownBlocks(answer).complete);
      expect(streamed.rest).toBe(splitMarkdownBlocks(answer).rest);
    },
  );

  it('given text appended without a new line, should keep the same completed blocks array', () => {
    const before = splitMarkdownBlocks('# Title\n\nFirst line\nSecond');
    expect(before.complete).toEqual(['# Title\n\n']);
    const after = splitMarkdownBlocks('# Title\n\nFirst line\nSecond line', before);
    expect(after.complete).toBe(before.complete);
    expect(after.rest).toBe('First line\nSecond line');
  });

  it('given a paragraph followed by a line of dashes, should keep both in one open block (a heading)', () => {
    const blocks = stream('Shipping\n---\n', 1);
    expect(blocks.complete).toEqual([]);
    expect(blocks.rest).toBe('Shipping\n---\n');
  });

  it('given a list still growing after a blank line, should keep the list open', () => {
    const blocks = stream('- one\n\n- two\n\n  more of two', 1);
    expect(blocks.complete).toEqual([]);
  });

  it('given a text replaced rather than appended, should start over from the new text', () => {
    const before = splitMarkdownBlocks('# One\n\nBody\n');
    expect(before.complete).toEqual(['# One\n\n']);
    const after = splitMarkdownBlocks('# Two\n\nOther\n', before);
    expect(after.complete).toEqual(['# Two\n\n']);
    expect(after.rest).toBe('Other\n');
  });

  it('given a text cut back within its last block, should keep the completed blocks', () => {
    const before = splitMarkdownBlocks('# One\n\nBody\ntext');
    expect(before.complete).toEqual(['# One\n\n']);
    const after = splitMarkdownBlocks('# One\n\nBody\nte', before);
    expect(after.complete).toBe(before.complete);
    expect(after.rest).toBe('Body\nte');
  });
  it("given a table right under a paragraph's line, should cut them apart as the renderer reads them", () => {
    // GFM's table interrupts the paragraph: two blocks, and the rows after it (no blank line) are its own.
    const blocks = splitMarkdownBlocks('Sizes:\n| a | b |\n| - | - |\n| 1 | 2 |\nmore\n\nNext\n');
    expect(blocks.complete).toEqual(['Sizes:\n', '| a | b |\n| - | - |\n| 1 | 2 |\nmore\n\n']);
    expect(blocks.rest).toBe('Next\n');
  });
});
