import { describe, expect, it } from 'vitest';
import { domainOf, htmlOf } from './mailer.js';

describe("a mail's HTML part", () => {
  it('given hostile words, should escape every one of them', () => {
    const html = htmlOf('Hi <img src=x onerror=alert(1)> & "you"');
    expect(html).toContain('Hi &#60;img src=x onerror=alert(1)&#62; &#38; &#34;you&#34;');
    expect(html).not.toContain('<img');
  });

  it('given paragraphs, line breaks and a quotation, should keep each', () => {
    expect(htmlOf('One\ntwo\n\nYou wrote:\n> a\n> b')).toMatch(
      /<p>One<br>two<\/p><p>You wrote:<\/p><blockquote[^>]*>a<br>b<\/blockquote>/,
    );
  });

  it("given any text, should let the reader's mail client set the direction", () => {
    expect(htmlOf('مرحبا')).toContain('<div dir="auto"');
  });
});

describe("the sender's domain", () => {
  it.each([
    ['Acme support <help@acme.example>', 'acme.example'],
    ['help@acme.example', 'acme.example'],
    ['Parley', 'localhost'],
  ])('given %s, should be %s', (from, domain) => {
    expect(domainOf(from)).toBe(domain);
  });
});
