-- The language-model robot (apps/server/README.md, "The robot").
--
-- A channel's knowledge, searched with PostgreSQL's full-text search for each question: the
-- robot's keyword answers and the FAQ tree (written again whenever the channel is saved), and
-- Markdown documents an operator adds (`npm run admin -- knowledge add`), one entry per section.
create table knowledge (
  id text primary key,
  channel_id text not null,
  -- 'answer' (a keyword answer), 'faq' (an FAQ entry) or 'document' (a section of a document)
  kind text not null,
  -- the document an entry came from, as the operator named it (documents only)
  document text,
  title text not null,
  body text not null,
  -- the address the visitor is shown as the source, when there is one
  link text,
  -- the text search configuration the entry was indexed with (the question is searched with it)
  search_config text not null,
  search tsvector not null,
  created_at bigint not null
);
create index knowledge_search on knowledge using gin (search);
create index knowledge_channel on knowledge (channel_id, kind);

-- One row per robot answer of the language model, by the visitor message it answers. While the
-- answer is generated it holds the text so far (a page that lost its place asks again and gets
-- it); once the final message is in `messages` the text is cleared and the row keeps what the
-- limits and the hand-over count: the tokens used and whether the knowledge had an answer.
create table robot_answers (
  session_id text not null,
  reply_to text not null,
  visitor_id text not null,
  channel_id text not null,
  -- 'streaming' while generated, 'done' once the final message is stored
  state text not null,
  text text not null default '',
  thinking text not null default '',
  answered boolean not null default false,
  tokens_in integer not null default 0,
  tokens_out integer not null default 0,
  started_at bigint not null,
  updated_at bigint not null,
  primary key (session_id, reply_to)
);
create index robot_answers_visitor on robot_answers (visitor_id, started_at);
