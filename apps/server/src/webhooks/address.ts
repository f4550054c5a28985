import { type LookupAddress, lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export class WebhookUrlError extends Error {}

/** A webhook URL as registered: http or https, no user or password in it. */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlError(`not a URL: ${text}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlError('a webhook URL is http:// or https://');
  if (url.username || url.password)
    throw new WebhookUrlError('a webhook URL carries no user or password (the payload is signed instead)');
  return url;
}

/** IPv6's global unicast block: anything outside it (`::7f00:1`, an IPv4-compatible address) is not public. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** Whether an address is one of the public internet's (not loopback, private, link-local, ...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return isPublicAddress(ipv6.toIPv4Address().toString());
  return ipv6.range() === 'unicast' && ipv6.match(GLOBAL_UNICAST);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses a name resolving to a private address. It runs when
 * the connection is made, so the address checked is the address connected to (a name that
 * resolves differently a second time gains nothing).
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  lookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      callback(
        Object.assign(new Error(`${hostname} resolves to a private address (${refused.address})`), {
          code: 'EPRIVATEADDRESS',
        }),
        [],
      );
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  });
}

/** Refuses a URL whose host is a private IP literal (a literal is connected to without lookup). */
export function checkLiteralHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw new WebhookUrlError(`${host} is a private address`);
}
