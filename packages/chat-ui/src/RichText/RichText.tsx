import { type ComponentPropsWithoutRef, forwardRef, type HTMLAttributes, memo, useMemo, useRef } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { cn } from '../internal/cn.js';
import { linkify } from '../internal/linkify.js';
import { isHttpUrl, isSafeUrl } from '../internal/safeUrl.js';
import { type LocaleValue, useLocale } from '../LocaleProvider/LocaleProvider.js';
import { remarkGfmParts } from './gfm.js';
import { healMarkdown } from './healMarkdown.js';
import { type MarkdownBlocks, splitMarkdownBlocks } from './markdownBlocks.js';

export interface RichTextProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content' | 'children'> {
  /** Markdown. HTML tags in it are dropped (their text stays), never interpreted. */
  content: string;
  /**
   * Load remote (http/https) images. Off, images show as a link with their alt text.
   * @default false
   */
  allowImages?: boolean;
  /** Decide per image URL whether to load it; takes precedence over `allowImages`. */
  imageUrlAllowed?: (url: string) => boolean;
  /**
   * The content is still arriving (a streamed answer): each completed Markdown block is rendered
   * once and kept, only the last one is re-read as text is appended, and syntax cut off mid-way
   * (`**bold`, `[link](https://exa`) shows as it will once finished. The element is `aria-busy`
   * meanwhile. When it turns false the text shows exactly as it would have without it.
   * @default false
   */
  streaming?: boolean;
}

// Minimal hast shapes: enough for the link pass below without a dependency on @types/hast.
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };
type HastParent = { children: HastNode[] };

const NO_LINKS_INSIDE = new Set(['a', 'code', 'pre']);

/** Turns bare URLs in text into links (http/https only, via the kit's linkify). */
function rehypeLinkify() {
  const walk = (parent: HastParent) => {
    parent.children = parent.children.flatMap((child): HastNode[] => {
      if (child.type === 'element') {
        const element = child as HastElement;
        if (!NO_LINKS_INSIDE.has(element.tagName)) walk(element);
        return [element];
      }
      if (child.type !== 'text') return [child];
      const segments = linkify((child as HastText).value);
      if (segments.length === 1 && segments[0]?.kind === 'text') return [child];
      return segments.map((segment) =>
        segment.kind === 'text'
          ? { type: 'text', value: segment.text }
          : {
              type: 'element',
              tagName: 'a',
              properties: { href: segment.href },
              children: [{ type: 'text', value: segment.text }],
            },
      );
    });
  };
  return (tree: HastParent) => walk(tree);
}

/**
 * A table's cells as the kit draws them: a header cell of the head row names its column
 * (`scope="col"`), and a column's alignment (`:--:`) is a `data-align` the stylesheet reads, not the
 * inline style the JSX runtime would make of `align` (no style attribute ever comes from content).
 */
function rehypeTableCells() {
  const walk = (parent: HastParent, inHead: boolean) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const element = child as HastElement;
      if (element.tagName === 'th' || element.tagName === 'td') {
        const { align, ...properties } = element.properties;
        // The alignment last: a streamed column gets it once its delimiter cell has come, and the
        // attributes then stand in the same order as in the whole text's table.
        element.properties = {
          ...properties,
          ...(element.tagName === 'th' && inHead && { scope: 'col' }),
          ...(typeof align === 'string' && { dataAlign: align }),
        };
      }
      walk(element, inHead || element.tagName === 'thead');
    }
  };
  return (tree: HastParent) => walk(tree, false);
}

/** Longer content shows as plain text: parsing markdown takes more than linear time on some input. */
const MAX_LENGTH = 20_000;
/** More emphasis and bracket characters than this show as plain text (matching them is quadratic). */
const MAX_MARKERS = 2_000;
const MARKERS = /[*_[\]]/g;
/** Markdown nested deeper than this (quotes in lists in emphasis...) shows as plain text. */
const MAX_DEPTH = 32;

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

/** Whether content is too long or holds too many markers to be parsed in reasonable time. */
function tooCostlyToParse(content: string): boolean {
  if (content.length > MAX_LENGTH) return true;
  let markers = 0;
  for (const _ of content.matchAll(MARKERS)) if (++markers > MAX_MARKERS) return true;
  return false;
}

/** Whether a tree nests deeper than MAX_DEPTH, walked without recursion. */
function nestsTooDeep(tree: MdastNode): boolean {
  const stack: Array<[MdastNode, number]> = [[tree, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DEPTH) return true;
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Markdown nested too deeply for the renderers after the parser (each recurses per level) becomes
 * its own text, line by line: shown, never interpreted.
 */
function remarkFlattenDeep() {
  return (tree: MdastNode, file: { value: unknown }) => {
    if (!nestsTooDeep(tree)) return;
    const lines = String(file.value).split(/\r\n?|\n/);
    const children: MdastNode[] = lines.flatMap((line, index) =>
      index === 0 ? [{ type: 'text', value: line }] : [{ type: 'break' }, { type: 'text', value: line }],
    );
    tree.children = [{ type: 'paragraph', children }];
  };
}

// GitHub's schema, without images' and links' non-http schemes and with no inline styles,
// classes or ids from the content.
const schema = {
  ...defaultSchema,
  clobberPrefix: 'parley-md-',
  protocols: { href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https'] },
};

const remarkPlugins = [remarkGfmParts, remarkFlattenDeep];
const rehypePlugins: NonNullable<Parameters<typeof Markdown>[0]['rehypePlugins']> = [
  rehypeLinkify,
  [rehypeSanitize, schema],
  rehypeTableCells,
];
const urlTransform = (url: string) => (isSafeUrl(url) ? url : '');

/**
 * How links, images, tables and task lists render: links checked and opened in a new tab, images
 * only when allowed, a table in a labelled region that scrolls sideways (and takes the keyboard
 * focus, so it can be scrolled without a mouse), a task's box read-only with its name.
 */
function markdownComponents(
  t: LocaleValue['t'],
  allowImages: boolean,
  imageUrlAllowed: ((url: string) => boolean) | undefined,
): Components {
  return {
    a: ({ node: _node, href, children, ...props }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) =>
      href && isSafeUrl(href) ? (
        <a
          {...props}
          href={href}
          className="parley-rich-text__link"
          target="_blank"
          rel="noopener noreferrer"
        >
          {children}
          <span className="parley-visually-hidden"> {t('link.newTab')}</span>
        </a>
      ) : (
        <span>{children}</span>
      ),
    img: ({ src, alt }: ComponentPropsWithoutRef<'img'> & { node?: unknown }) => {
      const url = typeof src === 'string' ? src : '';
      const label = alt || url;
      const allowed = isHttpUrl(url) && (imageUrlAllowed ? imageUrlAllowed(url) : allowImages);
      if (allowed) return <img className="parley-rich-text__img" src={url} alt={alt ?? ''} loading="lazy" />;
      return isHttpUrl(url) ? (
        <a className="parley-rich-text__link" href={url} target="_blank" rel="noopener noreferrer">
          {t('richText.image', { alt: label })}
          <span className="parley-visually-hidden"> {t('link.newTab')}</span>
        </a>
      ) : (
        <span>{t('richText.image', { alt: alt || '' })}</span>
      );
    },
    table: ({ node: _node, children, ...props }: ComponentPropsWithoutRef<'table'> & { node?: unknown }) => (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to be scrolled by keyboard
      <section className="parley-rich-text__table" aria-label={t('richText.table')} tabIndex={0}>
        <table {...props}>{children}</table>
      </section>
    ),
    input: ({ type, checked }: ComponentPropsWithoutRef<'input'> & { node?: unknown }) =>
      type === 'checkbox' ? (
        <input
          className="parley-rich-text__task"
          type="checkbox"
          checked={Boolean(checked)}
          disabled
          readOnly
          aria-label={t('richText.task')}
        />
      ) : null,
  };
}

function MarkdownText({ source, components }: { source: string; components: Components }) {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      urlTransform={urlTransform}
      components={components}
    >
      {source}
    </Markdown>
  );
}

/**
 * One block of a streamed text. Memoised: a completed block keeps its source and its components,
 * so a new token renders only the last block. The line break before it is the one react-markdown
 * puts between blocks, so a streamed text's markup is the same as the whole text's.
 */
const MarkdownBlock = memo(function MarkdownBlock({
  source,
  components,
  first,
}: {
  source: string;
  components: Components;
  first: boolean;
}) {
  return (
    <>
      {first ? null : '\n'}
      <MarkdownText source={source} components={components} />
    </>
  );
});

function countMarkers(text: string): number {
  let markers = 0;
  for (const _ of text.matchAll(MARKERS)) markers += 1;
  return markers;
}

/** A link reference definition (`[id]: https://...`): it reaches links in other blocks. */
const DEFINITION = /^[ \t]{0,3}\[[^\]\n]+\]:/m;

/**
 * The blocks of a streamed text, re-split only past the last completed block. Once the stream
 * ends the blocks stay (the same elements, nothing re-rendered but the last block, now unhealed),
 * since they render the same markup as the whole text; unless the text defines a reference link,
 * which resolves only across the whole text: then the whole text renders at once, as it would
 * without streaming.
 */
function useStreamingBlocks(content: string, streaming: boolean) {
  const last = useRef<MarkdownBlocks | undefined>(undefined);
  const completeMarkers = useRef({ blocks: 0, markers: 0 });
  if (!streaming && (last.current === undefined || DEFINITION.test(content))) {
    last.current = undefined;
    completeMarkers.current = { blocks: 0, markers: 0 };
    return undefined;
  }
  // The limits are checked before the split, which parses: text too costly to parse is never
  // parsed, streamed or not. The completed blocks' markers are counted once each.
  const kept = last.current && content.startsWith(last.current.source.slice(0, last.current.completeLength));
  const known = kept ? completeMarkers.current : { blocks: 0, markers: 0 };
  const open = content.slice(kept ? (last.current?.completeLength ?? 0) : 0);
  if (content.length > MAX_LENGTH || known.markers + countMarkers(open) > MAX_MARKERS) {
    return { tooCostly: true as const };
  }
  const blocks = splitMarkdownBlocks(content, last.current);
  last.current = blocks;
  let markers = known.markers;
  for (let index = known.blocks; index < blocks.complete.length; index += 1) {
    markers += countMarkers(blocks.complete[index] as string);
  }
  completeMarkers.current = { blocks: blocks.complete.length, markers };
  return { tooCostly: false as const, blocks };
}

/**
 * Markdown in a message: emphasis, lists, code, quotes, links, and GitHub's tables, ~~strikethrough~~
 * and task lists (`- [x] done`). Safe with hostile
 * input: raw HTML is never parsed (no rehype-raw): its tags are dropped and their text stays, so
 * no script, handler or style can come from it. The output goes through rehype-sanitize, links are limited to http(s)/mailto/tel and open
 * in a new tab with `rel="noopener noreferrer"`, bare URLs become links, and remote images load
 * only when the caller allows them (`allowImages` or `imageUrlAllowed`); otherwise an image
 * shows as a link with its alt text.
 *
 * Input that would take long to parse or render is shown as plain text instead (as while
 * `LazyRichText` loads): over 20 000 characters, over 2 000 emphasis and bracket characters
 * (`*`, `_`, `[`, `]`), or nested more than 32 levels deep.
 *
 * A streamed answer (`streaming`) renders block by block: completed blocks are kept as they are
 * (their elements stay, nothing re-parses them), only the last one follows the new text, healed
 * so `**bold` shows bold and a half-arrived link shows as its text. Same sanitising and link
 * rules. The element is `aria-busy` until `streaming` turns false; then the blocks stay and show
 * the same markup the whole text would (a text that defines a reference-style link, `[x][ref]`,
 * renders whole then, as the link resolves only across the whole text).
 *
 * It costs react-markdown in the bundle: use `LazyRichText` to load it on first use.
 *
 * @example
 * <RichText content={'**Order shipped.** Track it at https://example.com/track'} />
 * <RichText content={answerSoFar} streaming={!answerDone} />
 */
export const RichText = forwardRef<HTMLDivElement, RichTextProps>(function RichText(
  { content, allowImages = false, imageUrlAllowed, streaming = false, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const components = useMemo(
    () => markdownComponents(t, allowImages, imageUrlAllowed),
    [t, allowImages, imageUrlAllowed],
  );
  const stream = useStreamingBlocks(content, streaming);
  const busy = streaming || undefined;
  if (stream ? stream.tooCostly : tooCostlyToParse(content)) {
    return (
      <div
        ref={ref}
        dir="auto"
        aria-busy={busy}
        {...rest}
        className={cn('parley-rich-text parley-rich-text--fallback', className)}
      >
        {content}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      dir="auto"
      aria-busy={busy}
      {...rest}
      className={cn('parley-rich-text', className)}
      data-state={streaming ? 'streaming' : undefined}
    >
      {stream && !stream.tooCostly ? (
        // One keyed list, so the open block, once complete, stays the same element.
        [...stream.blocks.complete, streaming ? healMarkdown(stream.blocks.rest) : stream.blocks.rest].map(
          (source, index) => (
            // Blocks are only ever appended: the index is the block's identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <MarkdownBlock key={index} source={source} components={components} first={index === 0} />
          ),
        )
      ) : (
        <MarkdownText source={content} components={components} />
      )}
    </div>
  );
});
