import type { MessageModel } from '../Message/model.js';

/**
 * The messages after `last`, the id of the message that ended the list before this change (all of
 * them when that message is gone). Undefined when the list still ends with it, or was empty.
 */
export function appendedAfter(
  items: readonly MessageModel[],
  last: string | undefined,
): readonly MessageModel[] | undefined {
  if (last === undefined || last === items.at(-1)?._id) return undefined;
  let start = items.length - 1;
  while (start >= 0 && items[start]?._id !== last) start -= 1;
  return items.slice(start + 1);
}
