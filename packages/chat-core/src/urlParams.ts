import { channelOfQuery } from '@parley/chat-protocol';

/**
 * The chat page's settings, read from its query string (spec section 2).
 * Every field is a string; a parameter that is absent stays undefined.
 */
export interface UrlParams {
  /**
   * Channel id; `siteid` is accepted as an alias. Absent when the query names two different
   * channels (see `conflictingChannelIds`).
   */
  channelId?: string;
  /**
   * Set when the query names two different channels (`channelId=a&siteid=b`): the page starts no
   * chat, as the server builds no framing policy for either (`channelOfQuery` decides for both).
   */
  conflictingChannelIds?: string[];
  /** Passed to chat start. */
  pid?: string;
  /** `HMAC-SHA256(secret, pid)` from the host site's server, passed to chat start (verified identity). */
  pidSignature?: string;
  /** Passed to chat start. */
  params?: string;
  /** Visitor name passed to chat start. */
  userName?: string;
  /** Passed to chat start. */
  email?: string;
  /** Passed to chat start. */
  phone?: string;
  /** Preselected group. */
  groupId?: string;
  /** Preselected agent. */
  adminId?: string;
  /** `iframe` means the page is embedded in a parent page. */
  from?: string;
  /**
   * Where the visitor id and the page's other keys live: `local` (the default: the visitor is
   * known again on the next visit), `session` (this tab only) or `none` (memory: a new visitor on
   * every load). Read with `storageChoice`.
   */
  storage?: string;
}

/** Lower-case query names (spec section 2) and the field each one fills. */
const PARAMETER_FIELDS: Readonly<
  Record<string, Exclude<keyof UrlParams, 'channelId' | 'conflictingChannelIds'>>
> = {
  pid: 'pid',
  pidsignature: 'pidSignature',
  params: 'params',
  username: 'userName',
  email: 'email',
  phone: 'phone',
  groupid: 'groupId',
  adminid: 'adminId',
  from: 'from',
  storage: 'storage',
};

/**
 * Reads the chat page's parameters. Names are compared in lower case, so `channelId`,
 * `CHANNELID` and `channelid` are the same parameter; unknown names are ignored; the first
 * occurrence of a name wins. The channel is decided by the contract's `channelOfQuery`, the
 * function the server uses for the page's framing policy: `siteid` is an alias, and a query that
 * names two different channels names none.
 *
 * @example
 * readUrlParams('?channelId=42&from=iframe') // { channelId: '42', from: 'iframe' }
 */
export function readUrlParams(search: string | URLSearchParams): UrlParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const result: UrlParams = {};
  const channel = channelOfQuery(query);
  if (channel.kind === 'one') result.channelId = channel.channelId;
  if (channel.kind === 'conflict') result.conflictingChannelIds = channel.channelIds;
  for (const [rawName, value] of query) {
    const field = PARAMETER_FIELDS[rawName.toLowerCase()];
    if (field && result[field] === undefined) result[field] = value;
  }
  return result;
}

/** True when the page says it is embedded in a parent page (`from=iframe`). */
export function isEmbedded(params: UrlParams): boolean {
  return params.from === 'iframe';
}
