import { parseArgs } from 'node:util';
import type { ChannelConfig } from '../conversation/domain.js';
import type { Db } from '../db/types.js';
import { randomId } from '../ids.js';
import { hashPassword } from '../passwords.js';
import { channelIdentity, normaliseChannel, type SeedChannel, saveChannel } from '../seed.js';
import { chatCount } from '../words.js';
import { madeUpPassword, markDisabled, signOutEverywhere } from './agents.js';
import { fieldChanges, recordChange } from './changes.js';
import { flatChannel } from './channels.js';
import { KNOWLEDGE_USAGE, knowledgeCommand } from './knowledge.js';
import { MAIL_USAGE, runAgentEmail } from './mail.js';
import { runTokenAdmin, TOKEN_USAGE } from './tokens.js';
import { runWebhookAdmin, WEBHOOK_USAGE } from './webhooks.js';

/** What a command may use: the database, where to write, and how to read a secret typed in. */
export interface AdminContext {
  db: Db;
  out: (line: string) => void;
  /** The password piped to stdin (`--password-stdin`). */
  readStdin: () => Promise<string>;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

export const USAGE = `Parley server administration: npm run admin -- <command> (on the server's database: DATABASE_URL, or DATA_DIR with the
embedded database, which only one process may open: stop the server first).

  agent add <username> --nick <name> --channels <id,id> [--capacity <n>] [--groups <id,id>]
                       [--avatar <url>] [--role agent|admin] [--password-stdin]
  agent role <username> agent|admin                 an admin also manages agents, channels, team replies
                                                    and reports from the console
  agent password <username> [--password-stdin]     set a new password; signs the agent out everywhere
  agent disable <username>                          sign out everywhere and refuse every login and token
  agent enable <username>                           let a disabled agent log in again
  agent list
  channel create <id> --tenant <id> [--info <json>] [--sites <origin,origin>]
                       [--identity off|optional|required --identity-secret-env <VAR>]
  channel update <id> [--tenant <id>] [--info <json>] [--sites <origin,origin>]
                       [--identity ... --identity-secret-env <VAR>] [--robot-llm <json>|off]
                       --robot-llm: the robot answers with a language model, e.g.
                       '{"baseUrl":"http://localhost:11434/v1","model":"qwen3:4b"}' (off: the keyword robot)
  channel list
${KNOWLEDGE_USAGE}
${MAIL_USAGE}
${WEBHOOK_USAGE}
${TOKEN_USAGE}

Without --password-stdin a random password is made and shown once. Passwords are stored only as
scrypt hashes. Running servers on PostgreSQL read a channel change at once; with the embedded
database, stop the server first (one process may open it).`;

export class AdminError extends Error {}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Runs one admin command; throws AdminError with a message for the operator on bad input. */
export async function runAdmin(argv: string[], context: AdminContext): Promise<void> {
  const [noun, verb, ...rest] = argv;
  if (noun === 'webhook') return runWebhookAdmin(verb, rest, context);
  if (noun === 'token') return runTokenAdmin(verb, rest, context);
  if (noun === 'agent' && verb === 'email') return runAgentEmail(rest, context);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      nick: { type: 'string' },
      channels: { type: 'string' },
      groups: { type: 'string' },
      capacity: { type: 'string' },
      avatar: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      tenant: { type: 'string' },
      info: { type: 'string' },
      sites: { type: 'string' },
      identity: { type: 'string' },
      'identity-secret-env': { type: 'string' },
      name: { type: 'string' },
      link: { type: 'string' },
      'robot-llm': { type: 'string' },
    },
  });
  const name = positionals[0];
  const now = (context.now ?? Date.now)();
  const password = async () => {
    if (values['password-stdin']) {
      const typed = (await context.readStdin()).replace(/\r?\n$/, '');
      if (typed.length < 8) throw new AdminError('the password needs at least 8 characters');
      return { password: typed, shown: false };
    }
    return { password: madeUpPassword(), shown: true };
  };

  if (noun === 'agent' && verb === 'add') {
    if (!name || !values.nick || !values.channels) {
      throw new AdminError('agent add needs <username>, --nick and --channels');
    }
    const role = roleOption(values.role ?? 'agent');
    const capacity = values.capacity === undefined ? 1 : Number(values.capacity);
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new AdminError('--capacity is a whole number, 0 or more');
    const [taken] = await context.db.query('select 1 from agents where username = $1', [name]);
    if (taken) throw new AdminError(`an agent named ${name} exists: use "agent password" to reset it`);
    const secret = await password();
    const passwordHash = await hashPassword(secret.password);
    const fields = {
      username: name,
      nick: values.nick,
      role,
      channels: list(values.channels),
      groups: list(values.groups),
      capacity,
      avatar: values.avatar ?? null,
    };
    await context.db.transaction(async (tx) => {
      const id = randomId();
      await tx.query(
        `insert into agents (id, username, nick, avatar, password_hash, capacity, channels, groups, role, online,
           updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10)`,
        [
          id,
          name,
          fields.nick,
          fields.avatar,
          passwordHash,
          capacity,
          JSON.stringify(fields.channels),
          JSON.stringify(fields.groups),
          role,
          now,
        ],
      );
      await recordChange(tx, {
        by: null,
        kind: 'agentAdded',
        target: id,
        changes: fieldChanges({}, fields),
        at: now,
      });
    });
    context.out(
      `agent ${name} added (${values.nick}, ${chatCount(capacity)}, channels ${list(values.channels).join(', ')})`,
    );
    if (secret.shown) context.out(`password (shown once): ${secret.password}`);
    return;
  }

  if (noun === 'agent' && verb === 'password') {
    if (!name) throw new AdminError('agent password needs <username>');
    const secret = await password();
    const passwordHash = await hashPassword(secret.password);
    await context.db.transaction(async (tx) => {
      const [agent] = await tx.query<{ id: string }>(
        'update agents set password_hash = $2, updated_at = $3 where username = $1 returning id',
        [name, passwordHash, now],
      );
      if (!agent) throw new AdminError(`no agent named ${name}`);
      await signOutEverywhere(tx, agent.id);
      await recordChange(tx, { by: null, kind: 'agentPassword', target: agent.id, at: now });
    });
    context.out(`password of ${name} changed; signed out everywhere`);
    if (secret.shown) context.out(`password (shown once): ${secret.password}`);
    return;
  }

  if (noun === 'agent' && verb === 'role') {
    if (!name) throw new AdminError('agent role needs <username> agent|admin');
    const role = roleOption(positionals[1]);
    await context.db.transaction(async (tx) => {
      const [agent] = await tx.query<{ id: string; role: string }>(
        'select id, role from agents where username = $1 for update',
        [name],
      );
      if (!agent) throw new AdminError(`no agent named ${name}`);
      if (agent.role === role) return;
      await tx.query('update agents set role = $2, updated_at = $3 where id = $1', [agent.id, role, now]);
      await recordChange(tx, {
        by: null,
        kind: 'agentChanged',
        target: agent.id,
        changes: { role: { from: agent.role, to: role } },
        at: now,
      });
    });
    context.out(`agent ${name} is ${role === 'admin' ? 'an administrator' : 'an agent'}`);
    return;
  }

  if (noun === 'agent' && (verb === 'disable' || verb === 'enable')) {
    if (!name) throw new AdminError(`agent ${verb} needs <username>`);
    const disabling = verb === 'disable';
    // The command line may disable the last administrator: it is where access is given back.
    const agent = await context.db.transaction(async (tx) => {
      const [agent] = await tx.query<{ id: string }>('select id from agents where username = $1 for update', [
        name,
      ]);
      if (!agent) throw new AdminError(`no agent named ${name}`);
      if (await markDisabled(tx, agent.id, disabling, now)) {
        await recordChange(tx, {
          by: null,
          kind: disabling ? 'agentDisabled' : 'agentEnabled',
          target: agent.id,
          at: now,
        });
      }
      return agent;
    });
    if (!disabling) {
      context.out(`agent ${name} enabled: they may log in again`);
      return;
    }
    const [open] = await context.db.query<{ count: number | string }>(
      'select count(*) as count from sessions where admin_id = $1 and closed_at is null',
      [agent.id],
    );
    context.out(`agent ${name} disabled: signed out everywhere; every login and token is refused`);
    if (Number(open?.count) > 0) {
      context.out(
        `${open?.count} open chat(s) stay with ${name} in the record; they end when the visitor leaves or times out`,
      );
    }
    return;
  }

  if (noun === 'agent' && verb === 'list') {
    const rows = await context.db.query<{
      username: string;
      nick: string;
      capacity: number;
      channels: string[];
      online: boolean;
      disabled: boolean;
    }>(
      'select username, nick, capacity, channels, online, disabled_at is not null as disabled from agents order by username',
    );
    for (const row of rows) {
      const state = row.disabled ? 'disabled' : row.online ? 'online' : 'offline';
      context.out(
        `${row.username}\t${row.nick}\t${chatCount(row.capacity)}\t${row.channels.join(',')}\t${state}`,
      );
    }
    return;
  }

  if (noun === 'channel' && (verb === 'create' || verb === 'update')) {
    if (!name) throw new AdminError(`channel ${verb} needs <id>`);
    const [existing] = await context.db.query<{
      config: ChannelConfig;
      identity: string;
      identity_secret: string | null;
    }>('select config, identity, identity_secret from channels where id = $1', [name]);
    if (verb === 'create' && existing) throw new AdminError(`channel ${name} exists: use "channel update"`);
    if (verb === 'update' && !existing) throw new AdminError(`no channel ${name}`);
    let info: Record<string, unknown> = {};
    if (values.info !== undefined) {
      try {
        info = JSON.parse(values.info);
      } catch {
        throw new AdminError('--info is a JSON object of channel settings (spec: channelInfo fields)');
      }
      if (typeof info !== 'object' || info === null || Array.isArray(info)) {
        throw new AdminError('--info is a JSON object of channel settings (spec: channelInfo fields)');
      }
    }
    const robot = robotOption(values['robot-llm'], existing?.config.robot);
    const tenantId = values.tenant ?? existing?.config.tenantId;
    if (!tenantId) throw new AdminError('channel create needs --tenant');
    const channel: SeedChannel = {
      ...(existing?.config ?? {}),
      id: name,
      tenantId,
      info: { ...(existing?.config.info ?? {}), ...info },
      ...(robot && { robot }),
      ...(values.sites !== undefined && { sites: list(values.sites) }),
      identity: (values.identity ?? existing?.identity ?? 'off') as SeedChannel['identity'],
      ...(values['identity-secret-env'] && { identitySecretEnv: values['identity-secret-env'] }),
      ...(!values['identity-secret-env'] &&
        existing?.identity_secret && { identitySecret: existing.identity_secret }),
    };
    let config: ChannelConfig;
    let identity: ReturnType<typeof channelIdentity>;
    try {
      config = normaliseChannel(channel);
      identity = channelIdentity(channel, context.env ?? process.env);
    } catch (error) {
      throw new AdminError((error as Error).message);
    }
    await saveChannel(context.db, name, config, identity, now, (tx) =>
      recordChange(tx, {
        by: null,
        kind: existing ? 'channelChanged' : 'channelAdded',
        target: name,
        changes: fieldChanges(existing ? flatChannel(existing.config) : {}, flatChannel(config)),
        at: now,
      }),
    );
    context.out(
      `channel ${name} ${verb === 'create' ? 'created' : 'updated'} (tenant ${tenantId}, identity ${identity.identity})`,
    );
    return;
  }

  if (noun === 'channel' && verb === 'list') {
    const rows = await context.db.query<{
      id: string;
      tenant_id: string;
      identity: string;
      config: ChannelConfig;
    }>('select id, tenant_id, identity, config from channels order by id');
    for (const row of rows) {
      context.out(
        `${row.id}\t${row.tenant_id}\tidentity ${row.identity}\tsites ${(row.config.sites ?? []).join(',') || '-'}`,
      );
    }
    return;
  }

  if (noun === 'knowledge') {
    await knowledgeCommand(verb, positionals, values, context, now);
    return;
  }

  throw new AdminError(USAGE);
}

/** An agent's role as the operator typed it. */
function roleOption(given: string | undefined): 'agent' | 'admin' {
  if (given === 'agent' || given === 'admin') return given;
  throw new AdminError('the role is agent or admin');
}

/** The channel's robot after `--robot-llm <json>|off`, or undefined when the option is absent. */
function robotOption(given: string | undefined, robot: ChannelConfig['robot']): ChannelConfig['robot'] {
  if (given === undefined) return undefined;
  const keywords = { answers: [], fallback: '', ...robot };
  if (given === 'off') return { ...keywords, kind: 'keywords' };
  try {
    return { ...keywords, kind: 'llm', llm: JSON.parse(given) };
  } catch {
    throw new AdminError('--robot-llm is a JSON object ({"baseUrl": ..., "model": ...}) or off');
  }
}
