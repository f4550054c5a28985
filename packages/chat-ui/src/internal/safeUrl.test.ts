import { describe, expect, it } from 'vitest';
import { isHttpUrl, isSafeMediaUrl, isSafeUrl } from './safeUrl.js';

describe('isSafeUrl', () => {
  it.each([
    'https://example.com',
    'http://a.b/c',
    '/help',
    'help/faq',
    '#top',
    '?q=1',
    'mailto:a@b.c',
    'tel:+331',
  ])('given %s, should allow it', (url) => expect(isSafeUrl(url)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('given %j, should refuse it', (url) => expect(isSafeUrl(url)).toBe(false));
});

describe('isHttpUrl', () => {
  it('given http(s), should accept; given relative or other schemes, should refuse', () => {
    expect(isHttpUrl('https://a.b/x.png')).toBe(true);
    expect(isHttpUrl('/x.png')).toBe(false);
    expect(isHttpUrl('data:image/png;base64,AAAA')).toBe(false);
  });
});

describe('isSafeMediaUrl', () => {
  it.each([
    'https://cdn.example/a.png',
    'http://a.b/c.mp4',
    '/uploads/abc',
    'photo.jpg',
    'blob:https://chat.example/8f1c2a',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
    'data:audio/wav;base64,UklGRg==',
    'data:video/mp4;base64,AAAA',
  ])('given %s, should allow it', (url) => expect(isSafeMediaUrl(url)).toBe(true));
  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'data:application/javascript,alert(1)',
    'data:,hello',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@b.c',
  ])('given %j, should refuse it', (url) => expect(isSafeMediaUrl(url)).toBe(false));
});
