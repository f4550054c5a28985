import { readFileSync } from 'node:fs';
import { type ChannelConfig, IDENTITY_MODES, type IdentityMode } from './conversation/domain.js';
import { announceChannelChange } from './conversation/store.js';
import type { Db, Queryable } from './db/types.js';
import { hashPassword } from './passwords.js';
import { syncChannelKnowledge } from './robot/knowledge.js';
import { checkLlmSettings } from './robot/settings.js';

/**
 * A channel as the seed file describes it: the stored form, with `info` partial and JSON fields as
 * values or strings. Its identity secret is best named by `identitySecretEnv` (the environment
 * variable that holds it) rather than written in the file as `identitySecret`.
 */
export interface SeedChannel extends ChannelConfig {
  /** The environment variable holding the identity secret, e.g. `PARLEY_IDENTITY_SECRET_DESK`; wins over `identitySecret`. */
  identitySecretEnv?: string;
}

export interface SeedAgent {
  id: string;
  username: string;
  password: string;
  nick: string;
  avatar?: string;
  capacity: number;
  /** Channel ids this agent serves. */
  channels: string[];
  /** Group ids this agent serves; empty or absent: every group of its channels. */
  groups?: string[];
  /**
   * Whether the agent chooses to be online when first created (later starts keep the current
   * state). Online takes a live console session as well: every agent starts offline until they log in.
   */
  online?: boolean;
  welcomeMsg?: string;
  /** `admin` also edits the team's canned replies; default `agent`. */
  role?: 'agent' | 'admin';
}

export interface Seed {
  channels: SeedChannel[];
  agents: SeedAgent[];
}

const JSON_FIELDS = ['autoTip', 'faqConfig', 'userFormConfig', 'groupConfig'] as const;

const INFO_DEFAULTS: Record<string, unknown> = {
  titleDesc: '',
  receiveMode: 0,
  robotName: 'Robot',
  robotWelcomeMode: 0,
  robotWelcomeMsg: '',
  autoTip: '[]',
  msgToTransferFlag: 0,
  faqMode: 0,
  faqConfig: '[]',
  userFormMode: 0,
  userFormConfig: '',
  groupMode: 0,
  groupConfig: '[]',
  adminOfflineMode: 0,
  adminOfflineMsg: '',
  userQueueMode: 1,
  userQueueMsg: 'You are number ## in the queue.',
  unWorkingMode: 0,
  unWorkingMsg: '',
  userOverMsg: 'The chat has ended.',
  adminCloseMode: 1,
  adminCloseMsg: 'The agent has closed the chat.',
  evaluateMode: 0,
  adminTimeoutMode: 0,
  adminTimeoutTime: -1,
  adminTimeoutMsg: '',
  userTimeoutMode: 0,
  userTimeoutTime: -1,
  userTimeoutMsg: '',
};

export function readSeed(path: string): Seed {
  const seed = JSON.parse(readFileSync(path, 'utf8')) as Seed;
  if (!Array.isArray(seed.channels) || !Array.isArray(seed.agents)) {
    throw new Error(`${path}: a seed has "channels" and "agents" lists`);
  }
  for (const channel of seed.channels) {
    if (typeof channel.id !== 'string' || !channel.id) throw new Error(`${path}: a channel without an id`);
  }
  for (const agent of seed.agents) {
    if (!agent.id || !agent.username || !agent.password) {
      throw new Error(`${path}: agent ${agent.id ?? '?'} needs id, username and password`);
    }
  }
  return seed;
}

/**
 * Wire-ready channel: every ChannelInfo field present, JSON fields as JSON strings. The identity
 * setting and secret are left out: they are stored in columns of their own (see channelIdentity).
 */
export function normaliseChannel(channel: SeedChannel): ChannelConfig {
  const { identity: _mode, identitySecret: _secret, identitySecretEnv: _env, ...stored } = channel;
  const info: Record<string, unknown> = { ...INFO_DEFAULTS, ...channel.info, tenantId: channel.tenantId };
  for (const field of JSON_FIELDS) {
    const value = info[field];
    if (value !== undefined && typeof value !== 'string') info[field] = JSON.stringify(value);
  }
  info.receiveMode = info.receiveMode === 0 ? 0 : 3;
  checkRobot(channel);
  return {
    ...stored,
    ...(channel.sites && { sites: channel.sites.map((site) => siteOrigin(channel.id, site)) }),
    info,
  };
}

/** A channel's robot kind, and its language model's settings when it names one. */
function checkRobot(channel: SeedChannel): void {
  const kind = channel.robot?.kind;
  if (kind === undefined || kind === 'keywords') return;
  if (kind !== 'llm')
    throw new Error(`channel ${channel.id}: robot.kind is keywords or llm, not ${JSON.stringify(kind)}`);
  checkLlmSettings(channel.id, channel.robot?.llm);
}

/** A site of a channel as the origin a browser reports (`https://shop.example`); anything else stops the start. */
export function siteOrigin(channelId: string, site: string): string {
  try {
    const { origin, protocol } = new URL(site);
    if (protocol === 'https:' || protocol === 'http:') return origin;
  } catch {
    // reported below
  }
  throw new Error(
    `channel ${channelId}: "sites" lists web origins such as https://shop.example, not ${JSON.stringify(site)}`,
  );
}

/**
 * A seed channel's identity setting and secret, the secret read from the environment variable the
 * channel names. A channel that verifies visitors without a secret is an error: the server does
 * not start rather than take every pid as claimed.
 */
export function channelIdentity(
  channel: SeedChannel,
  env: NodeJS.ProcessEnv = process.env,
): { identity: IdentityMode; secret: string | null } {
  const identity = channel.identity ?? 'off';
  if (!IDENTITY_MODES.includes(identity)) {
    throw new Error(
      `channel ${channel.id}: "identity" is off, optional or required, not ${JSON.stringify(identity)}`,
    );
  }
  const secret =
    (channel.identitySecretEnv ? env[channel.identitySecretEnv] : channel.identitySecret) || null;
  if (identity !== 'off' && !secret) {
    throw new Error(
      channel.identitySecretEnv
        ? `channel ${channel.id}: identity "${identity}" needs a secret, and ${channel.identitySecretEnv} is not set`
        : `channel ${channel.id}: identity "${identity}" needs a secret: name its environment variable in "identitySecretEnv"`,
    );
  }
  return { identity, secret };
}

/**
 * Inserts or updates one channel (and `alsoWrite`, in the same transaction), and tells every
 * running instance to read it again (PostgreSQL: channels are cached per instance).
 */
export async function saveChannel(
  db: Db,
  id: string,
  config: ChannelConfig,
  { identity, secret }: ReturnType<typeof channelIdentity>,
  now: number,
  alsoWrite?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into channels (id, tenant_id, config, identity, identity_secret, updated_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (id) do update set tenant_id = excluded.tenant_id, config = excluded.config,
       identity = excluded.identity, identity_secret = excluded.identity_secret, updated_at = excluded.updated_at`,
      [id, config.tenantId, JSON.stringify(config), identity, secret, now],
    );
    await syncChannelKnowledge(tx, { ...config, id }, now);
    await alsoWrite?.(tx);
  });
  await announceChannelChange(db, id);
}

/** Inserts or updates every channel and agent of the seed (an operator edits the file and restarts). */
export async function applySeed(
  db: Db,
  seed: Seed,
  now = Date.now(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  // Every channel's identity is checked before anything is written.
  const identities = seed.channels.map((channel) => channelIdentity(channel, env));
  for (const [n, channel] of seed.channels.entries()) {
    const config = normaliseChannel(channel);
    const { identity, secret } = identities[n] as ReturnType<typeof channelIdentity>;
    await saveChannel(db, channel.id, config, { identity, secret }, now);
  }
  // Instances starting at once apply the same seed: one at a time, or two inserts of one agent
  // meet on the username before either sees the other's row.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['parley-seed-agents']);
    for (const agent of seed.agents) {
      const [existing] = await tx.query<{ password_hash: string }>(
        'select password_hash from agents where id = $1',
        [agent.id],
      );
      // The seed's password only creates an agent: a password an operator has since changed stays.
      const passwordHash = existing ? existing.password_hash : await hashPassword(agent.password);
      await tx.query(
        `insert into agents (id, username, nick, avatar, password_hash, capacity, channels, groups, welcome_msg,
           online, updated_at, role)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (id) do update set username = excluded.username, nick = excluded.nick,
           avatar = excluded.avatar, password_hash = excluded.password_hash, capacity = excluded.capacity,
           channels = excluded.channels, groups = excluded.groups, welcome_msg = excluded.welcome_msg,
           updated_at = excluded.updated_at, role = excluded.role`,
        [
          agent.id,
          agent.username,
          agent.nick,
          agent.avatar ?? null,
          passwordHash,
          agent.capacity,
          JSON.stringify(agent.channels),
          JSON.stringify(agent.groups ?? []),
          agent.welcomeMsg ?? null,
          agent.online ?? false,
          now,
          agent.role ?? 'agent',
        ],
      );
    }
  });
}
