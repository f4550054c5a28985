/**
 * The chat page's settings, read from its query string (spec section 2).
 * Every field is a string; a parameter that is absent stays undefined.
 */
export interface UrlParams {
  /** Channel id; `siteid` is accepted as an alias. */
  channelId?: string;
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
const PARAMETER_FIELDS: Readonly<Record<string, keyof UrlParams>> = {
  channelid: 'channelId',
  siteid: 'channelId',
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
 * `CHANNELID` and `channelid` are the same parameter; unknown names are ignored. When both
 * `channelid` and its alias `siteid` are given, `channelid` wins; otherwise the first
 * occurrence of a name wins.
 *
 * @example
 * readUrlParams('?channelId=42&from=iframe') // { channelId: '42', from: 'iframe' }
 */
export function readUrlParams(search: string | URLSearchParams): UrlParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const result: UrlParams = {};
  let channelIdFromAlias = false;
  for (const [rawName, value] of query) {
    const name = rawName.toLowerCase();
    const field = PARAMETER_FIELDS[name];
    if (!field) continue;
    if (field === 'channelId') {
      const isAlias = name === 'siteid';
      if (result.channelId !== undefined && (isAlias || !channelIdFromAlias)) continue;
      channelIdFromAlias = isAlias;
    } else if (result[field] !== undefined) {
      continue;
    }
    result[field] = value;
  }
  return result;
}

/** True when the page says it is embedded in a parent page (`from=iframe`). */
export function isEmbedded(params: UrlParams): boolean {
  return params.from === 'iframe';
}
