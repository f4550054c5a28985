import { describe, expect, it } from 'vitest';
import { healMarkdown } from './healMarkdown.js';

describe('healMarkdown', () => {
  it.each([
    ['bold', 'Your order **has shipped', 'Your order **has shipped**'],
    ['italics with a star', 'It is *nearly', 'It is *nearly*'],
    ['italics with an underscore', 'It is _nearly', 'It is _nearly_'],
    ['bold italics', 'This is ***key', 'This is ***key***'],
    ['inline code', 'Use `ORDER-10', 'Use `ORDER-10`'],
    ['bold in a list item', '- one\n- **tw', '- one\n- **tw**'],
    ['a link whose address is arriving', 'See [the FAQ](https://exa', 'See the FAQ'],
    ['a link whose text is arriving', 'See [the F', 'See the F'],
    ['a half-typed HTML tag', 'Hello <scr', 'Hello'],
    ['a bare bullet', 'Steps:\n\n- Pack it\n- ', 'Steps:\n\n- Pack it'],
    ['a bare number', '1. Pack it\n2.', '1. Pack it'],
    ['a bare heading marker', 'Intro\n\n## ', 'Intro\n'],
    ['a dash under a paragraph, not yet a heading underline', 'Shipping\n-', 'Shipping'],
    ['strikethrough', 'Was ~~49 EUR', 'Was ~~49 EUR~~'],
    ['a table header without its delimiter row', 'Prices:\n\n| Size | Price |', 'Prices:\n'],
    ['a table header, its line done', '| Size | Price |\n', ''],
    ['a table header as it comes', 'Prices:\n| Si', 'Prices:'],
    ['a delimiter row as it comes', '| Size | Price |\n| --- | -', '| Size | Price |\n| --- | -'],
    ['a delimiter row with one cell of two', '| Size | Price |\n| ---', ''],
    [
      "a table's new row before its first cell",
      '| a | b |\n|---|---|\n| 1 | 2 |\n|',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ],
  ])('given an unterminated %s, should close it as it will end', (_name, text, healed) => {
    expect(healMarkdown(text)).toBe(healed);
  });

  it('given an open code fence, should leave it (it renders as code to the end)', () => {
    const text = '```js\nconst a = **1';
    expect(healMarkdown(text)).toBe(text);
  });

  it('given a bare bullet inside an open code fence, should leave it', () => {
    const text = '```\nlist:\n- ';
    expect(healMarkdown(text)).toBe(text);
  });

  it('given markers inside inline code, should not close them', () => {
    expect(healMarkdown('Type `a **b` now')).toBe('Type `a **b` now');
  });

  it('given a table whose rows are arriving, should show it as the table it is', () => {
    const text = '| Size | Price |\n| :-- | --: |\n| S | 10 |\n| M | 1';
    expect(healMarkdown(text)).toBe(text);
  });

  it('given a line with a pipe that is not a table, should show it once the next line says so', () => {
    expect(healMarkdown('| not | a table |\nJust text')).toBe('| not | a table |\nJust text');
    expect(healMarkdown('a | b')).toBe('a | b');
  });

  it('given finished markdown, should leave it as it is', () => {
    const text = '# Title\n\n**Bold** and [a link](https://example.com).\n\n- one\n- two';
    expect(healMarkdown(text)).toBe(text);
  });
});
