import { type ComponentPropsWithoutRef, forwardRef, type HTMLAttributes } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { cn } from '../internal/cn.js';
import { linkify } from '../internal/linkify.js';
import { isHttpUrl, isSafeUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface RichTextProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content' | 'children'> {
  /** Markdown. HTML tags in it are dropped (their text stays), never interpreted. */
  content: string;
  /** Load remote (http/https) images. Default false: images show as a link with their alt text. */
  allowImages?: boolean;
  /** Decide per image URL whether to load it; takes precedence over `allowImages`. */
  imageUrlAllowed?: (url: string) => boolean;
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

/**
 * Markdown in a message: emphasis, lists, code, quotes, tables and links. Safe with hostile
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
 * It costs react-markdown in the bundle: use `LazyRichText` to load it on first use.
 *
 * @example
 * <RichText content={'**Order shipped.** Track it at https://example.com/track'} />
 */
export const RichText = forwardRef<HTMLDivElement, RichTextProps>(function RichText(
  { content, allowImages = false, imageUrlAllowed, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const components: Components = {
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
  };
  if (tooCostlyToParse(content)) {
    return (
      <div
        ref={ref}
        dir="auto"
        {...rest}
        className={cn('parley-rich-text parley-rich-text--fallback', className)}
      >
        {content}
      </div>
    );
  }
  return (
    <div ref={ref} dir="auto" {...rest} className={cn('parley-rich-text', className)}>
      <Markdown
        remarkPlugins={[remarkFlattenDeep]}
        rehypePlugins={[rehypeLinkify, [rehypeSanitize, schema]]}
        urlTransform={(url) => (isSafeUrl(url) ? url : '')}
        components={components}
      >
        {content}
      </Markdown>
    </div>
  );
});
