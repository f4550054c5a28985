import remend, { isWithinCodeBlock } from 'remend';

/** A last line that is only a list item's or a heading's marker, its text not yet there. */
const BARE_MARKER = /(^|\n)[ \t]{0,3}(?:[-*+]|\d{1,9}[.)]|#{1,6})[ \t\u200b]*$/;

/**
 * Markdown cut off mid-way, made to show as it will once finished: open bold, italics and inline
 * code are closed, a link whose address is still arriving shows as its text, an image still
 * arriving is dropped, a half-typed HTML tag is dropped, and a line still being read as a heading
 * underline (`text` then `-`) stays text (all by `remend`, the healer of Vercel's Streamdown). An
 * open code fence needs nothing: it renders as code to the end. A list item or heading whose
 * marker has come but not its text is left out, so no empty bullet or heading flashes.
 *
 * Only for text that is still streaming: the finished text is rendered as it is.
 *
 * @example
 * healMarkdown('Track it **now'); // 'Track it **now**'
 * healMarkdown('See [the FAQ](https://exa'); // 'See the FAQ'
 */
export function healMarkdown(text: string): string {
  // Inside an open fence everything is code, shown as it is (remend would add a zero-width space
  // after a dash there).
  if (isWithinCodeBlock(text, text.length)) return text;
  const healed = remend(text, {
    linkMode: 'text-only',
    // No maths and no strikethrough in RichText (no GFM extensions): nothing to close.
    katex: false,
    inlineKatex: false,
    strikethrough: false,
    singleTilde: false,
  });
  const bare = BARE_MARKER.exec(healed);
  return bare ? healed.slice(0, bare.index) : healed;
}
