import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { findHostileTraces, hostileHits, installHostileTrap } from '../test/hostileChecks.js';
import { HOSTILE_CORPUS, SAFE_URL } from '../test/hostileCorpus.js';
import { LazyRichText } from './LazyRichText.js';
import { RichText } from './RichText.js';

const answer = [
  '# Returns',
  '',
  'You can return an item within **30 days** of delivery, see [the policy](https://example.com/returns).',
  '',
  '1. Pack it',
  '2. Print the label at https://example.com/label',
  '',
  '3. Drop it off',
  '',
  '```js',
  'const order = "ORDER-1042";',
  '',
  'track(order);',
  '```',
  '',
  '> Refunds take',
  'three days.',
  '',
  '| Size | Chest |',
  '| --- | --- |',
  '| S | 88 cm |',
  '',
  '---',
  '',
  'Anything else? Write to <b>us</b> at `help@example.com`.',
].join('\n');

/** The answer cut into tokens of a few characters, as a model sends them. */
function tokens(text: string, size = 4): string[] {
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += size) parts.push(text.slice(0, index + size));
  return parts;
}

const richText = (screen: { container: HTMLElement }) =>
  screen.container.querySelector('.parley-rich-text') as HTMLElement;

describe('RichText streaming', () => {
  it('given more tokens, should keep the elements of completed blocks (the same nodes, untouched)', async () => {
    const parts = tokens(answer);
    const screen = await render(<RichText streaming content={parts[4] as string} />);
    const heading = screen.container.querySelector('h1');
    expect(heading?.textContent).toBe('Returns');
    const listStarts = answer.indexOf('1. Pack') + 10;
    await screen.rerender(<RichText streaming content={answer.slice(0, listStarts)} />);
    const paragraph = screen.container.querySelector('p');
    expect(paragraph?.textContent).toMatch(/^You can return an item within 30 days/);

    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    for (const element of [heading, paragraph] as HTMLElement[]) {
      observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
    }
    for (const content of parts.filter((part) => part.length > listStarts)) {
      await screen.rerender(<RichText streaming content={content} />);
    }
    observer.disconnect();
    expect(screen.container.querySelector('h1')).toBe(heading);
    expect(screen.container.querySelector('p')).toBe(paragraph);
    expect(mutations).toEqual([]);
    expect(screen.container.querySelectorAll('li')).toHaveLength(3);
  });

  it('given the last block growing, should update it in place (its element kept)', async () => {
    const screen = await render(<RichText streaming content="Your order" />);
    const paragraph = screen.container.querySelector('p');
    await screen.rerender(<RichText streaming content="Your order has shipped." />);
    expect(screen.container.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('Your order has shipped.');
  });

  it.each([
    ['bold', 'Your order **has ship', 'strong', 'has ship'],
    ['italics', 'It is *near', 'em', 'near'],
    ['italics with an underscore', 'It is _near', 'em', 'near'],
    ['inline code', 'Use `ORDER-10', 'code', 'ORDER-10'],
    ['a code fence', 'Run:\n\n```sh\nnpm inst', 'pre code', 'npm inst'],
    ['bold in a list item', '- one\n- **tw', 'li strong', 'tw'],
  ])(
    'given an unterminated %s, should show it formatted while it streams',
    async (_name, content, selector, text) => {
      const screen = await render(<RichText streaming content={content} />);
      expect(screen.container.querySelector(selector)?.textContent?.trim()).toBe(text);
      expect(richText(screen).textContent).not.toMatch(/[*_`]{1,3}\S*$/);
    },
  );

  it('given a link whose address is still arriving, should show its text, not a broken link or brackets', async () => {
    const screen = await render(<RichText streaming content="See [the returns policy](https://exa" />);
    expect(screen.container.querySelector('a')).toBeNull();
    expect(richText(screen).textContent).toBe('See the returns policy');
  });

  it('given a list item whose text has not arrived, should show no empty bullet', async () => {
    const screen = await render(<RichText streaming content={'Steps:\n\n1. Pack it\n2.'} />);
    expect(screen.container.querySelectorAll('li')).toHaveLength(1);
    expect(richText(screen).textContent).not.toContain('2.');
  });

  it('given a dash under a line, should not flash a heading before the list item comes', async () => {
    const screen = await render(<RichText streaming content={'Steps\n-'} />);
    expect(screen.container.querySelector('h2')).toBeNull();
    await screen.rerender(<RichText streaming content={'Steps\n- Pack it'} />);
    expect(screen.container.querySelector('li')?.textContent).toBe('Pack it');
  });

  it('while streaming, should be aria-busy, and not once the text is complete', async () => {
    const screen = await render(<RichText streaming content="Your order" />);
    await expect.element(screen.getByText('Your order')).toBeVisible();
    expect(richText(screen).getAttribute('aria-busy')).toBe('true');
    expect(richText(screen).dataset.state).toBe('streaming');
    await screen.rerender(<RichText content="Your order has shipped." />);
    expect(richText(screen).hasAttribute('aria-busy')).toBe(false);
    expect(richText(screen).dataset.state).toBeUndefined();
  });

  it('given LazyRichText streaming while it loads, should be aria-busy from the start', async () => {
    const screen = await render(<LazyRichText streaming content="Your order" />);
    expect(richText(screen).getAttribute('aria-busy')).toBe('true');
  });

  it('given the whole answer, should render the same markup streaming or not, so nothing moves at the end', async () => {
    const whole = await render(<RichText content={answer} />);
    const expected = richText(whole).innerHTML;
    await whole.unmount();
    const streamed = await render(<RichText streaming content="" />);
    for (const content of tokens(answer, 7))
      await streamed.rerender(<RichText streaming content={content} />);
    await streamed.rerender(<RichText streaming content={answer} />);
    expect(richText(streamed).innerHTML).toBe(expected);
    const heading = streamed.container.querySelector('h1');
    const table = streamed.container.querySelector('table');
    expect(table).not.toBeNull();
    await streamed.rerender(<RichText content={answer} />);
    expect(richText(streamed).innerHTML).toBe(expected);
    // The elements stay: nothing is replaced when the stream ends.
    expect(streamed.container.querySelector('h1')).toBe(heading);
    expect(streamed.container.querySelector('table')).toBe(table);
  });

  it('given a table streamed a character at a time, should never show a line of pipes, and grow it row by row', async () => {
    const text =
      'Our sizes:\n\n| Size | Chest | Price |\n| :-- | :-: | --: |\n| S | 88 cm | 39 EUR |\n| M | 96 cm | 42 EUR |\n\nAnything ~~else~~?';
    const screen = await render(<RichText streaming content="" />);
    let rows = 0;
    for (let end = 1; end <= text.length; end += 1) {
      await screen.rerender(<RichText streaming content={text.slice(0, end)} />);
      // Pipes show only as a table's borders: never as text outside a table.
      const outside = [...richText(screen).querySelectorAll('p, li')].map((one) => one.textContent);
      expect(outside.join(' '), `cut at ${end}`).not.toContain('|');
      const now = screen.container.querySelectorAll('tbody tr').length;
      expect(now, `cut at ${end}`).toBeGreaterThanOrEqual(rows);
      rows = now;
    }
    expect(rows).toBe(2);
    expect(screen.container.querySelector('del')?.textContent).toBe('else');
    const table = screen.container.querySelector('table');
    const whole = await render(<RichText content={text} />);
    await screen.rerender(<RichText content={text} />);
    expect(richText(screen).innerHTML).toBe(richText(whole).innerHTML);
    expect(screen.container.querySelector('table')).toBe(table);
  });

  it('given a completed table and more text after it, should keep the table as it is (its nodes untouched)', async () => {
    const head = '| Size | Chest |\n| --- | --- |\n| S | 88 cm |\n\nThen ';
    const screen = await render(<RichText streaming content={head} />);
    const table = screen.container.querySelector('table') as HTMLTableElement;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
    for (const more of ['pack', 'pack it', 'pack it **well', 'pack it **well**.'])
      await screen.rerender(<RichText streaming content={head + more} />);
    observer.disconnect();
    expect(screen.container.querySelector('table')).toBe(table);
    expect(mutations).toEqual([]);
  });

  it('given an answer past 2 000 emphasis and bracket characters, should show plain text as the whole would', async () => {
    const content = `**a** ${'[x] '.repeat(1_100)}`;
    const screen = await render(<RichText streaming content={content.slice(0, 100)} />);
    expect(screen.container.querySelector('strong')).not.toBeNull();
    await screen.rerender(<RichText streaming content={content} />);
    expect(screen.container.querySelector('strong')).toBeNull();
    expect(richText(screen).textContent).toBe(content);
  });
});

describe('RichText streaming, given input too costly to parse', () => {
  it('given a stream past 2 000 emphasis characters, should show plain text at once at every token', async () => {
    const content = `${'*'.repeat(5_000)}x\n${'*'.repeat(5_000)}`;
    const screen = await render(<RichText streaming content="" />);
    for (let end = 500; end <= content.length + 499; end += 500) {
      const started = performance.now();
      await screen.rerender(<RichText streaming content={content.slice(0, end)} />);
      expect(performance.now() - started, `cut at ${end}`).toBeLessThan(500);
    }
    expect(screen.container.querySelector('em, strong')).toBeNull();
    expect(richText(screen).textContent).toBe(content);
  });

  it('given a stream past 20 000 characters, should show it as plain text', async () => {
    const content = `**bold**\n\n${'word '.repeat(4_100)}`;
    const screen = await render(<RichText streaming content={content.slice(0, 100)} />);
    expect(screen.container.querySelector('strong')).not.toBeNull();
    await screen.rerender(<RichText streaming content={content} />);
    expect(screen.container.querySelector('strong')).toBeNull();
    expect(richText(screen).textContent).toBe(content);
  });
});

describe('RichText streaming, given hostile content split across tokens', () => {
  beforeAll(() => installHostileTrap());
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hostileHits()).toEqual([]);
  });

  // Every split position of each payload is shown once: the text cut there is what the first token
  // brings. Payloads over 400 characters (the oversized ones, which take up to a second to render
  // each time) are cut at 20 evenly spread positions.
  it.each(HOSTILE_CORPUS)(
    '$category: $name, should keep nothing dangerous at any cut',
    async ({ payload }) => {
      const text = `Here is what you sent: ${payload} Anything else?`;
      const step = text.length > 400 ? Math.ceil(text.length / 20) : 1;
      const screen = await render(<RichText streaming content="" />);
      for (let end = 1; end <= text.length + step - 1; end += step) {
        await screen.rerender(<RichText streaming content={text.slice(0, end)} />);
        const traces = findHostileTraces(screen.container, SAFE_URL);
        expect(traces, `cut at ${end}`).toEqual([]);
        expect(screen.container.querySelector('img'), `cut at ${end}`).toBeNull();
      }
      await screen.rerender(<RichText content={text} />);
      expect(findHostileTraces(screen.container, SAFE_URL)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hostileHits()).toEqual([]);
    },
    60_000,
  );
});
