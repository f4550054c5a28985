import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { isSafeUrl } from '../internal/safeUrl.js';
import { LazyRichText } from './LazyRichText.js';
import { RichText } from './RichText.js';

const flag = () => (window as { __pwned?: number }).__pwned;

// Each entry tries to run script, add a handler, load a remote resource or inject style.
const hostile = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg><script>window.__pwned=1</script></svg>',
  '<svg onload="window.__pwned=1"></svg>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:window.__pwned=1)">x</div>',
  '<a href="javascript:window.__pwned=1">click</a>',
  '[click](javascript:window.__pwned=1)',
  '[click](JaVaScRiPt:window.__pwned=1)',
  '[click](java\tscript:window.__pwned=1)',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:window.__pwned=1)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](https://tracker.example/pixel.png)',
  '<object data="javascript:window.__pwned=1"></object>',
  '<form action="javascript:window.__pwned=1"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">',
  '[x](<javascript:window.__pwned=1>)',
  '<details open ontoggle="window.__pwned=1">',
];

const DANGEROUS_TAGS = 'script, iframe, object, embed, style, svg, math, form, link, meta, base';

function assertSafe(container: HTMLElement) {
  expect(container.querySelector(DANGEROUS_TAGS)).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${attribute.name} on ${element.tagName}`).toBe(false);
      expect(attribute.name).not.toBe('style');
      expect(attribute.name).not.toBe('srcdoc');
      if (['href', 'src', 'action', 'xlink:href', 'formaction'].includes(attribute.name)) {
        // isSafeUrl refuses javascript:, data:, vbscript: (with control characters removed first)
        expect(isSafeUrl(attribute.value), attribute.value).toBe(true);
      }
    }
  }
  // No remote image is requested without permission.
  expect(container.querySelector('img')).toBeNull();
}

describe('RichText', () => {
  it('given markdown, should render emphasis, lists and code', async () => {
    const screen = await render(<RichText content={'**bold** _it_\n\n- one\n- two\n\n`code`'} />);
    expect(screen.container.querySelector('strong')?.textContent).toBe('bold');
    expect(screen.container.querySelector('em')?.textContent).toBe('it');
    expect(screen.container.querySelectorAll('li')).toHaveLength(2);
    expect(screen.container.querySelector('code')?.textContent).toBe('code');
  });

  it('given a markdown link and a bare URL, should make links that open in a new tab safely', async () => {
    const screen = await render(
      <RichText content="See [docs](https://example.com/docs) or https://example.com/help." />,
    );
    const links = screen.getByRole('link').all();
    expect(links).toHaveLength(2);
    for (const link of links) {
      await expect.element(link).toHaveAttribute('target', '_blank');
      await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect
      .element(screen.getByRole('link', { name: 'docs (opens in a new tab)' }))
      .toHaveAttribute('href', 'https://example.com/docs');
    await expect
      .element(links[1] ?? screen.getByRole('link'))
      .toHaveAttribute('href', 'https://example.com/help');
  });

  it('given a URL inside code, should leave it as code', async () => {
    const screen = await render(<RichText content="`https://example.com`" />);
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it('given raw HTML, should drop the tags and keep their text', async () => {
    const screen = await render(<RichText content="<b>bold?</b> after" />);
    expect(screen.container.querySelector('b')).toBeNull();
    expect(screen.container.textContent).toBe('bold? after');
  });

  it.each(hostile)(
    'given hostile input %j, should run no script and keep nothing dangerous',
    async (input) => {
      const screen = await render(<RichText content={input} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assertSafe(screen.container);
      expect(flag()).toBeUndefined();
    },
  );

  it.each(hostile)(
    'given hostile input %j streamed, cut at every position, should run no script and keep nothing dangerous',
    async (input) => {
      const text = `Before ${input} after`;
      const screen = await render(<RichText streaming content="" />);
      for (let end = 1; end <= text.length; end += 1) {
        await screen.rerender(<RichText streaming content={text.slice(0, end)} />);
        assertSafe(screen.container);
      }
      await screen.rerender(<RichText content={text} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assertSafe(screen.container);
      expect(flag()).toBeUndefined();
    },
  );

  it('given a remote image without permission, should show a link with its alt text instead', async () => {
    const screen = await render(<RichText content="![Size chart](https://cdn.example/chart.png)" />);
    expect(screen.container.querySelector('img')).toBeNull();
    await expect
      .element(screen.getByRole('link', { name: 'Image: Size chart (opens in a new tab)' }))
      .toHaveAttribute('href', 'https://cdn.example/chart.png');
  });

  it('given allowImages, should load remote images lazily with their alt text', async () => {
    const screen = await render(
      <RichText allowImages content="![Size chart](https://cdn.example/chart.png)" />,
    );
    const img = screen.container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example/chart.png');
    expect(img?.getAttribute('alt')).toBe('Size chart');
    expect(img?.getAttribute('loading')).toBe('lazy');
  });

  it('given imageUrlAllowed, should load only the images it accepts', async () => {
    const allowed = vi.fn((url: string) => url.startsWith('https://cdn.example/'));
    const screen = await render(
      <RichText
        imageUrlAllowed={allowed}
        content="![a](https://cdn.example/a.png) ![b](https://other.example/b.png)"
      />,
    );
    const images = screen.container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(allowed).toHaveBeenCalledWith('https://other.example/b.png');
  });

  it('given allowImages, should still refuse javascript: and data: images', async () => {
    const screen = await render(
      <RichText allowImages content="![a](javascript:alert(1)) ![b](data:image/png;base64,AAAA)" />,
    );
    assertSafe(screen.container);
  });
});

describe('RichText, given GitHub-flavoured Markdown', () => {
  const sizes =
    '| Size | Chest | Waist | Hips | Inseam | Price |\n| :-- | :-: | :-: | :-: | :-: | --: |\n| S | 88 cm | 74 cm | 92 cm | 80 cm | 39 EUR |';

  it('given a table, should draw a real table with its column headers, in a region named "Table"', async () => {
    const screen = await render(<RichText content={sizes} />);
    const region = screen.getByRole('region', { name: 'Table' });
    await expect.element(region).toBeVisible();
    await expect.element(screen.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    const headers = [...screen.container.querySelectorAll('thead th')];
    expect(headers.map((header) => header.textContent)).toEqual([
      'Size',
      'Chest',
      'Waist',
      'Hips',
      'Inseam',
      'Price',
    ]);
    expect(screen.container.querySelectorAll('tbody td')).toHaveLength(6);
    // The columns' alignment, as written.
    expect(getComputedStyle(headers[5] as Element).textAlign).toBe('right');
    expect(getComputedStyle(headers[1] as Element).textAlign).toBe('center');
  });

  it('given a table wider than its place, should scroll it sideways in its region, by keyboard too', async () => {
    const screen = await render(
      <div style={{ inlineSize: '160px' }}>
        <RichText content={sizes} />
      </div>,
    );
    const region = screen.getByRole('region', { name: 'Table' }).element() as HTMLElement;
    // The table overflows its region, not the message.
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(region.clientWidth).toBeLessThanOrEqual(160);
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect.poll(() => region.scrollLeft).toBeGreaterThan(0);
  });

  it('given ~~strikethrough~~, should strike it through (a single tilde stays a tilde)', async () => {
    const screen = await render(<RichText content="Now ~~49 EUR~~ 39 EUR, ~about~ a tenth off" />);
    expect(screen.container.querySelector('del')?.textContent).toBe('49 EUR');
    expect(screen.container.querySelectorAll('del')).toHaveLength(1);
    expect(screen.container.textContent).toContain('~about~');
  });

  it('given a task list, should show read-only boxes named "Task", checked as written', async () => {
    const screen = await render(<RichText content={'- [x] Paid\n- [ ] Shipped'} />);
    const boxes = screen.getByRole('checkbox', { name: 'Task' }).all();
    expect(boxes).toHaveLength(2);
    await expect.element(boxes[0] as ReturnType<typeof screen.getByRole>).toBeChecked();
    await expect.element(boxes[1] as ReturnType<typeof screen.getByRole>).not.toBeChecked();
    for (const box of boxes) await expect.element(box).toBeDisabled();
    expect(screen.container.textContent?.replace(/\s+/g, ' ').trim()).toBe('Paid Shipped');
  });

  it('given what remark-gfm would add beyond tables, strikethrough and tasks, should leave it as text', async () => {
    const screen = await render(<RichText content={'A note[^1].\n\n[^1]: The footnote.'} />);
    expect(screen.container.querySelector('section[data-footnotes], sup')).toBeNull();
  });
});

describe('RichText, given input too costly to format', () => {
  it('given more than 20 000 characters, should show them as plain text, markup not interpreted', async () => {
    const content = `**bold** ${'word '.repeat(4_000)}`;
    const screen = await render(<RichText content={content} />);
    expect(screen.container.querySelector('strong')).toBeNull();
    expect(screen.container.textContent).toBe(content);
  });

  it('given more than 2 000 emphasis and bracket characters, should show them as plain text at once', async () => {
    const content = `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`;
    const started = performance.now();
    const screen = await render(<RichText content={content} />);
    expect(performance.now() - started).toBeLessThan(500);
    expect(screen.container.querySelector('em, strong')).toBeNull();
    expect(screen.container.textContent).toBe(content);
  });

  it('given markdown nested more than 32 levels deep, should show its lines as text, not interpreted', async () => {
    const content = `${'> '.repeat(40)}deep\n\nand **after**`;
    const screen = await render(<RichText content={content} />);
    expect(screen.container.querySelector('blockquote, strong')).toBeNull();
    expect(screen.container.querySelectorAll('br')).toHaveLength(2);
    expect(screen.container.textContent).toBe(content);
  });

  it('given markdown nested a few levels deep, should still format it', async () => {
    const screen = await render(<RichText content={`${'> '.repeat(5)}**deep**`} />);
    expect(screen.container.querySelectorAll('blockquote')).toHaveLength(5);
    expect(screen.container.querySelector('strong')?.textContent).toBe('deep');
  });
});

describe('LazyRichText', () => {
  it('given markdown, should show plain text first, then the rendered markdown', async () => {
    const screen = await render(<LazyRichText content="**bold** <i>x</i>" />);
    await expect.poll(() => screen.container.querySelector('strong')?.textContent).toBe('bold');
    expect(screen.container.querySelector('i')).toBeNull();
  });
});
