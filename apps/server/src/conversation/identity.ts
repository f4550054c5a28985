import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../errors.js';
import type { ChannelConfig } from './domain.js';

// Verified visitor identity: the host site's server signs the visitor's pid with the channel's
// secret, the page passes the signature in chatStart, and the server checks it here.

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether `signature` is what the host site's server gives `pid`: HMAC-SHA256 under the channel's
 * secret, in hex (lowercase is what Node's `digest('hex')` writes; case does not matter here),
 * compared in constant time.
 */
export function signatureMatches(secret: string, pid: string, signature: string): boolean {
  // A value that is not 64 hex digits cannot match (and timingSafeEqual needs equal lengths).
  if (!HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(pid).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The longest an expiring signature may be valid for: a site cannot sign a pid for good this way. */
export const SIGNATURE_MAX_LIFETIME_S = 30 * 24 * 60 * 60;

/** `e=<unix seconds>,v1=<hex>`: a signature that stops working at `e` (as Stripe signs its webhooks). */
const EXPIRING = /^e=(\d{1,12}),v1=([0-9a-f]{64})$/i;

/**
 * What the expiring form signs: `<expiry>.<pid>`. The plain form never vouches for a pid of this
 * shape, so the two forms sign disjoint texts (an expired signature is not a plain one of
 * `"<expiry>.<pid>"`).
 */
const EXPIRING_TEXT = /^\d{1,12}\./;

/**
 * Checks a signature in either form the host site may send: the plain one, `hex(HMAC(secret, pid))`,
 * which never expires (kept for sites that sign that way) and is refused for a pid that starts with
 * digits and a dot, or the expiring one, `e=<expiry, unix seconds>,v1=hex(HMAC(secret, "<expiry>.<pid>"))`,
 * refused after its expiry and when the expiry is more than 30 days ahead. Answers why it is
 * refused, or undefined when it holds.
 */
export function signatureProblem(
  secret: string,
  pid: string,
  signature: string,
  nowMs: number,
): string | undefined {
  const expiring = EXPIRING.exec(signature);
  if (!expiring) {
    if (EXPIRING_TEXT.test(pid)) {
      return 'a pid that starts with digits and a dot is signed only in the expiring form (e=<expiry>,v1=<hex>)';
    }
    return signatureMatches(secret, pid, signature) ? undefined : 'pidSignature does not match pid';
  }
  const [, expiry = '', hex = ''] = expiring;
  if (!signatureMatches(secret, `${expiry}.${pid}`, hex)) return 'pidSignature does not match pid';
  const expiresMs = Number(expiry) * 1000;
  if (expiresMs <= nowMs)
    return 'pidSignature has expired: the site signs the pid again when it renders the page';
  if (expiresMs - nowMs > SIGNATURE_MAX_LIFETIME_S * 1000) {
    return 'pidSignature expires more than 30 days ahead: sign with a nearer expiry';
  }
  return undefined;
}

/**
 * The pid chatStart may treat as verified on this channel, or null for an unverified visitor.
 * Refuses (401) what the channel's setting does not accept: on `required`, no pid, no signature or
 * a wrong or expired one; on `optional`, a wrong or expired signature. On `off` a signature is not
 * looked at.
 */
export function verifiedPid(
  channel: ChannelConfig,
  pid?: string,
  signature?: string,
  nowMs = Date.now(),
): string | null {
  const mode = channel.identity ?? 'off';
  if (mode === 'off') return null;
  const required = mode === 'required';
  if (!pid) {
    if (required)
      throw unauthorized('this channel takes verified visitors only: pid and pidSignature are missing');
    return null;
  }
  if (!signature) {
    if (required) throw unauthorized('pidSignature is missing: this channel takes verified visitors only');
    return null;
  }
  if (!channel.identitySecret) throw unauthorized('pidSignature does not match pid');
  const problem = signatureProblem(channel.identitySecret, pid, signature, nowMs);
  if (problem) throw unauthorized(problem);
  return pid;
}

/** A stored visitor as chatStart reads it. */
export interface KnownVisitor {
  verified: boolean;
  verified_pid: string | null;
}

/**
 * Whether a stored visitor id may go on under this chatStart: a verified visitor is never re-bound
 * to another pid, whether the other pid is only claimed or signed (a signed one gets a visitor of
 * its own: the stored id would give it the earlier person's history). An unverified visitor goes
 * on, and becomes verified when the signature is valid.
 */
export function keepsVisitor(visitor: KnownVisitor, claimedPid: string | undefined, verified: string | null) {
  if (!visitor.verified) return true;
  const pid = verified ?? claimedPid;
  return !pid || pid === visitor.verified_pid;
}
