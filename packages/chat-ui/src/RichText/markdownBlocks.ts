import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmSyntax } from './gfm.js';

/**
 * Markdown cut into its top-level blocks (paragraphs, headings, lists, code, quotes, tables...):
 * `complete` ones, which nothing appended later can change, and the `rest`, the last block still
 * being written. `complete.join('') + rest` is the whole `source`.
 */
export interface MarkdownBlocks {
  /** The whole text. */
  readonly source: string;
  /** Blocks that are closed: each is the exact slice of `source`, blank lines after it included. */
  readonly complete: readonly string[];
  /** The length of `source` covered by `complete`. */
  readonly completeLength: number;
  /** The open last block (and anything after it): `source.slice(completeLength)`. */
  readonly rest: string;
}

const EMPTY: MarkdownBlocks = { source: '', complete: [], completeLength: 0, rest: '' };

/**
 * Splits streamed Markdown into blocks, re-reading only the open last block. In CommonMark a
 * top-level block, once a whole line has started the next one, is closed for good: what follows
 * cannot reopen it (only a link reference definition, `[x]: url`, reaches back, and it resolves
 * only once the whole text is rendered together). So every top-level block of the rest's whole
 * lines but the last is complete, and the next call starts from the last one. The rest is re-read
 * only when a line is completed.
 *
 * The parser is the one `RichText` already renders with (`mdast-util-from-markdown`, under
 * react-markdown, with the same GFM extensions), so the blocks are cut where the renderer would
 * cut them, for no extra bytes.
 *
 * @example
 * let blocks = splitMarkdownBlocks('# Title\n\nFirst para');
 * blocks = splitMarkdownBlocks('# Title\n\nFirst paragraph.\n\n- a', blocks);
 * // blocks.complete: ['# Title\n\n', 'First paragraph.\n\n'], blocks.rest: '- a'
 */
export function splitMarkdownBlocks(source: string, previous: MarkdownBlocks = EMPTY): MarkdownBlocks {
  if (previous.source === source) return previous;
  const appended = source.startsWith(previous.source);
  const kept =
    appended || source.startsWith(previous.source.slice(0, previous.completeLength)) ? previous : EMPTY;
  const rest = source.slice(kept.completeLength);
  // Only whole lines are read: a line still arriving may change what it is (`3` becomes `3.`, a
  // list item, and the list before it is not closed after all). So nothing changes until a line
  // is complete.
  if (appended && !source.includes('\n', previous.source.length)) return { ...kept, source, rest };
  const lines = rest.slice(0, rest.lastIndexOf('\n') + 1);
  const starts = fromMarkdown(lines, { extensions: gfmSyntax, mdastExtensions: gfmFromMarkdown })
    .children.map((node) => node.position?.start.offset)
    .filter((offset): offset is number => offset !== undefined);
  if (starts.length < 2) return { ...kept, source, rest };
  const complete = [...kept.complete];
  for (let index = 0; index < starts.length - 1; index += 1) {
    complete.push(rest.slice(index === 0 ? 0 : starts[index], starts[index + 1]));
  }
  const last = starts[starts.length - 1] as number;
  return { source, complete, completeLength: kept.completeLength + last, rest: rest.slice(last) };
}
