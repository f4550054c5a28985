import { parseArgs } from 'node:util';
import { integrationScopes } from '@parley/chat-protocol';
import { createToken, listTokens, revokeToken, TokenError } from '../integration/tokens.js';
import { type AdminContext, AdminError } from './commands.js';

export const TOKEN_USAGE = `  token add <name> --scopes <scope,scope> [--channels <id,id>] [--as-agent <username> | --as-bot <name>]
                                                    an integration API token, shown once; scopes:
                                                    ${integrationScopes.join(', ')}
  token list
  token revoke <token-id>                           refused from the next call on`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `npm run admin -- token ...`: integration API tokens. */
export async function runTokenAdmin(verb: string | undefined, args: string[], context: AdminContext) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      scopes: { type: 'string' },
      channels: { type: 'string' },
      'as-agent': { type: 'string' },
      'as-bot': { type: 'string' },
    },
  });
  const target = positionals[0];
  const now = (context.now ?? Date.now)();
  if (verb === 'add') {
    if (!target) throw new AdminError('token add needs <name>');
    try {
      const { token, record } = await createToken(
        context.db,
        {
          name: target,
          scopes: list(values.scopes),
          channels: list(values.channels),
          agentUsername: values['as-agent'],
          botName: values['as-bot'],
        },
        { by: null, now },
      );
      const as = values['as-agent']
        ? ` as agent ${values['as-agent']}`
        : record.botName
          ? ` as bot ${record.botName}`
          : '';
      context.out(`token ${record.id} (${record.name}) added: ${record.scopes.join(', ')}${as}`);
      context.out(`token (shown once; stored only as its SHA-256): ${token}`);
    } catch (error) {
      if (error instanceof TokenError) throw new AdminError(error.message);
      throw error;
    }
    return;
  }
  if (verb === 'list') {
    for (const token of await listTokens(context.db)) {
      const state = token.revokedAt ? `revoked ${new Date(token.revokedAt).toISOString()}` : 'active';
      const used = token.lastUsedAt ? new Date(token.lastUsedAt).toISOString() : 'never used';
      context.out(
        `${token.id}\t${token.name}\t${token.scopes.join(',')}\t${token.channels?.join(',') ?? '*'}\t${state}\t${used}`,
      );
    }
    return;
  }
  if (verb === 'revoke') {
    if (!target || !(await revokeToken(context.db, target, { by: null, now })))
      throw new AdminError(`no token ${target ?? ''}`);
    context.out(`token ${target} revoked: refused from the next call on`);
    return;
  }
  throw new AdminError(`token commands:\n${TOKEN_USAGE}`);
}
