// Browsers ignore ASCII whitespace and control characters inside a URL's scheme
// ("java\tscript:" runs), so they are removed before the scheme is read.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IGNORED = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Whether a URL may go into an `href`: http, https, mailto, tel, or a relative URL. Everything
 * else (javascript:, data:, vbscript:, file:, ...) is refused.
 */
export function isSafeUrl(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(IGNORED, ''));
  return !scheme || SAFE_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

/** Whether a URL is absolute http(s): the only kind the kit loads as a remote image. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.replace(IGNORED, ''));
}
