import {
  describes,
  describesBody,
  describesEach,
  id,
  integer,
  list,
  object,
  oneOf,
  string,
} from '../build.js';
import { type IntegrationScope, integrationScopes } from './integration.js';
import { nullable, nullableText, strings, text } from './parts.js';

// The administrators' integration API tokens (docs/contract.md, "The integration API"): what
// `npm run admin -- token add|list|revoke` does, for the console. The token itself is answered
// once, when it is made; the server keeps only its SHA-256, and a list never holds it.

/** The longest name and bot name a token keeps, in characters. */
export const TOKEN_NAME_MAX = 100;
export const TOKEN_BOT_NAME_MAX = 80;
/** The most channels one token may be limited to. */
export const TOKEN_CHANNELS_MAX = 100;

/** A token as an administrator sees it: never the token itself. */
export interface IntegrationTokenView {
  id: string;
  name: string;
  scopes: IntegrationScope[];
  /** The channels it is limited to; null: every channel. */
  channels: string[] | null;
  /** The agent its messages are posted as, if any. */
  agent: { id: string; username: string } | null;
  /** The bot name its messages are posted with, if any (never with an agent). */
  botName: string | null;
  createdAt: number;
  /** When a call last used it (noted once a minute at most); null: never. */
  lastUsedAt: number | null;
  /** null: live. */
  revokedAt: number | null;
}

/**
 * A token to make: its name, some of `integrationScopes`, the channels it is limited to (none:
 * every channel), and whom it posts as, an agent (by username) or a bot's name, never both;
 * `messages:write` needs one of them.
 */
export interface IntegrationTokenInput {
  name: string;
  scopes: IntegrationScope[];
  channels?: string[];
  agentUsername?: string;
  botName?: string;
}

/** The token calls, part of `AgentCalls`: administrators only (403 for anyone else). */
export interface TokenCalls {
  /** Every token, live and revoked, oldest first, without the tokens themselves. */
  integrationTokens: { answer: IntegrationTokenView[] };
  /** A new token: `secret` is the token itself, answered this once. */
  addIntegrationToken: {
    body: IntegrationTokenInput;
    answer: { token: IntegrationTokenView; secret: string };
  };
  /** Refuses the token from the next call on, on every instance; it stays listed as revoked. */
  revokeIntegrationToken: { params: { tokenId: string }; answer: IntegrationTokenView };
}

export const integrationTokenInputSchema = describesBody<IntegrationTokenInput>()(
  object(
    {
      name: string({ minLength: 1, maxLength: TOKEN_NAME_MAX }),
      scopes: list(oneOf(integrationScopes), { minItems: 1, maxItems: integrationScopes.length }),
      channels: list(string({ minLength: 1, maxLength: 128 }), { maxItems: TOKEN_CHANNELS_MAX }),
      agentUsername: string({ minLength: 1, maxLength: 100 }),
      botName: string({ minLength: 1, maxLength: TOKEN_BOT_NAME_MAX }),
    },
    ['name', 'scopes'],
  ),
);

export const integrationTokenSchema = describes<IntegrationTokenView>()(
  object(
    {
      id,
      name: text,
      scopes: list(oneOf(integrationScopes)),
      channels: nullable(strings),
      agent: nullable(object({ id, username: text }, ['id', 'username'])),
      botName: nullableText,
      createdAt: integer(),
      lastUsedAt: nullable(integer()),
      revokedAt: nullable(integer()),
    },
    ['id', 'name', 'scopes', 'channels', 'agent', 'botName', 'createdAt', 'lastUsedAt', 'revokedAt'],
  ),
);

export const tokenAnswerSchemas = describesEach<{ [N in keyof TokenCalls]: TokenCalls[N]['answer'] }>()({
  integrationTokens: list(integrationTokenSchema),
  addIntegrationToken: object({ token: integrationTokenSchema, secret: text }, ['token', 'secret']),
  revokeIntegrationToken: integrationTokenSchema,
});
