import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.js';

describe('linkify', () => {
  it('given text without URLs, should return one text run', () => {
    expect(linkify('hello there')).toEqual([{ kind: 'text', text: 'hello there', at: 0 }]);
  });

  it('given an http URL inside a sentence, should cut it out without the closing punctuation', () => {
    expect(linkify('See https://example.com/a?b=1. Thanks')).toEqual([
      { kind: 'text', text: 'See ', at: 0 },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1', at: 4 },
      { kind: 'text', text: '. Thanks', at: 29 },
    ]);
  });

  it('given a www. address, should link it over https', () => {
    expect(linkify('(www.example.org)')).toEqual([
      { kind: 'text', text: '(', at: 0 },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org', at: 1 },
      { kind: 'text', text: ')', at: 16 },
    ]);
  });

  it('given a javascript: or data: URL, should leave it as text', () => {
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x', at: 0 },
    ]);
  });

  it('given several URLs, should link each', () => {
    const links = linkify('http://a.io and HTTPS://b.io').filter((segment) => segment.kind === 'link');
    expect(links.map((link) => link.text)).toEqual(['http://a.io', 'HTTPS://b.io']);
  });

  it.each([
    ['a right-to-left override', '\u202E'],
    ['a right-to-left mark', '\u200F'],
    ['a zero-width space', '\u200B'],
    ['a word joiner', '\u2060'],
    ['a byte-order mark', '\uFEFF'],
    ['a first-strong isolate', '\u2068'],
  ])('given %s inside a URL, should end the link before it and keep the rest as text', (_, mark) => {
    const text = `https://example.com/a${mark}gnp.exe`;
    expect(linkify(text)).toEqual([
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a', at: 0 },
      { kind: 'text', text: `${mark}gnp.exe`, at: 21 },
    ]);
  });
});
