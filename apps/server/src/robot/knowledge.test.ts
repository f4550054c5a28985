import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../admin/commands.js';
import type { Db } from '../db/types.js';
import { applySeed } from '../seed.js';
import { testDatabases } from '../test/databases.js';
import { markdownSections, searchKnowledge } from './knowledge.js';
import { sourcesLine } from './prompt.js';

const guide = `# Returns guide

Intro text.

## Sending an item back

Print the label from your account and drop the parcel at any post office within 30 days.

\`\`\`
# not a heading: inside a code block
\`\`\`

## Refunds

Refunds reach your card five working days after the parcel arrives.
`;

describe('Markdown documents as knowledge', () => {
  it('should split a document by its headings, not by lines in code blocks', () => {
    expect(markdownSections('Returns', guide).map((section) => section.title)).toEqual([
      'Returns › Returns guide',
      'Returns › Sending an item back',
      'Returns › Refunds',
    ]);
  });

  it('should list only what the answer cites, linked where the entry has an address, and escape titles', () => {
    const entries = [
      { id: 'a', kind: 'faq' as const, document: null, title: 'Ship*ping', body: '', link: null },
      {
        id: 'b',
        kind: 'document' as const,
        document: 'R',
        title: 'Returns',
        body: '',
        link: 'https://x.example/r',
      },
    ];
    expect(sourcesLine('Send it back [2].', entries)).toBe('Sources: [2] [Returns](<https://x.example/r>)');
    expect(sourcesLine('Both [1] [2].', entries)).toBe(
      'Sources: [1] Ship\\*ping · [2] [Returns](<https://x.example/r>)',
    );
    // An answer that cites nothing vouches for nothing: no line, rather than every source.
    expect(sourcesLine('No marks.', entries)).toBe('');
    expect(sourcesLine('A mark past the sources [3].', entries)).toBe('');
  });
});

describe.each(testDatabases())("a channel's knowledge on $name", (database) => {
  let db: Db;
  let dir: string;
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdmin(argv, { db, out: (line) => lines.push(line), readStdin: async () => '' });
  const channel = {
    id: 'help',
    tenantId: 't',
    info: {},
    robot: { language: 'en', answers: [], fallback: '' },
  };

  beforeAll(async () => {
    db = await database.open();
    dir = mkdtempSync(join(tmpdir(), 'parley-knowledge-'));
    await applySeed(db, {
      channels: [
        {
          ...channel,
          info: {
            faqConfig: [
              {
                title: 'Orders',
                children: [{ title: 'Where is my order?', content: 'The tracking link is in your e-mail.' }],
              },
            ],
          },
        },
      ],
      agents: [],
    });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a document added with npm run admin, should find its section by the words of a question, stemmed', async () => {
    const file = join(dir, 'returns.md');
    writeFileSync(file, guide);
    await admin('knowledge', 'add', 'help', file, '--link', 'https://shop.example/returns');
    expect(lines.at(-1)).toBe("document returns added to help's knowledge (3 section(s))");
    const found = await searchKnowledge(db, channel, 'When are refunded payments back on my card?', 2);
    expect(found[0]).toMatchObject({ title: 'returns › Refunds', link: 'https://shop.example/returns' });
    expect((await searchKnowledge(db, channel, 'where is the order I placed', 1))[0]?.title).toBe(
      'Orders › Where is my order?',
    );
    expect(await searchKnowledge(db, channel, 'Do you sell bicycles?', 3)).toEqual([]);
  });

  it('given the same document again, should replace it; removed, should find it no more', async () => {
    const file = join(dir, 'returns.md');
    writeFileSync(file, '# Refunds\n\nRefunds now take two days.\n');
    await admin('knowledge', 'add', 'help', file);
    const found = await searchKnowledge(db, channel, 'refund', 5);
    expect(found.map((entry) => entry.body)).toEqual(['Refunds now take two days.']);
    await admin('knowledge', 'list', 'help');
    expect(lines.at(-1)).toBe('returns\t1 section(s)\t-');
    await admin('knowledge', 'remove', 'help', 'returns');
    expect(await searchKnowledge(db, channel, 'refund', 5)).toEqual([]);
    await expect(admin('knowledge', 'remove', 'help', 'returns')).rejects.toThrow(
      'no document named returns',
    );
    await expect(admin('knowledge', 'add', 'nowhere', file)).rejects.toThrow('no channel nowhere');
  });

  it('given channel update --robot-llm, should check the settings, switch the robot, and switch it back with off', async () => {
    await expect(
      admin('channel', 'update', 'help', '--robot-llm', '{"baseUrl":"localhost","model":"m"}'),
    ).rejects.toThrow('robot.llm needs baseUrl, an http(s) address');
    await expect(
      admin(
        'channel',
        'update',
        'help',
        '--robot-llm',
        '{"baseUrl":"http://x/v1","model":"m","apiKeyEnv":"sk-123"}',
      ),
    ).rejects.toThrow('apiKeyEnv names an environment variable');
    await expect(
      admin(
        'channel',
        'update',
        'help',
        '--robot-llm',
        '{"baseUrl":"http://x/v1","model":"m","tokenLimitField":"max"}',
      ),
    ).rejects.toThrow('tokenLimitField is "max_tokens" or "max_completion_tokens"');
    await expect(
      admin(
        'channel',
        'update',
        'help',
        '--robot-llm',
        '{"baseUrl":"http://x/v1","model":"m","circuitFailures":-1}',
      ),
    ).rejects.toThrow('circuitFailures is a whole number');
    const robotOf = async () =>
      (
        await db.query<{ config: { robot: Record<string, unknown> } }>(
          'select config from channels where id = $1',
          ['help'],
        )
      )[0]?.config.robot;
    await admin(
      'channel',
      'update',
      'help',
      '--robot-llm',
      '{"baseUrl":"http://localhost:11434/v1","model":"qwen3"}',
    );
    expect(await robotOf()).toMatchObject({ kind: 'llm', language: 'en', llm: { model: 'qwen3' } });
    await admin('channel', 'update', 'help', '--robot-llm', 'off');
    expect(await robotOf()).toMatchObject({ kind: 'keywords', language: 'en' });
  });
  it('given a channel without a language, should not let words most entries share (what, is) find anything', async () => {
    const plain = {
      id: 'plain',
      tenantId: 't',
      info: {},
      robot: {
        fallback: '',
        answers: [
          { question: 'What is the shipping cost?', keywords: [], answer: 'Shipping is a flat 4.90 EUR.' },
          { question: 'What is the return policy?', keywords: [], answer: 'Returns are free for a month.' },
          { question: 'What is the phone number?', keywords: [], answer: 'Call us: it is a local number.' },
          { question: 'What is the gift card?', keywords: [], answer: 'A card to give.' },
          { question: "What is an O'Brien \\ voucher?", keywords: [], answer: 'It is a discount code.' },
        ],
      },
    };
    await applySeed(db, { channels: [plain], agents: [] });
    expect(await searchKnowledge(db, plain, 'What is the price of a bicycle?', 3)).toEqual([]);
    expect((await searchKnowledge(db, plain, 'what is the shipping cost', 3))[0]?.title).toBe(
      'What is the shipping cost?',
    );
    expect((await searchKnowledge(db, plain, "o'brien \\ voucher", 3))[0]?.body).toBe(
      'It is a discount code.',
    );
  });
});
