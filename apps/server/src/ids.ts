import { randomBytes } from 'node:crypto';

/** An unguessable id: 128 random bits, base64url (22 characters). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}
