/**
 * Joins class names, skipping empty ones: the kit's one class helper (shadcn's `cn` without
 * tailwind-merge, which the kit does not need: its own classes never conflict with each other).
 *
 * @example
 * cn('parley-bubble', active && 'is-active', className) // 'parley-bubble is-active extra'
 */
export function cn(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
