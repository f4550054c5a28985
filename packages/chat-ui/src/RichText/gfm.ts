import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';

/**
 * The parts of GitHub Flavored Markdown that model answers use: tables, ~~strikethrough~~ and task
 * lists. Only the parsing (no serialising back to Markdown), and not the rest of `remark-gfm`:
 * bare URLs are already linked by the kit's linkify, and footnotes have no place in a chat bubble.
 * These six packages are what `remark-gfm` itself is built from; the whole of it costs 14 KB
 * gzipped, these 3 KB.
 */
export const gfmSyntax = [gfmTable(), gfmStrikethrough({ singleTilde: false }), gfmTaskListItem()];
export const gfmFromMarkdown = [
  gfmTableFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
];

interface ProcessorData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/** The remark plugin: the extensions above, for react-markdown's parser. */
export function remarkGfmParts(this: { data(): object }) {
  const data = this.data() as ProcessorData;
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), ...gfmSyntax];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), ...gfmFromMarkdown];
}
