import {
  type AdminChannel,
  CHANNEL_TEXT_FIELDS,
  type ChannelSettings,
  type ChannelTexts,
  type WorkingHours,
} from '@parley/chat-protocol';
import type { ChannelConfig, IdentityMode } from '../conversation/domain.js';
import { DEFAULT_REPLY_TARGET_MS } from '../conversation/inbox.js';
import { channelGroups } from '../conversation/routing.js';
import { announceChannelChange, type ConversationStore } from '../conversation/store.js';
import type { Queryable } from '../db/types.js';
import { badRequest, notFound } from '../errors.js';
import { siteOrigin } from '../seed.js';
import type { ChangeContext } from './agents.js';
import { fieldChanges, recordChange } from './changes.js';

// A channel's settings as administrators change them from the console: the texts and switches of
// channelInfo operators change most, the reply target, the working hours and the embedding sites.
// The rest of a channel (FAQ tree, forms, departments, tips, the robot, identity) stays as the seed
// or `npm run admin -- channel ...` set it.

interface ChannelRow {
  id: string;
  tenant_id: string;
  identity: IdentityMode;
  config: ChannelConfig;
  updated_at: number | string;
}

const modeOf = (value: unknown): 0 | 1 => (Number(value) === 1 ? 1 : 0);

/** The settings the console edits, as a channel holds them (defaults where it names none). */
export function channelSettings(config: ChannelConfig): ChannelSettings {
  const info = Object.fromEntries(
    CHANNEL_TEXT_FIELDS.map((field) => {
      const value = config.info[field];
      if (field === 'receiveMode') return [field, value === 0 ? 0 : 3];
      if (field.endsWith('Mode')) return [field, modeOf(value)];
      return [field, typeof value === 'string' ? value : value == null ? '' : String(value)];
    }),
  ) as unknown as ChannelTexts;
  const hours = config.workingHours;
  return {
    info,
    replyTargetMs: config.replyTargetMs ?? DEFAULT_REPLY_TARGET_MS,
    workingHours: hours ? { timeZone: hours.timeZone ?? 'UTC', windows: hours.windows } : null,
    sites: config.sites ?? [],
  };
}

const toAdminChannel = (row: ChannelRow): AdminChannel => ({
  id: row.id,
  tenantId: row.tenant_id,
  identity: row.identity,
  groups: channelGroups(row.config.info.groupConfig),
  settings: channelSettings(row.config),
  updatedAt: Number(row.updated_at),
});

const SELECT_CHANNELS = 'select id, tenant_id, identity, config, updated_at from channels';

/** Every channel, by id (never an identity secret). */
export async function listChannels(db: Queryable): Promise<AdminChannel[]> {
  return (await db.query<ChannelRow>(`${SELECT_CHANNELS} order by id`)).map(toAdminChannel);
}

/**
 * A channel's stored settings as one level of fields (channelInfo's beside the rest), for the
 * record of what changed.
 */
export function flatChannel(config: ChannelConfig): Record<string, unknown> {
  const { info, id: _id, ...rest } = config;
  return { ...info, ...rest };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Working hours as stored: a time zone the server knows, windows that end after they start. */
function checkedHours(hours: WorkingHours | null): WorkingHours | undefined {
  if (!hours) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone });
  } catch {
    throw badRequest(`workingHours.timeZone: no time zone ${hours.timeZone} (e.g. Europe/Paris)`);
  }
  const windows = hours.windows.map((window, index) => {
    if (minutes(window.to) <= minutes(window.from)) {
      throw badRequest(`workingHours.windows[${index}]: "to" comes after "from" on the same day`);
    }
    return { days: [...new Set(window.days)].sort((a, b) => a - b), from: window.from, to: window.to };
  });
  return { timeZone: hours.timeZone, windows };
}

/** The embedding sites as origins, each once. */
function checkedSites(channelId: string, sites: string[]): string[] {
  try {
    return [...new Set(sites.map((site) => siteOrigin(channelId, site.trim())))];
  } catch (error) {
    throw badRequest(`sites: ${(error as Error).message}`);
  }
}

/**
 * Changes a channel's settings, records what changed, and has every instance read the channel
 * again: this one at once, the others by the channel notification (PostgreSQL). The channel's
 * other settings stay as they are.
 */
export async function updateChannel(
  store: ConversationStore,
  channelId: string,
  settings: ChannelSettings,
  context: ChangeContext,
): Promise<AdminChannel> {
  const workingHours = checkedHours(settings.workingHours);
  const sites = checkedSites(channelId, settings.sites);
  const texts = Object.fromEntries(
    Object.entries(settings.info).map(([field, value]) => [
      field,
      typeof value === 'string' ? value.trim() : value,
    ]),
  );
  const row = await store.db.transaction(async (tx) => {
    const [row] = await tx.query<ChannelRow>(`${SELECT_CHANNELS} where id = $1 for update`, [channelId]);
    if (!row) throw notFound('no such channel');
    const { workingHours: _hours, sites: _sites, ...kept } = row.config;
    const config: ChannelConfig = {
      ...kept,
      info: { ...row.config.info, ...texts },
      replyTargetMs: settings.replyTargetMs,
      ...(workingHours && { workingHours }),
      ...(sites.length > 0 && { sites }),
    };
    const changes = fieldChanges(flatChannel(row.config), flatChannel(config));
    if (Object.keys(changes).length === 0) return row;
    const [saved] = await tx.query<ChannelRow>(
      `update channels set config = $2, updated_at = $3 where id = $1
       returning id, tenant_id, identity, config, updated_at`,
      [channelId, JSON.stringify(config), context.now],
    );
    await recordChange(tx, {
      by: context.by,
      kind: 'channelChanged',
      target: channelId,
      changes,
      at: context.now,
    });
    return saved ?? row;
  });
  store.forgetChannel(channelId);
  await announceChannelChange(store.db, channelId);
  return toAdminChannel(row);
}
