import { cva } from 'class-variance-authority';
import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../internal/cn.js';
import { isSafeMediaUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** A tag on a product, e.g. "Free shipping". */
export interface GoodsTag {
  name: string;
}

/** `order`: an order line (small image beside the text). `other`: a product (image on top). */
export type GoodsCardType = 'order' | 'other';

export interface GoodsCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The product name. */
  name: string;
  /** A short description. */
  desc?: ReactNode;
  /** The product image URL; not shown unless it is a URL an image may have (see `Image`). */
  img?: string;
  /** The price, formatted with `currency` and `locale`. */
  price?: number;
  /** The price before a discount, shown struck through. */
  originalPrice?: number;
  /** An ISO 4217 currency code (`CNY`, `EUR`). Without it prices show as plain numbers with 2 decimals. */
  currency?: string;
  /** The locale to format prices with. Without it, the kit's locale (`LocaleProvider`). */
  locale?: string;
  /** How many. */
  count?: number;
  /** The unit of `count` or of the price, e.g. "pcs", "kg". */
  unit?: string;
  /** Tags under the name. */
  tags?: GoodsTag[];
  /** A status such as "Shipped". */
  status?: ReactNode;
  /** Extra lines, e.g. an order number or a date. */
  meta?: ReactNode;
  /** Order layout or product layout. Default `other`. */
  type?: GoodsCardType;
  /** Actions (buttons) at the end. */
  children?: ReactNode;
}

const goodsCardVariants = cva('parley-goods-card', {
  variants: { type: { order: 'parley-goods-card--order', other: 'parley-goods-card--other' } },
  defaultVariants: { type: 'other' },
});

/**
 * Formats a price with Intl.NumberFormat: currency style when a currency is given. A card's data
 * often comes from a server: a currency that is not an ISO 4217 code shows after the plain number,
 * and a malformed locale falls back to en-US, instead of a RangeError that would lose the card.
 */
export function formatPrice(value: number, locale: string, currency?: string): string {
  const format = (options: Intl.NumberFormatOptions) => {
    try {
      return new Intl.NumberFormat(locale, options).format(value);
    } catch {
      return new Intl.NumberFormat('en-US', options).format(value);
    }
  };
  if (currency && /^[A-Za-z]{3}$/.test(currency)) return format({ style: 'currency', currency });
  const plain = format({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${plain} ${currency}` : plain;
}

/**
 * A product or an order line: image, name, description, tags, price (and the original price
 * struck through, with a spoken label), count and unit, status and meta. Prices use
 * Intl.NumberFormat with `currency` and `locale` (default the kit's locale).
 *
 * @example
 * <GoodsCard name="Wireless earbuds" img="/p/42.jpg" price={199} originalPrice={299} currency="CNY" tags={[{ name: 'New' }]} />
 */
export const GoodsCard = forwardRef<HTMLElement, GoodsCardProps>(function GoodsCard(
  {
    name,
    desc,
    img,
    price,
    originalPrice,
    currency,
    locale: localeProp,
    count,
    unit,
    tags,
    status,
    meta,
    type = 'other',
    className,
    children,
    ...rest
  },
  ref,
) {
  const { t, locale: kitLocale } = useLocale();
  const locale = localeProp ?? kitLocale;
  const classes = goodsCardVariants({ type });
  const priceText = price !== undefined ? formatPrice(price, locale, currency) : undefined;
  const originalText = originalPrice !== undefined ? formatPrice(originalPrice, locale, currency) : undefined;
  return (
    <article
      ref={ref}
      {...rest}
      className={cn(classes, className)}
      data-slot="goods-card"
      data-variant={type}
    >
      {img && isSafeMediaUrl(img) && (
        <img className="parley-goods-card__img" src={img} alt="" loading="lazy" decoding="async" />
      )}
      <div className="parley-goods-card__body">
        <div className="parley-goods-card__head">
          <h3 className="parley-goods-card__name" dir="auto">
            {name}
          </h3>
          {status && <span className="parley-goods-card__status">{status}</span>}
        </div>
        {desc && (
          <div className="parley-goods-card__desc" dir="auto">
            {desc}
          </div>
        )}
        {tags && tags.length > 0 && (
          <ul className="parley-goods-card__tags">
            {tags.map((tag) => (
              <li key={tag.name} className="parley-goods-card__tag">
                {tag.name}
              </li>
            ))}
          </ul>
        )}
        {meta && <div className="parley-goods-card__meta">{meta}</div>}
        <div className="parley-goods-card__foot">
          {priceText && (
            <span className="parley-goods-card__price">
              <span className="parley-visually-hidden">{t('goodsCard.price', { price: priceText })}</span>
              <span aria-hidden="true">{priceText}</span>
              {unit && count === undefined && <span aria-hidden="true"> / {unit}</span>}
            </span>
          )}
          {originalText && (
            <span className="parley-goods-card__original">
              <span className="parley-visually-hidden">
                {t('goodsCard.originalPrice', { price: originalText })}
              </span>
              <s aria-hidden="true">{originalText}</s>
            </span>
          )}
          {count !== undefined && (
            <span className="parley-goods-card__count">
              <span className="parley-visually-hidden">
                {t('goodsCard.count', { count: unit ? `${count} ${unit}` : count })}
              </span>
              <span aria-hidden="true">
                ×{count}
                {unit ? ` ${unit}` : ''}
              </span>
            </span>
          )}
        </div>
        {children && <div className="parley-goods-card__actions">{children}</div>}
      </div>
    </article>
  );
});
