// Which channel a chat page's address is for. The page starts that channel's chat; the server builds
// the page's framing policy (frame-ancestors, the origins it may post to) from that channel's sites.
// Both must read the query the same way, or a site listed for one channel can frame another's chat:
// so both call this one function, on the whole query.

// The package imports nothing and assumes no DOM: the WHATWG URLSearchParams every browser and
// Node has is the parser, so the page and the server split and decode the query alike.
declare const URLSearchParams: new (init: string) => Iterable<[string, string]>;

/** What a query says about its channel. */
export type ChannelOfQuery =
  /** No `channelid` or `siteid` with a value. */
  | { kind: 'none' }
  /** Every `channelid` and `siteid` with a value names this channel. */
  | { kind: 'one'; channelId: string }
  /** Two different channels are named: no channel is chosen and the page must not start. */
  | { kind: 'conflict'; channelIds: string[] };

/** The query names (compared in lower case, spec section 2) that name the channel. */
const CHANNEL_NAMES = new Set(['channelid', 'siteid']);

/**
 * The channel a chat page's query names. Names are compared in lower case and `siteid` is an alias
 * of `channelid` (spec section 2); an empty value names nothing; the same channel named twice is
 * that channel; two different channels are a conflict, which neither the page nor the server
 * resolves by picking one.
 *
 * @example
 * channelOfQuery('?channelId=shop&from=iframe') // { kind: 'one', channelId: 'shop' }
 * channelOfQuery('?channelId=a&SITEID=b') // { kind: 'conflict', channelIds: ['a', 'b'] }
 */
export function channelOfQuery(search: string | Iterable<[string, string]>): ChannelOfQuery {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const named = new Set<string>();
  for (const [name, value] of query) {
    if (value !== '' && CHANNEL_NAMES.has(name.toLowerCase())) named.add(value);
  }
  const [first, ...others] = named;
  if (first === undefined) return { kind: 'none' };
  if (others.length === 0) return { kind: 'one', channelId: first };
  return { kind: 'conflict', channelIds: [first, ...others] };
}
