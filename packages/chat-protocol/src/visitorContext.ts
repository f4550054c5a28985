import { nullable, string } from './build.js';
import type { Schema } from './schema.js';

// A module of its own, so a client that checks these three values before sending them (the engine
// does) does not bundle every request's schema.

/**
 * What chatStart may tell about the visitor's page and browser (all optional; empty is absent):
 * the page's http(s) address, a BCP 47 language tag (`de-AT`) and an IANA time zone name
 * (`Europe/Vienna`). Anything else is refused, so a client checks its values with these first.
 */
export const visitorContextSchemas = {
  pageUrl: nullable(string({ maxLength: 4000, pattern: '^(https?://|$)' })),
  language: nullable(string({ maxLength: 35, pattern: '^([A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*)?$' })),
  timeZone: nullable(string({ maxLength: 64, pattern: '^([A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*)?$' })),
} as const satisfies Record<string, Schema>;
