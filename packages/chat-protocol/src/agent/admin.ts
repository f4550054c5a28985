import {
  boolean,
  describes,
  describesBody,
  describesEach,
  id,
  integer,
  list,
  number,
  object,
  oneOf,
  string,
} from '../build.js';
import type { Schema } from '../schema.js';
import { nullable, nullableText, strings, text, time } from './parts.js';

// The administration (docs/contract.md, "Administration"): what an administrator changes from the
// console that `npm run admin` changes from the command line: the agents, and the settings of a
// channel that operators change most. Every call is an administrator's (403 for anyone else) and
// every change is recorded with who made it and when.

/** What an agent may do: an `admin` also edits the team's canned replies, agents and channels. */
export const AGENT_ROLES = ['agent', 'admin'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/** The most chats one agent takes at once. */
export const AGENT_CAPACITY_MAX = 100;
/** The shortest password the server keeps. */
export const PASSWORD_MIN = 8;
/** The longest of a channel's texts shown to visitors (welcome, offline, queue, closed...). */
export const CHANNEL_TEXT_MAX = 2000;
/** A channel's reply target, ms: from a minute to a week. */
export const REPLY_TARGET_MIN_MS = 60_000;
export const REPLY_TARGET_MAX_MS = 7 * 24 * 60 * 60_000;
/** The most opening windows and embedding sites a channel keeps. */
export const WORKING_WINDOWS_MAX = 28;
export const SITES_MAX = 50;

/** An agent as an administrator sees it (never a password or its hash). */
export interface AdminAgent {
  id: string;
  username: string;
  nick: string;
  avatar: string | null;
  role: AgentRole;
  capacity: number;
  channels: string[];
  /** The departments (group ids of their channels) they serve; empty: every group. */
  groups: string[];
  online: boolean;
  away: boolean;
  /** Refused at login and by any token they held; their record and chats stay. */
  disabled: boolean;
  /** Chats they have open now. */
  openChats: number;
}

/** An agent's fields an administrator sets. */
export interface AgentFields {
  /** What they log in with: no spaces. */
  username: string;
  /** The name visitors and colleagues see. */
  nick: string;
  role: AgentRole;
  channels: string[];
  groups: string[];
  capacity: number;
  /** An http(s) address or a path on this server; null or absent: none. */
  avatar?: string | null;
}

/** One opening window: on these weekdays (0 = Sunday), from `from` to `to` (HH:MM, local time). */
export interface WorkingWindow {
  days: number[];
  from: string;
  /** Up to `24:00`; a window ends the day it starts. */
  to: string;
}

/** When a channel is open. */
export interface WorkingHours {
  /** An IANA time zone, e.g. `Europe/Paris`. */
  timeZone: string;
  /** No window: the channel is never open. */
  windows: WorkingWindow[];
}

/**
 * The channelInfo fields an administrator edits from the console, by their wire names (0 off,
 * 1 on; `receiveMode` 0 robot first, 3 human first). The other channelInfo fields (the FAQ tree,
 * forms, departments, tips) stay as the seed or `npm run admin -- channel update --info` set them.
 */
export interface ChannelTexts {
  titleDesc: string;
  receiveMode: 0 | 3;
  robotName: string;
  robotWelcomeMode: 0 | 1;
  robotWelcomeMsg: string;
  adminOfflineMode: 0 | 1;
  adminOfflineMsg: string;
  userQueueMode: 0 | 1;
  /** `##` stands for the visitor's place in the queue. */
  userQueueMsg: string;
  unWorkingMode: 0 | 1;
  unWorkingMsg: string;
  userOverMsg: string;
  adminCloseMode: 0 | 1;
  adminCloseMsg: string;
  /** Ask the visitor to rate the chat when it ends. */
  evaluateMode: 0 | 1;
}

/** A channel's settings an administrator edits. */
export interface ChannelSettings {
  info: ChannelTexts;
  /** How soon the team aims to answer, ms: the inbox marks a longer wait; the first screen says it until replies are measured. */
  replyTargetMs: number;
  /** null: always open. */
  workingHours: WorkingHours | null;
  /** The sites that embed the chat, as origins (`https://shop.example`). */
  sites: string[];
}

/**
 * A channel's settings as stored: the modes read as any integer, since the seed or the command line
 * may have set a value the console does not offer (it is refused only if sent back unchanged).
 */
export interface StoredChannelSettings extends Omit<ChannelSettings, 'info'> {
  info: { [K in keyof ChannelTexts]: ChannelTexts[K] extends string ? string : number };
}

/** A channel as an administrator sees it (never its identity secret). */
export interface AdminChannel {
  id: string;
  tenantId: string;
  /** Verified visitor identity (set from the command line, with its secret). */
  identity: 'off' | 'optional' | 'required';
  /** Its departments, for an agent's `groups`. */
  groups: { groupId: string; groupName: string }[];
  settings: StoredChannelSettings;
  updatedAt: number;
}

/** What an administrator change was. */
export const ADMIN_CHANGE_KINDS = [
  'agentAdded',
  'agentChanged',
  'agentDisabled',
  'agentEnabled',
  'agentPassword',
  'channelAdded',
  'channelChanged',
  'tokenAdded',
  'tokenRevoked',
] as const;
export type AdminChangeKind = (typeof ADMIN_CHANGE_KINDS)[number];

/** One recorded change: who (null: the command line), when, what and on which agent, channel or token. */
export interface AdminChange {
  id: string;
  kind: AdminChangeKind;
  /** The agent's, the channel's or the integration token's id. */
  target: string;
  by: { id: string; nick: string } | null;
  /** The fields that changed, each `{ from, to }` (a password or a token never). */
  changes: Record<string, { from: unknown; to: unknown }>;
  time: number;
}

/** The administration's calls, part of `AgentCalls`. */
export interface AdminCalls {
  adminAgents: { answer: AdminAgent[] };
  addAgent: {
    /** Without `password` the server makes one and answers it, once. */
    body: AgentFields & { password?: string };
    answer: { agent: AdminAgent; password: string | null };
  };
  updateAgent: { params: { agentId: string }; body: AgentFields; answer: AdminAgent };
  /** Signs the agent out everywhere and refuses their logins and tokens. */
  disableAgent: { params: { agentId: string }; answer: AdminAgent };
  enableAgent: { params: { agentId: string }; answer: AdminAgent };
  /** Sets a new password (made by the server when none is given) and signs the agent out everywhere. */
  resetPassword: {
    params: { agentId: string };
    body: { password?: string };
    answer: { password: string | null };
  };
  adminChannels: { answer: AdminChannel[] };
  updateChannel: { params: { channelId: string }; body: ChannelSettings; answer: AdminChannel };
  /** The latest changes first, 100 a page; `before`: the last id of the page before. */
  adminChanges: { query: { before?: string }; answer: AdminChange[] };
}

// Request parts.

const limitedText = (maxLength: number, minLength = 0): Schema<string> =>
  string({ maxLength, ...(minLength > 0 && { minLength }) });
const channelId = limitedText(128, 1);
const switchMode = oneOf([0, 1] as const);
const clock = (latest: string): Schema<string> =>
  string({ pattern: `^(([01]\\d|2[0-3]):[0-5]\\d${latest})$` });

const agentFields = {
  username: string({ minLength: 1, maxLength: 100, pattern: '^\\S+$' }),
  nick: limitedText(80, 1),
  role: oneOf(AGENT_ROLES),
  channels: list(channelId, { maxItems: 100 }),
  groups: list(limitedText(128, 1), { maxItems: 100 }),
  capacity: integer({ minimum: 0, maximum: AGENT_CAPACITY_MAX }),
  avatar: nullable(string({ maxLength: 2048, pattern: '^(https?://|/(?!/))\\S*$' })),
};
const agentRequired = ['username', 'nick', 'role', 'channels', 'groups', 'capacity'] as const;
const password = limitedText(200, PASSWORD_MIN);

/** An agent to add: the fields, and an optional password. */
export const addAgentSchema = describesBody<AdminCalls['addAgent']['body']>()(
  object({ ...agentFields, password }, agentRequired),
);
/** An agent's fields, every one given. */
export const agentFieldsSchema = describesBody<AgentFields>()(object(agentFields, agentRequired));
export const resetPasswordSchema = describesBody<AdminCalls['resetPassword']['body']>()(object({ password }));

const textsFields = {
  titleDesc: limitedText(200),
  receiveMode: oneOf([0, 3] as const),
  robotName: limitedText(80),
  robotWelcomeMode: switchMode,
  robotWelcomeMsg: limitedText(CHANNEL_TEXT_MAX),
  adminOfflineMode: switchMode,
  adminOfflineMsg: limitedText(CHANNEL_TEXT_MAX),
  userQueueMode: switchMode,
  userQueueMsg: limitedText(CHANNEL_TEXT_MAX),
  unWorkingMode: switchMode,
  unWorkingMsg: limitedText(CHANNEL_TEXT_MAX),
  userOverMsg: limitedText(CHANNEL_TEXT_MAX),
  adminCloseMode: switchMode,
  adminCloseMsg: limitedText(CHANNEL_TEXT_MAX),
  evaluateMode: switchMode,
};
/** The channelInfo fields the console edits, in its order. */
export const CHANNEL_TEXT_FIELDS = Object.keys(textsFields) as (keyof ChannelTexts)[];

/**
 * A channel's stored texts as the console edits them: a mode the console does not offer (set by
 * the seed or the command line) shows as off, and `receiveMode` other than 3 as robot first, so a
 * save sends values the server takes.
 *
 * @example
 * editableTexts({ ...stored, evaluateMode: 2 }).evaluateMode // 0
 */
export function editableTexts(stored: StoredChannelSettings['info']): ChannelTexts {
  const on = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
  return {
    ...stored,
    receiveMode: stored.receiveMode === 3 ? 3 : 0,
    robotWelcomeMode: on(stored.robotWelcomeMode),
    adminOfflineMode: on(stored.adminOfflineMode),
    userQueueMode: on(stored.userQueueMode),
    unWorkingMode: on(stored.unWorkingMode),
    adminCloseMode: on(stored.adminCloseMode),
    evaluateMode: on(stored.evaluateMode),
  };
}

const workingWindow = describes<WorkingWindow>()(
  object(
    {
      days: list(integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7 }),
      from: clock(''),
      to: clock('|24:00'),
    },
    ['days', 'from', 'to'],
  ),
);
const workingHours = describes<WorkingHours>()(
  object({ timeZone: limitedText(64, 1), windows: list(workingWindow, { maxItems: WORKING_WINDOWS_MAX }) }, [
    'timeZone',
    'windows',
  ]),
);

/** A channel's settings, every one given. */
export const channelSettingsSchema = describesBody<ChannelSettings>()(
  object(
    {
      info: describes<ChannelTexts>()(object(textsFields, CHANNEL_TEXT_FIELDS)),
      replyTargetMs: integer({ minimum: REPLY_TARGET_MIN_MS, maximum: REPLY_TARGET_MAX_MS }),
      workingHours: nullable(workingHours),
      sites: list(limitedText(2048, 1), { maxItems: SITES_MAX }),
    },
    ['info', 'replyTargetMs', 'workingHours', 'sites'],
  ),
);

// Answer parts.

const adminAgent = describes<AdminAgent>()(
  object(
    {
      id,
      username: text,
      nick: text,
      avatar: nullableText,
      role: oneOf(AGENT_ROLES),
      capacity: integer(),
      channels: strings,
      groups: strings,
      online: boolean,
      away: boolean,
      disabled: boolean,
      openChats: integer(),
    },
    [
      'id',
      'username',
      'nick',
      'avatar',
      'role',
      'capacity',
      'channels',
      'groups',
      'online',
      'away',
      'disabled',
      'openChats',
    ],
  ),
);

// A channel's settings as stored: read without the limits a change must meet, so a value the seed
// or the command line set beyond them still loads (and is refused only if sent back unchanged).
const storedTexts = Object.fromEntries(
  CHANNEL_TEXT_FIELDS.map((field) => [field, field.endsWith('Mode') ? integer() : text]),
) as { [K in keyof ChannelTexts]: Schema<ChannelTexts[K] extends string ? string : number> };
const storedSettings = describes<StoredChannelSettings>()(
  object(
    {
      info: object(storedTexts, CHANNEL_TEXT_FIELDS),
      replyTargetMs: integer(),
      workingHours: nullable(
        object(
          {
            timeZone: text,
            windows: list(object({ days: list(integer()), from: text, to: text }, ['days', 'from', 'to'])),
          },
          ['timeZone', 'windows'],
        ),
      ),
      sites: strings,
    },
    ['info', 'replyTargetMs', 'workingHours', 'sites'],
  ),
);

const adminChannel = describes<AdminChannel>()(
  object(
    {
      id,
      tenantId: text,
      identity: oneOf(['off', 'optional', 'required'] as const),
      groups: list(object({ groupId: id, groupName: text }, ['groupId', 'groupName'])),
      settings: storedSettings,
      updatedAt: time,
    },
    ['id', 'tenantId', 'identity', 'groups', 'settings', 'updatedAt'],
  ),
);

const adminChange = describes<AdminChange>()(
  object(
    {
      id,
      kind: oneOf(ADMIN_CHANGE_KINDS),
      target: text,
      by: nullable(object({ id, nick: text }, ['id', 'nick'])),
      changes: { type: 'object', additionalProperties: true } as Schema<AdminChange['changes']>,
      time: number(),
    },
    ['id', 'kind', 'target', 'by', 'changes', 'time'],
  ),
);

export const adminAnswerSchemas = describesEach<{ [N in keyof AdminCalls]: AdminCalls[N]['answer'] }>()({
  adminAgents: list(adminAgent),
  addAgent: object({ agent: adminAgent, password: nullableText }, ['agent', 'password']),
  updateAgent: adminAgent,
  disableAgent: adminAgent,
  enableAgent: adminAgent,
  resetPassword: object({ password: nullableText }, ['password']),
  adminChannels: list(adminChannel),
  updateChannel: adminChannel,
  adminChanges: list(adminChange),
});
