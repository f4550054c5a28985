/** A run of plain text, or a link found in it; `at` is where it starts in the text (a stable key). */
export type TextSegment =
  | { kind: 'text'; text: string; at: number }
  | { kind: 'link'; text: string; href: string; at: number };

// A URL starts with http(s):// or www. and runs to the next space, '<' or invisible formatting
// character (zero-width, bidirectional controls: they would make the link's target differ from
// what the reader sees); closing punctuation that usually ends a sentence is left out of it.
const URL_PATTERN =
  /\b(?:https?:\/\/|www\.)[^\s<>"\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]*[^\s<>".,:;!?'")\]}>\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/gi;

/**
 * Splits text into plain runs and links. Only http and https links are made: nothing else
 * (javascript:, data:, ...) can come out of it, because the pattern only matches those schemes.
 * A link's text is exactly its address (with `https://` added before a bare `www.`): no hidden
 * character inside it can disguise where it goes.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0];
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start), at: last });
    const href = /^www\./i.test(url) ? `https://${url}` : url;
    segments.push({ kind: 'link', text: url, href, at: start });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last), at: last });
  return segments;
}
