// Browsers ignore ASCII whitespace and control characters inside a URL's scheme
// ("java\tscript:" runs), so they are removed before the scheme is read.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IGNORED = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const MEDIA_SCHEMES = new Set(['http', 'https', 'blob']);
// An image, audio or video held in the URL itself: browsers run no script from it in an img,
// audio or video element, and it loads nothing from elsewhere.
const INLINE_MEDIA = /^data:(?:image|audio|video)\/[a-z0-9.+-]+[;,]/i;

/** The URL's scheme in lower case, read as a browser reads it; undefined for a relative URL. */
function schemeOf(url: string): string | undefined {
  return SCHEME.exec(url.replace(IGNORED, ''))?.[1]?.toLowerCase();
}

/**
 * Whether a URL may go into an `href`: http, https, mailto, tel, or a relative URL. Everything
 * else (javascript:, data:, vbscript:, file:, ...) is refused. Every link the kit draws from
 * message data goes through it: text and markdown links, file cards, tip cards, profile links.
 */
export function isSafeUrl(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === undefined || SAFE_SCHEMES.has(scheme);
}

/**
 * Whether a URL may be the source of an image, audio or video the kit shows: http, https, blob (a
 * file the page holds), a relative URL, or a `data:` URL of an image, audio or video type.
 * javascript:, other data:, vbscript:, file: and the rest are refused.
 */
export function isSafeMediaUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === undefined) return true;
  if (scheme === 'data') return INLINE_MEDIA.test(url.replace(IGNORED, ''));
  return MEDIA_SCHEMES.has(scheme);
}

/** Whether a URL is absolute http(s): the only kind the kit loads as a remote image. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.replace(IGNORED, ''));
}
