import type { SearchHit, SearchQuery } from '@parley/chat-protocol';
import { badRequest } from '../errors.js';
import type { Agent } from './domain.js';
import { ROW_FROM, ROW_SELECT, type RowData, toRow } from './inbox.js';
import { stemmingConfigs } from './searchConfigs.js';
import type { ConversationStore } from './store.js';
import { visibleTo } from './visibility.js';
import { Where } from './where.js';

// Search: full text over messages and private notes, and the visitor's name, email and phone, in
// the conversations of the agent's reach. One SQL for both databases (migrations 009 and 015): every
// message as written (the `simple` configuration, scripts written without spaces cut into single
// characters) and, in a conversation whose language has a stemmer, stemmed in that language.

/** The most hits a search answers. */
const HITS = 50;
/** The most matches each source contributes before the filters: the newest. */
const PER_SOURCE = 2000;

/** Scripts written without spaces between words: the same ranges as migration 009's column. */
const UNSPACED =
  /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;

/**
 * A search text as a `tsquery` for `to_tsquery('simple', …)`: every word must match, each as a
 * prefix; a run of an unspaced script is a phrase of its characters. Only letters, marks and
 * digits get through, so nothing in the text is tsquery syntax. Null when no word is left.
 *
 * @example
 * toTsQuery('Refund order') // "'refund':* & 'order':*"
 * toTsQuery('退款') // "'退' <-> '款'"
 */
export function toTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const parts = words.map((word) => {
    const tokens = word.replace(UNSPACED, ' $& ').trim().split(/\s+/);
    return tokens.length === 1
      ? `'${tokens[0]}':*`
      : `(${tokens.map((token) => `'${token}'`).join(' <-> ')})`;
  });
  return parts.length ? parts.join(' & ') : null;
}

/** `%text%` for ILIKE, its wildcards taken literally. */
const likeAny = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Where a search word is in `lower`: the word itself, else the longest start of it (three letters
 * at least) that is, as a stemmed match ("refunds" for "refunded") has. -1 when neither is.
 */
function findWord(lower: string, word: string): number {
  for (let length = word.length; length >= Math.min(3, word.length); length -= 1) {
    const at = lower.indexOf(word.slice(0, length));
    if (at >= 0) return at;
  }
  return -1;
}

/**
 * Up to 160 characters of `text` around the first word of the search found in it, as written or
 * by its stem; the start of the text when none is.
 *
 * @example
 * snippet('We refunded the parcel yesterday', 'refunds') // 'We refunded the parcel yesterday'
 */
export function snippet(text: string, query: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const found = query
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => findWord(lower, word))
    .filter((index) => index >= 0);
  const at = found.length ? Math.min(...found) : 0;
  const start = Math.max(0, at - 60);
  const cut = flat.slice(start, start + 160);
  return `${start > 0 ? '…' : ''}${cut}${start + 160 < flat.length ? '…' : ''}`;
}

/** Conversations of the agent's reach that match, newest match first, each with its best hit. */
export async function search(
  store: ConversationStore,
  agent: Agent,
  query: SearchQuery,
): Promise<{ hits: SearchHit[] }> {
  const text = query.q.trim();
  if (!text) throw badRequest('q: a word to search for');
  const tsquery = toTsQuery(text);
  const where = visibleTo(new Where([tsquery ?? '', likeAny(text)]), agent);
  if (query.status) where.value((n) => `s.state = ${n}`, query.status);
  if (query.channelId) where.value((n) => `s.channel_id = ${n}`, query.channelId);
  if (query.agentId) where.value((n) => `s.admin_id = ${n}`, query.agentId);
  if (query.label) where.label(query.label);
  if (query.from) where.value((n) => `h.at >= ${n}`, Number(query.from));
  if (query.to) where.value((n) => `h.at <= ${n}`, Number(query.to));
  if (query.rating) where.value((n) => `e.star = ${n}`, Number(query.rating));
  // Text matches only when a word is left ($1 = ''); the visitor's fields by substring always. A
  // message matches its words as written, or stemmed in its own conversation's language: one index
  // condition per configuration, each a constant the GIN index can use.
  const stemmed = (await stemmingConfigs(store.db))
    .filter((config) => /^[a-z_]+$/.test(config))
    .map(
      (config) =>
        ` or (m.search_config = '${config}'::regconfig and m.search @@ to_tsquery('${config}', $1))`,
    )
    .join('');
  const rows = await store.db.query<
    RowData & { message_id: string | null; note_id: string | null; body: string; at: number | string }
  >(
    `with hits as (
       (select m.session_id, m.id as message_id, null::text as note_id, m.msg_content as body, m.msg_time as at
        from messages m where $1 <> '' and (m.search @@ to_tsquery('simple', $1)${stemmed}) and not m.deleted
        order by m.msg_time desc limit ${PER_SOURCE})
       union all
       (select n.session_id, null, n.id, n.body, n.created_at from notes n
        where $1 <> '' and n.search @@ to_tsquery('simple', $1) order by n.created_at desc limit ${PER_SOURCE})
       union all
       (select s.id, null, null, concat_ws(' · ', v.name, v.email, v.phone), s.last_activity_at
        from visitors v join sessions s on s.visitor_id = v.id
        where s.last_activity_at is not null
          and (v.name ilike $2 or v.email ilike $2 or v.phone ilike $2)
        order by s.last_activity_at desc limit ${PER_SOURCE})
     ),
     best as (select distinct on (session_id) * from hits order by session_id, at desc)
     select ${ROW_SELECT}, h.message_id, h.note_id, h.body, h.at
     from best h join ${ROW_FROM.replace('sessions s', 'sessions s on s.id = h.session_id')}
     where ${where.sql}
     order by h.at desc limit ${HITS}`,
    where.params,
  );
  return {
    hits: await Promise.all(
      rows.map(async (row) => ({
        conversation: await toRow(store, row),
        messageId: row.message_id,
        noteId: row.note_id,
        snippet: snippet(row.body ?? '', text),
        time: Number(row.at),
      })),
    ),
  };
}
