import remend, { isWithinCodeBlock } from 'remend';

/** A last line that is only a list item's or a heading's marker, its text not yet there. */
const BARE_MARKER = /(^|\n)[ \t]{0,3}(?:[-*+]|\d{1,9}[.)]|#{1,6})[ \t\u200b]*$/;
/** A line that may be a table's row: it starts with a pipe and has another. */
const TABLE_ROW = /^[ \t]{0,3}\|.*\|/;
/** A line that starts as a table's row does (its other pipes may be still to come). */
const ROW_START = /^[ \t]{0,3}\|/;
/** A table's delimiter row (`| --- | :-: |`), or as much of one as has come. */
const DELIMITER_ROW = /^[ \t]{0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const DELIMITER_SO_FAR = /^[ \t]{0,3}\|?[ \t:|-]*$/;

/** The cells of a table row, as GFM counts them (the pipes at its ends make none). */
const cellCount = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/).length;

/**
 * What of `text` to show while a table at its end is not one yet: until its delimiter row has as
 * many cells as its header, GFM reads the header as a paragraph of pipes, which would show for a
 * moment and then jump into a table. So its lines wait; and once it is a table, a new row shows
 * from its first cell, not as an empty row.
 */
function withoutUnfinishedTable(text: string): string {
  // A line break at the end: the next line has not begun (the last line is whole).
  const lineDone = text.endsWith('\n');
  const lines = (lineDone ? text.slice(0, -1) : text).split('\n');
  let first = lines.length;
  // The last line may be a row as it comes; the lines before it whole rows.
  if (first > 0 && !lineDone && ROW_START.test(lines[first - 1] ?? '')) first -= 1;
  while (first > 0 && TABLE_ROW.test(lines[first - 1] ?? '')) first -= 1;
  if (first === lines.length) return text;
  const cut = () => lines.slice(0, first).join('\n');
  const header = lines[first] ?? '';
  const delimiter = lines[first + 1];
  if (delimiter === undefined) return cut();
  const delimiterGrows = !lineDone && first + 2 === lines.length;
  const isTable = DELIMITER_ROW.test(delimiter) && cellCount(delimiter) === cellCount(header);
  if (!isTable) return delimiterGrows && DELIMITER_SO_FAR.test(delimiter) ? cut() : text;
  const last = lines.at(-1) ?? '';
  const bareRow = !lineDone && first + 2 < lines.length && /^[ \t]{0,3}\|[ \t]*$/.test(last);
  return bareRow ? lines.slice(0, -1).join('\n') : text;
}

/**
 * Markdown cut off mid-way, made to show as it will once finished: open bold, italics,
 * ~~strikethrough~~ and inline code are closed, a link whose address is still arriving shows as its
 * text, an image still arriving is dropped, a half-typed HTML tag is dropped, and a line still being
 * read as a heading underline (`text` then `-`) stays text (all by `remend`, the healer of Vercel's
 * Streamdown). An open code fence needs nothing: it renders as code to the end. A list item or
 * heading whose marker has come but not its text is left out, so no empty bullet or heading
 * flashes; so is a table (written with leading pipes) until its delimiter row makes it one, and a
 * table's new row until its first cell.
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
    // No maths in RichText; strikethrough only as `~~` (as its parser reads it).
    katex: false,
    inlineKatex: false,
    singleTilde: false,
  });
  const bare = BARE_MARKER.exec(healed);
  return withoutUnfinishedTable(bare ? healed.slice(0, bare.index) : healed);
}
