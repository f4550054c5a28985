import type { GoodsCardProps, GoodsTag } from '@parley/chat-ui/GoodsCard';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const amount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * A goods card's props from a card message (`card.props`, any JSON a server sent): only the spec's
 * goods card fields, each of its type (text as text, numbers as finite numbers, tags as names).
 * The kit's card spreads any other prop onto its element, so a `style`, `className`, `role`,
 * `hidden` or `dangerouslySetInnerHTML` from the wire would otherwise restyle or hide the
 * conversation. Without a name there is no card: `undefined`, and the message's text stands alone.
 *
 * @example
 * goodsCardProps({ name: 'Earbuds', price: 199, style: { position: 'fixed' } }, 'other')
 * // -> { name: 'Earbuds', price: 199, type: 'other' }
 */
export function goodsCardProps(
  props: Readonly<Record<string, unknown>>,
  defaultType: 'order' | 'other',
): GoodsCardProps | undefined {
  const name = text(props.name);
  if (!name) return undefined;
  const tags: GoodsTag[] | undefined = Array.isArray(props.tags)
    ? props.tags.flatMap((tag) => {
        const tagName = text((tag as { name?: unknown } | null)?.name);
        return tagName ? [{ name: tagName }] : [];
      })
    : undefined;
  const picked: GoodsCardProps = {
    name,
    desc: text(props.desc),
    img: text(props.img),
    price: amount(props.price),
    originalPrice: amount(props.originalPrice),
    currency: text(props.currency),
    locale: text(props.locale),
    count: amount(props.count),
    unit: text(props.unit),
    tags,
    status: text(props.status),
    meta: text(props.meta),
    type: props.type === 'order' || props.type === 'other' ? props.type : defaultType,
  };
  // Absent fields stay absent, so the card's own defaults apply.
  return Object.fromEntries(
    Object.entries(picked).filter(([, value]) => value !== undefined),
  ) as unknown as GoodsCardProps;
}
