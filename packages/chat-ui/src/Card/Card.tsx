import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../internal/cn.js';

/** The card's frame. Everything else goes inside it. */
export const CardRoot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function CardRoot(
  { className, ...rest },
  ref,
) {
  return <article ref={ref} {...rest} data-slot="card" className={cn('parley-card', className)} />;
});

/** An image or video across the top of the card. */
export const CardMedia = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardMedia(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} {...rest} className={cn('parley-card__media', className)} />;
});

/** The card's heading (an `h3`; pass `aria-level` on your own element for another level). */
export const CardTitle = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement>>(
  function CardTitle({ className, ...rest }, ref) {
    return <h3 ref={ref} dir="auto" {...rest} className={cn('parley-card__title', className)} />;
  },
);

/** The card's body text or content. */
export const CardContent = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardContent(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} dir="auto" {...rest} className={cn('parley-card__content', className)} />;
});

/** A row of actions (buttons, links) at the bottom. */
export const CardActions = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function CardActions(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} {...rest} className={cn('parley-card__actions', className)} />;
});

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'content'> {
  /** An image or video shown across the top. */
  media?: ReactNode;
  /** The heading. */
  title?: ReactNode;
  /** The body. */
  content?: ReactNode;
  /** Buttons or links at the bottom. */
  actions?: ReactNode;
}

/**
 * A generic card: media, title, content and actions. The ready-made assembly takes them as
 * props; `Card.Root`, `Card.Media`, `Card.Title`, `Card.Content` and `Card.Actions` build other
 * layouts.
 *
 * @example
 * <Card title="Return policy" content="30 days, free pickup." actions={<a href="/returns">Start a return</a>} />
 * <Card.Root><Card.Title>Custom</Card.Title><Card.Content>...</Card.Content></Card.Root>
 */
const CardAssembly = forwardRef<HTMLElement, CardProps>(function Card(
  { media, title, content, actions, children, ...rest },
  ref,
) {
  return (
    <CardRoot ref={ref} {...rest}>
      {media && <CardMedia>{media}</CardMedia>}
      {title && <CardTitle>{title}</CardTitle>}
      {content && <CardContent>{content}</CardContent>}
      {children}
      {actions && <CardActions>{actions}</CardActions>}
    </CardRoot>
  );
});

export const Card = Object.assign(CardAssembly, {
  Root: CardRoot,
  Media: CardMedia,
  Title: CardTitle,
  Content: CardContent,
  Actions: CardActions,
});
