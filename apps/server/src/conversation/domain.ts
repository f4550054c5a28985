import type { SendMsgBody, Star } from '@parley/chat-protocol';
import type { RobotKnowledge } from './robot.js';
import type { WorkingHours } from './workingHours.js';

// The server's domain types: what a channel, an agent and a session are. The seed file is one
// way to fill them (seed.ts); the conversation modules are their users.

export type { Star };

/**
 * Verified visitor identity on a channel: `off` takes a pid as claimed; `optional` marks a visitor
 * with a valid signature verified and refuses a wrong one; `required` starts verified visitors only.
 */
export type IdentityMode = 'off' | 'optional' | 'required';

export const IDENTITY_MODES: readonly IdentityMode[] = ['off', 'optional', 'required'];

/** A channel as the server stores it. `info` holds the wire fields of ChannelInfo. */
export interface ChannelConfig {
  id: string;
  tenantId: string;
  /** ChannelInfo fields; autoTip, faqConfig, userFormConfig, groupConfig as JSON strings once stored. */
  info: Record<string, unknown>;
  /** Verified visitor identity; default `off`. */
  identity?: IdentityMode;
  /** The HMAC key the host site signs pids with. Server-side only: never in `info`. */
  identitySecret?: string;
  /**
   * The sites that embed this channel's chat (origins such as `https://shop.example`): they may
   * frame the chat page and are told each agent message in full. Server-side only.
   */
  sites?: string[];
  robot?: RobotKnowledge;
  workingHours?: WorkingHours;
  /** The rating scale, ascending. */
  starList?: Star[];
  /** How soon the team aims to answer a visitor, ms: the inbox marks a conversation waiting longer. */
  replyTargetMs?: number;
  /**
   * How long a chat stays with an agent who went offline before it goes back to the front of the
   * queue, ms; null keeps it with them. Default two minutes (presence.ts, docs/routing.md).
   */
  requeueAfterMs?: number | null;
}

/** The rating scale of a channel that names none. */
export const DEFAULT_STARS: Star[] = [
  { star: 1, desc: 'Very dissatisfied' },
  { star: 2, desc: 'Dissatisfied' },
  { star: 3, desc: 'Neutral' },
  { star: 4, desc: 'Satisfied' },
  { star: 5, desc: 'Very satisfied' },
];

export interface SessionRow {
  id: string;
  poll_id: string;
  visitor_id: string;
  channel_id: string;
  group_id: string | null;
  admin_id: string | null;
  requested_admin_id: string | null;
  status: number;
  created_at: number;
  closed_at: number | null;
}

export interface AgentRow {
  id: string;
  username: string;
  nick: string;
  avatar: string | null;
  capacity: number;
  channels: string[];
  groups: string[];
  welcome_msg: string | null;
  online: boolean;
  away: boolean;
  role: 'agent' | 'admin';
}

/** The agents columns an AgentRow reads. */
export const AGENT_COLUMNS =
  'id, username, nick, avatar, capacity, channels, groups, welcome_msg, online, away, role';

/** An agent as the routes and the console see it: the stored row without its welcome text. */
export type Agent = Omit<AgentRow, 'welcome_msg'>;

export interface ChatStartInput {
  channelId: string;
  userId?: string;
  userName?: string;
  email?: string;
  phone?: string;
  pid?: string;
  /** HMAC-SHA256 of `pid` under the channel's identity secret, hex. */
  pidSignature?: string;
  params?: string;
  groupId?: string;
  adminId?: string;
  previousUrl?: string;
  /** The http(s) page the visitor is on (checked by the request schema). */
  pageUrl?: string;
  /** The browser's language, a BCP 47 tag. */
  language?: string;
  /** The browser's IANA time zone. */
  timeZone?: string;
}

/**
 * A message a visitor (or an agent, the robot, a mail) sends: the contract's sendMsg body, with
 * its sender type any integer, as the schema takes it (a visitor's is refused unless it is 1).
 */
export type IncomingMessage = Omit<SendMsgBody, 'senderType'> & { senderType?: number };

export const SESSION_COLUMNS =
  'id, poll_id, visitor_id, channel_id, group_id, admin_id, requested_admin_id, status, created_at, closed_at';

export const toAgent = (row: AgentRow): Agent => ({
  id: row.id,
  username: row.username,
  nick: row.nick,
  avatar: row.avatar,
  capacity: row.capacity,
  channels: row.channels,
  groups: row.groups,
  online: row.online,
  away: row.away,
  role: row.role,
});

/** A JSON-encoded config field of a channel, parsed; undefined when absent or broken. */
export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
