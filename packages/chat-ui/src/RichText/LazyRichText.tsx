import { lazy, Suspense } from 'react';
import type { RichTextProps } from './RichText.js';

const RichTextChunk = lazy(() => import('./RichText.js').then((module) => ({ default: module.RichText })));

/**
 * `RichText` loaded on first render, so products that never show markdown never download
 * react-markdown. Until it arrives, the text shows as plain text (markup not interpreted).
 *
 * @example
 * <LazyRichText content={answer.markdown} />
 */
export function LazyRichText(props: RichTextProps) {
  const {
    content,
    allowImages: _allowImages,
    imageUrlAllowed: _imageUrlAllowed,
    streaming,
    className,
    ...rest
  } = props;
  return (
    <Suspense
      fallback={
        <div
          aria-busy={streaming || undefined}
          {...rest}
          dir="auto"
          className={
            className
              ? `parley-rich-text parley-rich-text--fallback ${className}`
              : 'parley-rich-text parley-rich-text--fallback'
          }
        >
          {content}
        </div>
      }
    >
      <RichTextChunk {...props} />
    </Suspense>
  );
}
