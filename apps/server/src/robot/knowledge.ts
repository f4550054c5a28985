import type { ChannelConfig } from '../conversation/domain.js';
import { parseJson } from '../conversation/domain.js';
import { searchConfig } from '../conversation/searchConfigs.js';
import type { Queryable } from '../db/types.js';
import { randomId } from '../ids.js';

// A channel's knowledge for the language-model robot: the keyword robot's answers, the FAQ tree
// and Markdown documents, searched with PostgreSQL's full-text search (the same in PGlite).

/** One entry the robot may answer from, as the model and the visitor see it. */
export interface KnowledgeEntry {
  id: string;
  kind: 'answer' | 'faq' | 'document';
  /** The document it came from (documents only). */
  document: string | null;
  title: string;
  body: string;
  link: string | null;
}

interface NewEntry {
  kind: KnowledgeEntry['kind'];
  document?: string;
  title: string;
  body: string;
  link?: string;
  /** Words that find the entry without being part of its text (the keyword robot's keywords). */
  extraWords?: string;
}

async function insertEntries(
  db: Queryable,
  channelId: string,
  config: string,
  entries: NewEntry[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `insert into knowledge (id, channel_id, kind, document, title, body, link, search_config, search, created_at)
     select e.id, $1, e.kind, e.document, e.title, e.body, e.link, $2::text,
       setweight(to_tsvector($2::text::regconfig, e.title), 'A') || to_tsvector($2::text::regconfig, e.body || ' ' || e.words),
       $3
     from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       as e(id, kind, document, title, body, link, words)`,
    [
      channelId,
      config,
      now,
      entries.map(() => randomId()),
      entries.map((entry) => entry.kind),
      entries.map((entry) => entry.document ?? null),
      entries.map((entry) => entry.title),
      entries.map((entry) => entry.body),
      entries.map((entry) => entry.link ?? null),
      entries.map((entry) => entry.extraWords ?? ''),
    ],
  );
}

interface TreeNode {
  title?: unknown;
  content?: unknown;
  link?: unknown;
  children?: unknown;
}

/** The FAQ tree's answerable nodes (with content or a link), titled by their path. */
function faqEntries(config: unknown): NewEntry[] {
  const entries: NewEntry[] = [];
  const walk = (nodes: unknown, path: string[]) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as TreeNode[]) {
      const title = typeof node.title === 'string' ? node.title : '';
      const content = typeof node.content === 'string' ? node.content : '';
      const link = typeof node.link === 'string' && /^https?:\/\//.test(node.link) ? node.link : undefined;
      const here = [...path, title].filter(Boolean);
      if (content || link) {
        entries.push({ kind: 'faq', title: here.join(' › '), body: content, ...(link && { link }) });
      }
      walk(node.children, here);
    }
  };
  walk(parseJson(config) ?? config, []);
  return entries;
}

/**
 * Writes a channel's own knowledge again (its keyword answers and FAQ tree), after the channel was
 * saved: documents an operator added stay.
 */
export async function syncChannelKnowledge(
  db: Queryable,
  channel: ChannelConfig,
  now: number,
): Promise<void> {
  const config = await searchConfig(db, channel.robot?.language);
  await db.query(`delete from knowledge where channel_id = $1 and kind in ('answer', 'faq')`, [channel.id]);
  // Documents follow the channel's language too, should it have changed.
  await db.query(
    `update knowledge set search_config = $2::text,
       search = setweight(to_tsvector($2::text::regconfig, title), 'A') || to_tsvector($2::text::regconfig, body)
     where channel_id = $1 and search_config <> $2::text`,
    [channel.id, config],
  );
  const answers: NewEntry[] = (channel.robot?.answers ?? []).map((answer) => ({
    kind: 'answer',
    title: answer.question,
    body: answer.answer,
    extraWords: answer.keywords.join(' '),
  }));
  await insertEntries(db, channel.id, config, [...answers, ...faqEntries(channel.info.faqConfig)], now);
}

/** A Markdown document as sections: one per heading, titled by the document and the heading. */
export function markdownSections(document: string, text: string): { title: string; body: string }[] {
  const sections: { title: string; body: string[] }[] = [{ title: document, body: [] }];
  let fence: string | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark && (fence === null || fence === fenceMark)) fence = fence === null ? fenceMark : null;
    const heading = fence === null ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading?.[1]) sections.push({ title: `${document} › ${heading[1]}`, body: [] });
    else sections.at(-1)?.body.push(line);
  }
  return sections
    .map((section) => ({ title: section.title, body: section.body.join('\n').trim() }))
    .filter((section) => section.body.length > 0);
}

/**
 * Adds (or replaces) a Markdown document in a channel's knowledge, one entry per section. Answers
 * how many sections were stored.
 */
export async function addDocument(
  db: Queryable,
  channel: ChannelConfig,
  document: { name: string; text: string; link?: string },
  now: number,
): Promise<number> {
  const config = await searchConfig(db, channel.robot?.language);
  const sections = markdownSections(document.name, document.text);
  await db.query(`delete from knowledge where channel_id = $1 and kind = 'document' and document = $2`, [
    channel.id,
    document.name,
  ]);
  await insertEntries(
    db,
    channel.id,
    config,
    sections.map((section) => ({
      kind: 'document',
      document: document.name,
      title: section.title,
      body: section.body,
      ...(document.link && { link: document.link }),
    })),
    now,
  );
  return sections.length;
}

export async function removeDocument(db: Queryable, channelId: string, name: string): Promise<number> {
  const removed = await db.query(
    `delete from knowledge where channel_id = $1 and kind = 'document' and document = $2 returning id`,
    [channelId, name],
  );
  return removed.length;
}

export async function listDocuments(
  db: Queryable,
  channelId: string,
): Promise<{ document: string; sections: number; link: string | null }[]> {
  return db.query(
    `select document, count(*)::int as sections, max(link) as link from knowledge
     where channel_id = $1 and kind = 'document' group by document order by document`,
    [channelId],
  );
}

/** A lexeme as a tsquery operand: quoted, so no character of it is read as an operator. */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The question's words worth searching for: its lexemes (stemmed in the channel's language, its
 * stop words gone) without those found in more than half of the channel's entries. Those say
 * nothing about which entry answers ("what", "is" where no language removes them, or the shop's
 * own name), and would make every question find something.
 */
async function telling(
  db: Queryable,
  channelId: string,
  config: string,
  question: string,
): Promise<string[]> {
  const words = await db.query<{ lexeme: string; entries: number; total: number }>(
    `with asked as (
       select distinct unnest(tsvector_to_array(to_tsvector($2::text::regconfig, $3))) as lexeme
     ), mine as (
       select search from knowledge where channel_id = $1 and search_config = $2::text
     )
     select asked.lexeme,
       (select count(*)::int from mine where asked.lexeme = any(tsvector_to_array(mine.search))) as entries,
       (select count(*)::int from mine) as total
     from asked`,
    [channelId, config, question.slice(0, 2000)],
  );
  return words.filter((word) => word.total < 4 || word.entries <= word.total / 2).map((word) => word.lexeme);
}

/**
 * The entries most relevant to a question, best first: any of its telling words (stemmed in the
 * channel's language, see `telling`) found in an entry, ranked by how many and how close (title
 * words count more). None when no entry shares such a word with the question.
 */
export async function searchKnowledge(
  db: Queryable,
  channel: ChannelConfig,
  question: string,
  limit: number,
): Promise<KnowledgeEntry[]> {
  if (limit <= 0) return [];
  const config = await searchConfig(db, channel.robot?.language);
  const words = await telling(db, channel.id, config, question);
  if (words.length === 0) return [];
  // The lexemes are stemmed already: 'simple' takes them as they are.
  return db.query<KnowledgeEntry>(
    `with asked as (select to_tsquery('simple', $3) as query)
     select k.id, k.kind, k.document, k.title, k.body, k.link
     from knowledge k, asked
     where k.channel_id = $1 and k.search_config = $2::text and k.search @@ asked.query
     order by ts_rank_cd(k.search, asked.query) desc, k.id
     limit $4`,
    [channel.id, config, words.map(operand).join(' | '), limit],
  );
}
