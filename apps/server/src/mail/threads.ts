import { createHmac } from 'node:crypto';
import type { Db } from '../db/types.js';
import { randomId } from '../ids.js';

// What ties a mail Parley sent to the conversation it came from, so a reply finds its way back:
// each mail's Message-ID and its reply address carry the mail's number and a tag signed with a
// secret of this server's, never a conversation id someone could guess or copy.

/** The server's mail secret, made once and kept in the database (every instance signs alike). */
export async function mailSecret(db: Db): Promise<string> {
  await db.query(
    `insert into settings (key, value) values ('mail_secret', $1) on conflict (key) do nothing`,
    [randomId() + randomId()],
  );
  const [row] = await db.query<{ value: string }>(`select value from settings where key = 'mail_secret'`);
  return row?.value ?? '';
}

/** A mail's tag: 12 hex digits of an HMAC of its number (lower case survives any mail system). */
export const mailTag = (secret: string, mailId: string | number): string =>
  createHmac('sha256', secret).update(`mail:${mailId}`).digest('hex').slice(0, 12);

/** A mail's Message-ID on the sender's domain: `<mail.42.0a1b2c3d4e5f@acme.example>`. */
export const mailMessageId = (secret: string, mailId: string | number, domain: string): string =>
  `<mail.${mailId}.${mailTag(secret, mailId)}@${domain}>`;

/** The address a reply to mail `mailId` goes to: `support+42.0a1b2c3d4e5f@acme.example`. */
export function replyAddress(secret: string, mailId: string | number, inbound: string): string {
  const [local, domain] = splitAddress(inbound);
  return `${local}+${mailId}.${mailTag(secret, mailId)}@${domain}`;
}

/** An address's local part and domain (the domain lower-cased). */
export function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return [address.slice(0, at), address.slice(at + 1).toLowerCase()];
}

/**
 * The mails of ours a reply names, each only when its tag is right: in its recipients' plus part
 * (`support+42.<tag>@`) and in its In-Reply-To and References (`<mail.42.<tag>@...>`), latest first.
 */
export function mailsNamed(
  secret: string,
  recipients: readonly string[],
  threadIds: readonly string[],
): string[] {
  const found: string[] = [];
  const take = (id: string | undefined, tag: string | undefined) => {
    if (id && tag && tag.toLowerCase() === mailTag(secret, id) && !found.includes(id)) found.push(id);
  };
  for (const recipient of recipients) {
    const plus = /\+(\d{1,15})\.([0-9a-f]{12})@/i.exec(recipient);
    take(plus?.[1], plus?.[2]);
  }
  for (const id of [...threadIds].reverse()) {
    const ours = /^<?mail\.(\d{1,15})\.([0-9a-f]{12})@/i.exec(id.trim());
    take(ours?.[1], ours?.[2]);
  }
  return found;
}
