import { forwardRef, type SVGProps } from 'react';
import { cn } from '../internal/cn.js';

export interface IconProps extends SVGProps<SVGSVGElement> {
  /**
   * Size in CSS pixels or any CSS length; the default follows the text.
   * @default 1.25em
   */
  size?: number | string;
  /**
   * An accessible name. Without it the icon is decorative (`aria-hidden`): label the button
   * around it instead, which is usually right.
   */
  title?: string;
}

/**
 * Makes an icon component from 24x24 outline paths (stroke = currentColor). Each icon is its own
 * export, so a bundler keeps only those a product uses.
 */
export function createIcon(name: string, paths: readonly string[]) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { size = '1.25em', title, className, ...rest },
    ref,
  ) {
    const labelled = title !== undefined;
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={cn('parley-icon', className)}
        data-icon={name}
        role={labelled ? 'img' : undefined}
        aria-label={title}
        aria-hidden={labelled ? undefined : true}
        {...rest}
      >
        {labelled && <title>{title}</title>}
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  });
  Icon.displayName = `Icon${name}`;
  return Icon;
}
