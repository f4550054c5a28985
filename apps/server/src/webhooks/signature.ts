import { createHmac, timingSafeEqual } from 'node:crypto';

const digestOf = (secret: string, unixSeconds: number, body: string) =>
  createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');

/**
 * The `Parley-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `<t>.<raw body>` with the endpoint's secret, as Stripe signs its webhooks. While a rotated-out
 * secret is still valid, the header carries one `v1=` per secret, the current one first.
 *
 * @example
 * signPayload(['whsec_new', 'whsec_old'], body, 1767225600) // 't=1767225600,v1=ab…,v1=cd…'
 */
export function signPayload(secrets: string | readonly string[], body: string, unixSeconds: number): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${unixSeconds}`, ...all.map((secret) => `v1=${digestOf(secret, unixSeconds, body)}`)].join(',');
}

/**
 * What a receiver does with the header (the snippet in docs/contract.md is this function): one of
 * its `v1=` signatures must match and it must be at most `toleranceSeconds` old, so a captured
 * delivery cannot be replayed later.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(digestOf(secret, timestamp, body));
  return parts.some(
    ([key, given]) =>
      key === 'v1' && given.length === expected.length && timingSafeEqual(Buffer.from(given), expected),
  );
}
