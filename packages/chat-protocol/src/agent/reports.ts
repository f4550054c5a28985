// Reports: the figures a team lead reads, computed by the server from the conversation records.

import { describes, integer, list, number, object, string } from '../build.js';
import type { Schema } from '../schema.js';

/** `GET /api/agent/reports` (JSON) and `GET /api/agent/reports.csv` (the same figures as CSV). */
export const REPORTS_PATH = '/api/agent/reports';
export const REPORTS_CSV_PATH = '/api/agent/reports.csv';

/**
 * What a report covers: the days `from` to `to` (both included, `YYYY-MM-DD`) in `timeZone` (IANA,
 * default UTC), at most 366 days; optionally one channel.
 */
export interface ReportQuery {
  from: string;
  to: string;
  timeZone?: string;
  channelId?: string;
}

/** The report call, part of `AgentCalls`: administrators only (403 for anyone else). */
export interface ReportCalls {
  /** The figures of a range of days, over the channels the administrator works on. */
  report: { query: ReportQuery; answer: Report };
}

/** The longest range a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

const day: Schema<string> = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

export const reportQuerySchema: Schema<ReportQuery> = describes<ReportQuery>()(
  object(
    {
      from: day,
      to: day,
      timeZone: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]+$' },
      channelId: { type: 'string', minLength: 1, maxLength: 128 },
    },
    ['from', 'to'],
  ),
);

/**
 * The figures of one slice of conversations (all of them, a day, an hour of the day, a channel, a
 * department, an agent, a label). Times are in ms, averages rounded to the ms; an average is null when
 * nothing was measured. A conversation counts in the day and hour it started.
 */
export interface ReportFigures {
  /** Conversations started. */
  conversations: number;
  /** Average time from an agent first taking a chat to the first agent message after it. */
  firstResponseMs: number | null;
  /** Chats with a first response (what the average is over). */
  firstResponses: number;
  /** Average time from a chat's start to its end, over ended chats an agent had. */
  resolutionMs: number | null;
  resolved: number;
  /** Average time a chat an agent took waited in the queue first (0 when an agent was free). */
  waitMs: number | null;
  /** Chats an agent took (what the wait is over). */
  taken: number;
  /** Ratings given, and the share of them with 4 or 5 stars (null without ratings). */
  ratings: number;
  csat: number | null;
  /** Chats the robot served before an agent took them over. */
  handovers: number;
  /** Left messages, and chats that ended in the queue before any agent took them. */
  missed: number;
}

export interface Report {
  from: string;
  to: string;
  timeZone: string;
  totals: ReportFigures;
  /** Every day of the range, in order, also days without conversations. */
  byDay: (ReportFigures & { day: string })[];
  /** Hours 0 to 23 of the day in `timeZone`. */
  byHour: (ReportFigures & { hour: number })[];
  byChannel: (ReportFigures & { channelId: string })[];
  /** By department (the chat's group); `groupId` null: no department. */
  byGroup: (ReportFigures & { groupId: string | null })[];
  /** By the agent who had the chat last; `agentId` null: no agent (missed, robot only). */
  byAgent: (ReportFigures & { agentId: string | null; nick: string | null })[];
  /**
   * By the inbox's labels, in label order: a conversation counts under each of its labels (and
   * under none without one); a left message under the labels its conversation was given.
   */
  byLabel: (ReportFigures & { label: string })[];
}

const count = integer({ minimum: 0 });
const nullableNumber: Schema<number | null> = { type: ['number', 'null'] };
const nullableText: Schema<string | null> = { type: ['string', 'null'] };

const figureFields = {
  conversations: count,
  firstResponseMs: nullableNumber,
  firstResponses: count,
  resolutionMs: nullableNumber,
  resolved: count,
  waitMs: nullableNumber,
  taken: count,
  ratings: count,
  csat: nullableNumber,
  handovers: count,
  missed: count,
};
const figureNames = Object.keys(figureFields) as (keyof typeof figureFields)[];

/** The figures' names in the order the CSV export has them. */
export const reportFigureNames = figureNames as (keyof ReportFigures)[];

/** Rows of the figures with `fields` first (each row has every field). */
const rows = <const F extends Record<string, Schema>>(fields: F) =>
  list(
    object({ ...fields, ...figureFields }, [
      ...(Object.keys(fields) as (keyof F & string)[]),
      ...figureNames,
    ]),
  );

export const reportSchema: Schema<Report> = describes<Report>()(
  object(
    {
      from: string(),
      to: string(),
      timeZone: string(),
      totals: describes<ReportFigures>()(object(figureFields, figureNames)),
      byDay: rows({ day: string() }),
      byHour: rows({ hour: number() }),
      byChannel: rows({ channelId: string() }),
      byGroup: rows({ groupId: nullableText }),
      byAgent: rows({ agentId: nullableText, nick: nullableText }),
      byLabel: rows({ label: string() }),
    },
    ['from', 'to', 'timeZone', 'totals', 'byDay', 'byHour', 'byChannel', 'byGroup', 'byAgent', 'byLabel'],
  ),
);
