import {
  REPORT_MAX_DAYS,
  type Report,
  type ReportFigures,
  type ReportQuery,
  SenderType,
} from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { badRequest } from '../errors.js';

/** Whether the runtime (and so the database, which has the same IANA names) knows a time zone. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * One row per conversation started in the range, with what the figures are made of. `$1`/`$2`
 * the range in ms, `$3` the time zone, `$4` the channels (null: all).
 */
const FACTS = `
  with chats as (
    select s.id, s.channel_id, s.group_id, s.admin_id, s.created_at, s.closed_at, s.queued_at,
      coalesce(s.first_taken_at, s.taken_at) as taken_at,
      to_timestamp(s.created_at / 1000.0) at time zone $3 as local_at
    from sessions s
    where s.created_at >= $1 and s.created_at < $2 and ($4::text[] is null or s.channel_id = any($4))
      -- a left message's conversation (the inbox's) is counted below, as a missed chat
      and not s.left_message
  ), facts as (
    select c.*,
      (select min(m.msg_time) from messages m
        where m.session_id = c.id and m.sender_type = ${SenderType.agent} and m.msg_time >= c.taken_at) - c.taken_at
        as first_response,
      case when c.taken_at is not null and c.closed_at is not null then c.closed_at - c.created_at end as resolution,
      case when c.taken_at is not null then c.taken_at - least(coalesce(c.queued_at, c.taken_at), c.taken_at) end as wait,
      e.star,
      c.taken_at is not null and exists (
        select 1 from messages m where m.session_id = c.id and m.sender_type = ${SenderType.robot} and m.msg_time <= c.taken_at
      ) as handover,
      c.taken_at is null and c.queued_at is not null and c.closed_at is not null as missed
    from chats c left join evaluations e on e.session_id = c.id
  )`;

const FIGURES = `
  count(*)::int as conversations,
  round(avg(first_response))::bigint as first_response_ms, count(first_response)::int as first_responses,
  round(avg(resolution))::bigint as resolution_ms, count(resolution)::int as resolved,
  round(avg(wait))::bigint as wait_ms, count(wait)::int as taken,
  count(star)::int as ratings, (count(*) filter (where star >= 4))::int as satisfied,
  (count(*) filter (where handover))::int as handovers,
  (count(*) filter (where missed))::int as missed`;

/** Left messages in the range: missed chats that never became a chat (`id`: the inbox's conversation). */
const LEFT = `
  select to_timestamp(l.created_at / 1000.0) at time zone $3 as local_at, l.channel_id, l.session_id as id
  from leave_messages l
  where l.created_at >= $1 and l.created_at < $2 and ($4::text[] is null or l.channel_id = any($4))`;

/**
 * The slices a report has: each names the slice a row falls in with a SQL expression over `f`,
 * a row of `facts` (`conversation`) or of the left messages (`left`), and may join a table first.
 */
type Slice = 'byDay' | 'byHour' | 'byChannel' | 'byGroup' | 'byAgent' | 'byLabel';
const SLICES: Record<Slice, { conversation: string; left: string; join?: string }> = {
  byDay: { conversation: `to_char(local_at, 'YYYY-MM-DD')`, left: `to_char(local_at, 'YYYY-MM-DD')` },
  byHour: {
    conversation: `extract(hour from local_at)::int::text`,
    left: `extract(hour from local_at)::int::text`,
  },
  byChannel: { conversation: 'channel_id', left: 'channel_id' },
  byGroup: { conversation: 'group_id', left: 'null::text' },
  byAgent: { conversation: 'admin_id', left: 'null::text' },
  // A conversation with two labels counts under both, one without under none; a left message
  // counts under the labels its inbox conversation was given.
  byLabel: {
    conversation: 'labels.label',
    left: 'labels.label',
    join: 'join session_labels labels on labels.session_id = f.id',
  },
};

interface FigureRow {
  key: string | null;
  conversations: number;
  first_response_ms: string | number | null;
  first_responses: number;
  resolution_ms: string | number | null;
  resolved: number;
  wait_ms: string | number | null;
  taken: number;
  ratings: number;
  satisfied: number;
  handovers: number;
  missed: number;
}

const nullableNumber = (value: string | number | null) => (value === null ? null : Number(value));

const EMPTY: ReportFigures = {
  conversations: 0,
  firstResponseMs: null,
  firstResponses: 0,
  resolutionMs: null,
  resolved: 0,
  waitMs: null,
  taken: 0,
  ratings: 0,
  csat: null,
  handovers: 0,
  missed: 0,
};

const figuresOf = (row: FigureRow | undefined, left: number): ReportFigures =>
  row
    ? {
        conversations: row.conversations,
        firstResponseMs: nullableNumber(row.first_response_ms),
        firstResponses: row.first_responses,
        resolutionMs: nullableNumber(row.resolution_ms),
        resolved: row.resolved,
        waitMs: nullableNumber(row.wait_ms),
        taken: row.taken,
        ratings: row.ratings,
        csat: row.ratings > 0 ? row.satisfied / row.ratings : null,
        handovers: row.handovers,
        missed: row.missed + left,
      }
    : { ...EMPTY, missed: left };

/** Days from `from` to `to` (YYYY-MM-DD, both included), by the calendar. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * The report of the conversations started in a range of days in a time zone, on the given
 * channels (undefined: every channel), computed in SQL from the records.
 */
export async function buildReport(db: Queryable, query: ReportQuery, channels?: string[]): Promise<Report> {
  const timeZone = query.timeZone ?? 'UTC';
  if (!knownTimeZone(timeZone)) throw badRequest(`timeZone: not a time zone: ${timeZone}`);
  const days =
    Number.isNaN(Date.parse(query.from)) || Number.isNaN(Date.parse(query.to))
      ? []
      : daysBetween(query.from, query.to);
  if (days.length === 0) throw badRequest('from and to are days (YYYY-MM-DD), from no later than to');
  if (days.length > REPORT_MAX_DAYS) throw badRequest(`a report covers at most ${REPORT_MAX_DAYS} days`);
  if (query.channelId)
    channels = channels ? channels.filter((one) => one === query.channelId) : [query.channelId];
  const [bounds] = await db.query<{ start: string | number; end: string | number }>(
    `select (extract(epoch from ($1::date::timestamp at time zone $3)) * 1000)::bigint as start,
       (extract(epoch from (($2::date + 1)::timestamp at time zone $3)) * 1000)::bigint as end`,
    [query.from, query.to, timeZone],
  );
  const params = [Number(bounds?.start), Number(bounds?.end), timeZone, channels ?? null];

  // One statement per source: the facts are worked out once (a CTE used by every slice is
  // materialised once) and grouped by each slice in turn.
  const names = ['totals', ...Object.keys(SLICES)] as (Slice | 'totals')[];
  const expressionOf = (name: Slice | 'totals') =>
    name === 'totals' ? { conversation: 'null::text', left: 'null::text', join: '' } : SLICES[name];
  const [figureRows, leftRows] = await Promise.all([
    db.query<FigureRow & { slice: string }>(
      `${FACTS} ${names
        .map(
          (name) =>
            `select '${name}' as slice, ${expressionOf(name).conversation} as key, ${FIGURES}
             from facts f ${expressionOf(name).join ?? ''} group by 2`,
        )
        .join(' union all ')}`,
      params,
    ),
    db.query<{ slice: string; key: string | null; count: number }>(
      `with left_messages as (${LEFT}) ${names
        .map(
          (name) =>
            `select '${name}' as slice, ${expressionOf(name).left} as key, count(*)::int as count
             from left_messages f ${expressionOf(name).join ?? ''} group by 2`,
        )
        .join(' union all ')}`,
      params,
    ),
  ]);
  const slice = (name: Slice | 'totals') => {
    const rows = new Map(figureRows.filter((row) => row.slice === name).map((row) => [row.key, row]));
    const leftBy = new Map(leftRows.filter((row) => row.slice === name).map((row) => [row.key, row.count]));
    const keys = [...new Set([...rows.keys(), ...leftBy.keys()])];
    return { keys, of: (key: string | null) => figuresOf(rows.get(key), leftBy.get(key) ?? 0) };
  };
  const [totals, byDay, byHour, byChannel, byGroup, byAgent, byLabel] = [
    slice('totals'),
    slice('byDay'),
    slice('byHour'),
    slice('byChannel'),
    slice('byGroup'),
    slice('byAgent'),
    slice('byLabel'),
  ];
  const agentIds = byAgent.keys.filter((key): key is string => key !== null);
  const nicks = new Map(
    (
      await db.query<{ id: string; nick: string }>('select id, nick from agents where id = any($1)', [
        agentIds,
      ])
    ).map((row) => [row.id, row.nick]),
  );
  const byKey = (a: string | null, b: string | null) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b);
  return {
    from: query.from,
    to: query.to,
    timeZone,
    totals: totals.of(null),
    byDay: days.map((day) => ({ day, ...byDay.of(day) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...byHour.of(String(hour)) })),
    byChannel: byChannel.keys
      .filter((key): key is string => key !== null)
      .sort(byKey)
      .map((channelId) => ({ channelId, ...byChannel.of(channelId) })),
    byGroup: byGroup.keys.sort(byKey).map((groupId) => ({ groupId, ...byGroup.of(groupId) })),
    byAgent: byAgent.keys.sort(byKey).map((agentId) => ({
      agentId,
      nick: agentId === null ? null : (nicks.get(agentId) ?? null),
      ...byAgent.of(agentId),
    })),
    byLabel: byLabel.keys
      .filter((key): key is string => key !== null)
      .sort(byKey)
      .map((label) => ({ label, ...byLabel.of(label) })),
  };
}
