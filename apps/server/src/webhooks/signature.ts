import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `Parley-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `<t>.<raw body>` with the endpoint's secret, as Stripe signs its webhooks.
 */
export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/**
 * What a receiver does with the header (the snippet in docs/contract.md is this function): the
 * signature must match and be at most `toleranceSeconds` old, so a captured delivery cannot be
 * replayed later.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
